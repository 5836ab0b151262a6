import { createHash } from "node:crypto";
import { mkdir, open, stat, utimes } from "node:fs/promises";
import path from "node:path";
import type { ReadEntry } from "tar";
import { readArchive } from "./archive";
import {
  DATABASE_ROOT,
  MANIFEST_MAX_BYTES,
  MANIFEST_NAME,
  type Manifest,
  type ManifestFile,
  parseManifest,
  TENANT_FILES_ROOT,
  tableFile,
} from "./manifest";

/**
 * Reads a whole archive against its manifest: every entry listed, of the listed size and
 * sha256, nothing more, nothing missing, each dump holding the listed number of rows. Without
 * `extractTo` nothing is written anywhere (the check a restore makes before touching anything);
 * with it, the entries are written there as they are checked.
 */

/** A restore that will not happen, for a reason in one line; nothing was changed. */
export class RestoreRefusedError extends Error {
  override name = "RestoreRefusedError";
}

export async function inspectArchive(
  file: string,
  options: { extractTo?: string } = {},
): Promise<Manifest> {
  const unusable = (reason: string) =>
    new RestoreRefusedError(`${file} is not a usable backup: ${reason}.`);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new RestoreRefusedError(`${file} is not a file.`);

  let manifest: Manifest | undefined;
  let expected = new Map<string, ManifestFile>();
  const seen = new Set<string>();
  const lines = new Map<string, number>();
  try {
    await readArchive(file, async (entry) => {
      if (!manifest) {
        if (entry.path !== MANIFEST_NAME || entry.type !== "File") {
          throw unusable("it does not start with a backup manifest");
        }
        if (entry.size > MANIFEST_MAX_BYTES) throw unusable("its manifest is too large");
        const parsed = parseManifest(await readAll(entry));
        if ("error" in parsed) throw unusable(parsed.error);
        manifest = parsed;
        expected = new Map(parsed.files.map((f) => [f.path, f]));
        return;
      }
      const listed = expected.get(entry.path);
      if (entry.type !== "File" || !listed || seen.has(entry.path)) {
        throw unusable(`it holds an entry its manifest does not list (${shown(entry.path)})`);
      }
      seen.add(entry.path);
      if (entry.size !== listed.size) throw unusable(`${listed.path} is not the listed size`);
      const target = options.extractTo && path.join(options.extractTo, listed.path);
      const body = await consume(entry, target);
      if (body.size !== listed.size || body.sha256 !== listed.sha256) {
        throw unusable(`${listed.path} does not match its checksum`);
      }
      if (listed.path.startsWith(`${DATABASE_ROOT}/`)) lines.set(listed.path, body.lines);
    });
  } catch (error) {
    if (error instanceof RestoreRefusedError) throw error;
    // Errors of the file system (reading the archive, writing the files) are not damage.
    if (typeof (error as { syscall?: unknown }).syscall === "string") throw error;
    throw unusable(`it is damaged or cut short (${oneLine(error)})`);
  }
  if (!manifest) throw unusable("it holds no manifest");
  const missing = manifest.files.filter((f) => !seen.has(f.path));
  if (missing.length > 0) {
    throw unusable(
      `it is incomplete: ${missing.length} listed ${missing.length === 1 ? "file is" : "files are"} missing (${missing[0]!.path})`,
    );
  }
  for (const table of manifest.database.tables) {
    const found = lines.get(tableFile(table.name));
    if (found !== table.rows) {
      throw unusable(`${tableFile(table.name)} holds ${found} rows, not ${table.rows}`);
    }
  }
  return manifest;
}

async function readAll(entry: ReadEntry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * The entry's bytes through a sha256 (and a line count, for the dumps), written to `target`
 * when given: tenant files 0600 as the app writes them, the rest as the app does (umask),
 * each flushed to the disk and keeping its time of change.
 */
async function consume(entry: ReadEntry, target: string | undefined) {
  const hash = createHash("sha256");
  let size = 0;
  let lines = 0;
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  if (target) {
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const privateFile = entry.path.startsWith(`${TENANT_FILES_ROOT}/`);
    handle = await open(target, "wx", privateFile ? 0o600 : 0o666);
  }
  try {
    for await (const chunk of entry as AsyncIterable<Buffer>) {
      hash.update(chunk);
      size += chunk.length;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
      if (handle) await handle.write(chunk);
    }
    await handle?.sync();
  } finally {
    await handle?.close();
  }
  if (target && entry.mtime) await utimes(target, entry.mtime, entry.mtime);
  return { size, sha256: hash.digest("hex"), lines };
}

/** A name from an untrusted archive, safe to print on one line. */
function shown(name: string): string {
  const quoted = JSON.stringify(name);
  return quoted.length > 120 ? `${quoted.slice(0, 117)}..."` : quoted;
}

function oneLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0]!.slice(0, 200);
}
