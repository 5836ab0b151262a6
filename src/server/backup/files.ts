import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { copyFile, link, mkdir, open, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { isProcessAlive } from "../process-alive";
import { isFsStore } from "../storage/fs-store";
import type { ObjectStore } from "../storage/storage";
import { FILE_ROOTS, isSafeArchivePath } from "./manifest";

/**
 * The stored files a backup holds, and the disk chores of backing up and restoring. A store's
 * keys (`uploads/images/x/480.webp`, `tenant-files/<uuid>`, see storage.ts) are the paths in the
 * archive, whichever driver holds the bytes.
 */

/**
 * Every object under `uploads/` and `tenant-files/`, sorted. A segment starting with a dot is a
 * temporary of the store (a file being written), never data. Keys the archive cannot carry
 * safely are left out and reported (no driver writes one).
 */
export async function listStoredFiles(
  store: ObjectStore,
): Promise<{ keys: string[]; skipped: string[] }> {
  const keys: string[] = [];
  const skipped: string[] = [];
  for (const root of FILE_ROOTS) {
    for await (const { key } of store.list(`${root}/`)) {
      if (key.split("/").some((segment) => segment.startsWith("."))) continue;
      if (isSafeArchivePath(key)) keys.push(key);
      else skipped.push(key);
    }
  }
  keys.sort();
  return { keys, skipped };
}

/**
 * Gives `target` the object's bytes as they are now; false when the object is already gone.
 * With the fs driver a hard link: instant, and the bytes stay even if the app deletes the file
 * a moment later (the store never rewrites a file in place, it renames a new one over it).
 * Across file systems, where links are not allowed, or from a bucket: a copy.
 */
export async function stageObject(
  store: ObjectStore,
  key: string,
  target: string,
): Promise<boolean> {
  await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
  if (isFsStore(store)) {
    const source = path.join(store.root, ...key.split("/"));
    try {
      await link(source, target);
      return true;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "";
      if (code === "ENOENT") return false;
      if (!["EXDEV", "EPERM", "ENOTSUP", "EMLINK", "EOPNOTSUPP"].includes(code)) throw error;
    }
    try {
      await copyFile(source, target);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
      throw error;
    }
  }
  const object = await store.get(key);
  if (!object) return false;
  await pipeline(object.stream, createWriteStream(target, { flags: "wx", mode: 0o600 }));
  return true;
}

export async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash("sha256");
  let size = 0;
  await pipeline(createReadStream(file), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      size += chunk.length;
      hash.update(chunk);
    }
  });
  return { size, sha256: hash.digest("hex") };
}

/** Flushes a file's bytes, or a directory's entries, to the disk. */
export async function syncPath(target: string): Promise<void> {
  const handle = await open(target, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * A private working folder in DATA_DIR (so files can be linked or renamed into and out of it),
 * named after this process. Folders that crashed runs left behind (their process is gone) are
 * removed first.
 */
export async function makeWorkDir(dataDir: string, kind: "backup" | "restore"): Promise<string> {
  const prefix = `.${kind}-`;
  const entries = await readdir(dataDir).catch(() => [] as string[]);
  await Promise.all(
    entries
      .filter((name) => name.startsWith(prefix))
      .filter((name) => {
        const pid = Number(name.slice(prefix.length).split("-")[0]);
        return Number.isInteger(pid) && pid > 0 && pid !== process.pid && !isProcessAlive(pid);
      })
      .map((name) => rm(path.join(dataDir, name), { recursive: true, force: true })),
  );
  const dir = path.join(dataDir, `${prefix}${process.pid}-${randomBytes(6).toString("hex")}`);
  await mkdir(dir, { mode: 0o700 });
  return dir;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
