import { readdir, rm, rmdir, stat } from "node:fs/promises";
import path from "node:path";
import type { Db } from "../db/client";
import { images, tenantFiles } from "../db/schema";

/**
 * Files and rows that lost each other. A crash between writing a photo's files and committing its
 * row (or a failed clean-up) leaves files no row names: they are removed once they are older than
 * `minAgeMs`, so an upload still in progress is never touched. A row whose file is gone cannot be
 * mended here (the bytes are lost): it is reported for the operator, never deleted.
 */

export const SWEEP_MIN_AGE_MS = 60 * 60 * 1000;
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export type MissingFile = { table: "images" | "tenant_files"; id: string; file: string };

export type SweepReport = {
  /** Paths relative to DATA_DIR's uploads or tenant-files directory, "/" separated. */
  removed: string[];
  missing: MissingFile[];
};

type Deps = {
  db: Db;
  uploadsDir: string;
  filesDir: string;
  /** Only files last written before now - minAgeMs are removed. */
  minAgeMs?: number;
  now?: () => number;
};

type Found = { relative: string; absolute: string; mtimeMs: number };

/** Every file under `dir` (relative paths with "/"), or none when it does not exist yet. */
async function listFiles(root: string, dir = root): Promise<Found[]> {
  let entries: import("node:fs").Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const found: Found[] = [];
  for (const entry of entries) {
    const absolute = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      found.push(...(await listFiles(root, absolute)));
    } else if (entry.isFile()) {
      const info = await stat(absolute).catch(() => null);
      if (info) {
        found.push({
          relative: path.relative(root, absolute).split(path.sep).join("/"),
          absolute,
          mtimeMs: info.mtimeMs,
        });
      }
    }
  }
  return found;
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

export async function sweepOrphans(deps: Deps): Promise<SweepReport> {
  const { db, uploadsDir, filesDir } = deps;
  const cutoff = (deps.now ?? Date.now)() - (deps.minAgeMs ?? SWEEP_MIN_AGE_MS);
  // The disk first, the rows second: a file written after the listing is not judged at all, and
  // one written before it is judged against rows that include any committed since.
  // Photos live under images/; placeholders/ belongs to the app, except a staging folder that a
  // crash left behind mid-rename.
  const photoFiles = await listFiles(uploadsDir, path.join(uploadsDir, "images"));
  const staging = (await listFiles(uploadsDir, path.join(uploadsDir, "placeholders"))).filter(
    (file) => /^placeholders\/[^/]+\.staging-/.test(file.relative),
  );
  const documents = await listFiles(filesDir);

  const imageRows = await db
    .select({ id: images.id, path: images.path, variants: images.variants })
    .from(images);
  const fileRows = await db
    .select({ id: tenantFiles.id, filename: tenantFiles.filename })
    .from(tenantFiles);

  const named = new Set<string>();
  const missing: MissingFile[] = [];
  for (const row of imageRows) {
    const paths = new Set([row.path, ...row.variants.map((variant) => variant.path)]);
    for (const file of paths) {
      named.add(file);
      if (!(await exists(path.join(uploadsDir, file)))) {
        missing.push({ table: "images", id: String(row.id), file });
      }
    }
  }
  const storedNames = new Set(fileRows.map((row) => row.filename));
  for (const row of fileRows) {
    if (!(await exists(path.join(filesDir, row.filename)))) {
      missing.push({ table: "tenant_files", id: row.id, file: row.filename });
    }
  }

  const removed: string[] = [];
  const emptied = new Set<string>();
  for (const file of [...photoFiles, ...staging]) {
    if (named.has(file.relative) || file.mtimeMs > cutoff) continue;
    await rm(file.absolute, { force: true });
    removed.push(file.relative);
    emptied.add(path.dirname(file.absolute));
  }
  for (const file of documents) {
    // Stored files sit at the top; a temporary (.name.part) a crash left behind is removed too.
    if (storedNames.has(file.relative) || file.mtimeMs > cutoff) continue;
    await rm(file.absolute, { force: true });
    removed.push(`tenant-files/${file.relative}`);
  }
  // Folders the removals left empty (a photo's own folder); one still in use keeps its files.
  for (const dir of emptied) {
    await rmdir(dir).catch(() => undefined);
  }
  return { removed: removed.sort(), missing };
}

export type SweepLog = {
  info: (message: string) => void;
  warn: (message: string) => void;
  error: (message: string) => void;
};

/** One line for the log: what was removed, and which rows have lost their files. */
export function describeSweep(report: SweepReport): { level: "info" | "warn"; message: string } {
  const removed = `removed ${report.removed.length} file(s) no row names`;
  if (report.missing.length === 0) {
    return { level: "info", message: `Orphan sweep: ${removed}; every row's files are present.` };
  }
  const shown = report.missing
    .slice(0, 10)
    .map((m) => `${m.table} ${m.id} (${m.file})`)
    .join(", ");
  const more = report.missing.length > 10 ? `, and ${report.missing.length - 10} more` : "";
  return {
    level: "warn",
    message: `Orphan sweep: ${removed}; ${report.missing.length} row file(s) missing: ${shown}${more}.`,
  };
}

/**
 * A sweep now and then every `intervalMs`, one at a time, never keeping the process alive.
 * `stop()` cancels the next one and waits for a sweep under way.
 */
export function scheduleOrphanSweeps(deps: Deps & { log: SweepLog; intervalMs?: number }): {
  stop: () => Promise<void>;
} {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(async () => {
      try {
        const { level, message } = describeSweep(await sweepOrphans(deps));
        deps.log[level](message);
      } catch (error) {
        deps.log.error(`Orphan sweep failed: ${(error as Error).message}`);
      }
    });
  };
  run();
  const timer = setInterval(run, deps.intervalMs ?? SWEEP_INTERVAL_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
