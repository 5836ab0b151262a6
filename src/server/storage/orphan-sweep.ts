import type { Dirent } from "node:fs";
import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Db } from "../db/client";
import { runPeriodically } from "../shared/periodic";
import { isFsStore } from "./fs-store";
import {
  isValidKey,
  MAINTENANCE_PHOTOS_PREFIX,
  maintenancePhotoKey,
  TENANT_FILES_PREFIX,
  tenantFileKey,
  UPLOADS_PREFIX,
  uploadKey,
} from "./keys";
import type { ListedObject, ObjectStore } from "./object-store";
import {
  listImageFiles,
  listMaintenancePhotoFiles,
  listTenantFiles,
} from "./orphan-sweep.repository";

/**
 * Objects and rows that lost each other. A crash between storing a photo's variants and
 * committing its row (or a failed clean-up) leaves objects no row names: they are removed once
 * they are older than `minAgeMs`, so an upload still in progress is never touched. A row whose
 * object is gone cannot be mended here (the bytes are lost): it is reported for the operator,
 * never deleted. Listing photos, tenants' documents and maintenance photos are all swept. The same sweep serves both drivers: it sees the store only through list, head
 * and delete.
 */

export const SWEEP_MIN_AGE_MS = 60 * 60 * 1000;
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export type MissingFile = {
  table: "images" | "tenant_files" | "maintenance_photos";
  id: string;
  file: string;
};

export type SweepReport = {
  /**
   * Photos relative to uploads/ ("images/<x>/480.webp"), documents as "tenant-files/<name>",
   * maintenance photos as "maintenance-photos/<folder>/<file>".
   */
  removed: string[];
  missing: MissingFile[];
};

type Deps = {
  db: Db;
  store: ObjectStore;
  /**
   * The local folder where uploads are received (see scratchDirectory): temporaries a crash left
   * there are removed too. With `fs` it is the store's own tenant-files folder, swept as such.
   */
  scratchDir?: string;
  /** Only objects last written before now - minAgeMs are removed. */
  minAgeMs?: number;
  now?: () => number;
};

async function listAll(store: ObjectStore, prefix: string): Promise<ListedObject[]> {
  const found: ListedObject[] = [];
  for await (const object of store.list(prefix)) found.push(object);
  return found;
}

/** Placeholders belong to the app; only what a crash left mid-write is swept among them. */
const PLACEHOLDER_LEFTOVER =
  /^uploads\/placeholders\/(?:[^/]+\.staging-[^/]*\/|(?:[^/]+\/)*\.[^/]+\.part$)/;

/** A temporary the receiving of a tenant file left on the local disk (`.<uuid>.part`). */
const TEMPORARY = /^\..+\.part$/;

export async function sweepOrphans(deps: Deps): Promise<SweepReport> {
  const { db, store } = deps;
  const cutoff = (deps.now ?? Date.now)() - (deps.minAgeMs ?? SWEEP_MIN_AGE_MS);
  // The store first, the rows second: an object stored after the listing is not judged at all,
  // and one stored before it is judged against rows that include any committed since.
  const photos = await listAll(store, `${UPLOADS_PREFIX}images/`);
  const leftovers = (await listAll(store, `${UPLOADS_PREFIX}placeholders/`)).filter((object) =>
    PLACEHOLDER_LEFTOVER.test(object.key),
  );
  const documents = await listAll(store, TENANT_FILES_PREFIX);
  const repairPhotos = await listAll(store, MAINTENANCE_PHOTOS_PREFIX);
  const scratch = await scratchTemporaries(deps);
  const rows = await rowFiles(db);

  const listed = new Set([...photos, ...documents, ...repairPhotos].map((object) => object.key));
  const { named, missing } = await checkRowFiles(store, listed, rows);

  const removed: string[] = [];
  // Stored documents sit at the top of tenant-files/; a temporary (.name.part) is removed too.
  for (const object of [...photos, ...leftovers, ...documents, ...repairPhotos]) {
    if (named.has(object.key) || object.lastModified.getTime() > cutoff) continue;
    await store.delete(object.key);
    removed.push(
      object.key.startsWith(UPLOADS_PREFIX) ? object.key.slice(UPLOADS_PREFIX.length) : object.key,
    );
  }
  for (const file of scratch) {
    if (file.mtimeMs > cutoff) continue;
    await rm(file.absolute, { force: true });
    removed.push(`${TENANT_FILES_PREFIX}${file.name}`);
  }
  return { removed: removed.sort(), missing };
}

/** A row's file: its key in the store, and how the report names it when it is missing. */
type RowFile = { key: string; missing: MissingFile };

/** Every file a row names: listing photos' variants, tenants' documents, maintenance photos. */
async function rowFiles(db: Db): Promise<RowFile[]> {
  const imageRows = await listImageFiles(db);
  const fileRows = await listTenantFiles(db);
  const repairPhotoRows = await listMaintenancePhotoFiles(db);
  return [
    ...imageRows.flatMap((row) =>
      [...new Set([row.path, ...row.variants.map((variant) => variant.path)])].map((file) => ({
        key: uploadKey(file),
        missing: { table: "images" as const, id: String(row.id), file },
      })),
    ),
    ...fileRows.map((row) => ({
      key: tenantFileKey(row.filename),
      missing: { table: "tenant_files" as const, id: row.id, file: row.filename },
    })),
    ...repairPhotoRows.flatMap((row) =>
      row.variants.map((variant) => {
        const key = maintenancePhotoKey(row.folder, variant.file);
        return { key, missing: { table: "maintenance_photos" as const, id: row.id, file: key } };
      }),
    ),
  ];
}

/** The keys the rows name, and the rows' files the store no longer has. */
async function checkRowFiles(
  store: ObjectStore,
  listed: Set<string>,
  files: RowFile[],
): Promise<{ named: Set<string>; missing: MissingFile[] }> {
  // Not in the listing: stored since, or gone. Only a head tells them apart.
  const present = async (key: string) =>
    listed.has(key) || (isValidKey(key) && (await store.head(key)) !== null);
  const missing: MissingFile[] = [];
  for (const file of files) {
    if (!(await present(file.key))) missing.push(file.missing);
  }
  return { named: new Set(files.map((file) => file.key)), missing };
}

type LocalFile = { name: string; absolute: string; mtimeMs: number };

/** The scratch folder's temporaries, unless the store itself lists them (fs). */
async function scratchTemporaries(deps: Deps): Promise<LocalFile[]> {
  const { scratchDir, store } = deps;
  if (!scratchDir) return [];
  if (isFsStore(store) && path.resolve(scratchDir) === path.join(store.root, "tenant-files")) {
    return [];
  }
  let entries: Dirent[];
  try {
    entries = await readdir(scratchDir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const found: LocalFile[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || !TEMPORARY.test(entry.name)) continue;
    const absolute = path.join(scratchDir, entry.name);
    const info = await stat(absolute).catch(() => null);
    if (info) found.push({ name: entry.name, absolute, mtimeMs: info.mtimeMs });
  }
  return found;
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
  return runPeriodically(async () => {
    try {
      const { level, message } = describeSweep(await sweepOrphans(deps));
      deps.log[level](message);
    } catch (error) {
      deps.log.error(`Orphan sweep failed: ${(error as Error).message}`);
    }
  }, deps.intervalMs ?? SWEEP_INTERVAL_MS);
}
