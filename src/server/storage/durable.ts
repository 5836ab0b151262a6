import { mkdir, open } from "node:fs/promises";
import path from "node:path";

/**
 * Writes that survive a power cut, not only a crash of the process: the bytes are forced to the
 * disk (fsync) and so is the directory entry that names them. Callers commit a database row only
 * after these return, so a row never points at a file the disk has not kept.
 */

/** Creates `file` (it must not exist), writes `bytes` and forces both to the disk. */
export async function writeFileDurably(
  file: string,
  bytes: Uint8Array,
  mode = 0o644,
): Promise<void> {
  const handle = await open(file, "wx", mode);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Forces a file written by someone else (a stream) to the disk; for a directory, its entries
 * (files created, renamed or removed in it).
 */
export async function syncPath(file: string): Promise<void> {
  const handle = await open(file, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export const syncFile = syncPath;
export const syncDirectory = syncPath;

/**
 * `mkdir -p`, returning what must be synced once the directory's files are written: the new
 * directory itself and every parent that gained an entry.
 */
export async function makeDirectory(dir: string, mode?: number): Promise<string[]> {
  // `mode` applies to the directories created here (a private folder: 0o700), not to parents
  // that already exist.
  const first = await mkdir(dir, { recursive: true, mode });
  if (first === undefined) return [dir];
  const created: string[] = [];
  for (let d = dir; ; d = path.dirname(d)) {
    created.push(d);
    if (d === first || path.dirname(d) === d) break;
  }
  // Each created directory, then the existing parent that holds the first of them.
  return [...created, path.dirname(first)];
}
