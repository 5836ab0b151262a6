import { createReadStream, createWriteStream } from "node:fs";
import { link, rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { create, Parser, type ReadEntry } from "tar";
import { syncPath } from "./files";

/** The `.tar.gz` itself: written whole or not at all, and read one entry at a time. */

export class ArchiveExistsError extends Error {
  override name = "ArchiveExistsError";
}

/**
 * Packs `entries` (paths relative to `workDir`, in that order) into `out`, mode 0600. The bytes
 * go to a temporary name, reach the disk, then take their name with a link (which, unlike a
 * rename, never replaces an existing backup): no reader ever sees half an archive.
 */
export async function writeArchive(options: {
  workDir: string;
  entries: string[];
  out: string;
}): Promise<void> {
  const { workDir, entries, out } = options;
  const temporary = path.join(path.dirname(out), `.${path.basename(out)}.${process.pid}.partial`);
  try {
    // portable: no owner names, ids or inode numbers of this machine in the archive.
    const pack = create(
      { gzip: true, cwd: workDir, portable: true, linkCache: new ForgetfulMap() },
      entries,
    );
    await pipeline(pack, createWriteStream(temporary, { flags: "wx", mode: 0o600 }));
    await syncPath(temporary);
    await link(temporary, out).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "EEXIST") throw new ArchiveExistsError(`${out} already exists.`);
      throw error;
    });
    await syncPath(path.dirname(out));
  } finally {
    await rm(temporary, { force: true });
  }
}

/**
 * tar stores a second name of an already archived file as a hard link entry; a restore takes
 * plain files only, so the link cache never remembers and every file goes in whole.
 */
class ForgetfulMap<K, V> extends Map<K, V> {
  override set(): this {
    return this;
  }
}

/**
 * Calls `visit` for each entry of the archive in order, one at a time; `visit` must consume the
 * entry's bytes. Any damage (a cut-off or corrupt gzip stream, a bad header) rejects, as does
 * the first error `visit` throws, which also stops the reading.
 */
export function readArchive(file: string, visit: (entry: ReadEntry) => Promise<void>) {
  return new Promise<void>((resolve, reject) => {
    // strict: every damage is an error, never a warning to carry on past.
    const parser = new Parser({ strict: true });
    const source = createReadStream(file);
    let failed = false;
    let visits = Promise.resolve();
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      source.destroy();
      parser.abort(error instanceof Error ? error : new Error(String(error)));
      reject(error);
    };
    parser.on("entry", (entry: ReadEntry) => {
      if (failed) {
        entry.resume();
        return;
      }
      visits = visits.then(
        () =>
          visit(entry).catch((error: unknown) => {
            entry.resume();
            fail(error);
          }),
        () => undefined,
      );
    });
    parser.on("error", fail);
    parser.on("end", () => {
      void visits.then(() => {
        if (!failed) resolve();
      });
    });
    source.on("error", fail);
    source.pipe(parser as unknown as NodeJS.WritableStream);
  });
}
