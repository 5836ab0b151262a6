import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, type Dirent } from "node:fs";
import { chmod, open, readdir, rename, rm, rmdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { makeDirectory, syncDirectory, syncFile, writeFileDurably } from "./durable";
import { assertValidKey, isValidKey, TENANT_FILES_PREFIX } from "./keys";
import type {
  ListedObject,
  ObjectInfo,
  ObjectStore,
  PutOptions,
  StoredObject,
} from "./object-store";

/**
 * The `fs` driver: objects are files under DATA_DIR at their key's path, so the layout is the
 * one the app always had (DATA_DIR/uploads, DATA_DIR/tenant-files). Tenants' documents are
 * private: 0600 files in 0700 folders.
 */
export type FsObjectStore = ObjectStore & { readonly driver: "fs"; readonly root: string };

export function isFsStore(store: ObjectStore): store is FsObjectStore {
  return store.driver === "fs";
}

const FILE_ERRORS_MEANING_MISSING = new Set(["ENOENT", "ENOTDIR"]);
const isMissing = (error: unknown) =>
  FILE_ERRORS_MEANING_MISSING.has((error as NodeJS.ErrnoException).code ?? "");

/** The first two levels (uploads/images, tenant-files) stay even when emptied. */
const KEPT_FOLDER_DEPTH = 2;

/** As `send` (behind @fastify/static) makes it, so both ways of serving a photo agree. */
const weakEtag = (size: number, mtime: Date) =>
  `W/"${size.toString(16)}-${mtime.getTime().toString(16)}"`;

export function createFsStore(root: string): FsObjectStore {
  const pathOf = (key: string) => path.join(root, ...assertValidKey(key).split("/"));
  const isPrivate = (key: string) => key.startsWith(TENANT_FILES_PREFIX);
  const modes = (key: string) =>
    isPrivate(key) ? { file: 0o600, dir: 0o700 } : { file: 0o644, dir: undefined };

  /** Makes the file's folder; returns the folders to sync once the file is renamed into it. */
  const prepareFolder = (key: string, file: string) =>
    makeDirectory(path.dirname(file), modes(key).dir);

  async function put(key: string, body: Buffer | Readable, options: PutOptions): Promise<void> {
    const file = pathOf(key);
    if (!Buffer.isBuffer(body) && options.size === undefined) {
      // As the s3 driver, which needs it: the contract is the same whichever is configured.
      throw new Error(`A stream put to ${key} needs its size.`);
    }
    const toSync = await prepareFolder(key, file);
    // Written beside its final name and renamed over it: a reader (or a crash) never meets half
    // a file. The dot and the suffix mark it as a temporary (see orphan-sweep.ts).
    const temporary = path.join(
      path.dirname(file),
      `.${path.basename(file)}.${randomBytes(6).toString("hex")}.part`,
    );
    const mode = modes(key).file;
    try {
      if (Buffer.isBuffer(body)) {
        await writeFileDurably(temporary, body, mode);
      } else {
        await pipeline(body, createWriteStream(temporary, { flags: "wx", mode }));
        await syncFile(temporary);
        const written = (await stat(temporary)).size;
        if (options.size !== undefined && written !== options.size) {
          throw new Error(`Stored ${written} bytes for ${key}, expected ${options.size}.`);
        }
      }
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    for (const dir of toSync) await syncDirectory(dir);
  }

  async function putFile(key: string, source: string, options: Pick<PutOptions, "contentType">) {
    const file = pathOf(key);
    const toSync = await prepareFolder(key, file);
    await chmod(source, modes(key).file);
    await syncFile(source);
    try {
      await rename(source, file);
    } catch (error) {
      // DATA_DIR split over two file systems: copied, then the temporary goes.
      if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
      const { size } = await stat(source);
      await put(key, createReadStream(source), { ...options, size });
      await rm(source, { force: true });
      return;
    }
    for (const dir of toSync) await syncDirectory(dir);
  }

  async function head(key: string): Promise<ObjectInfo | null> {
    try {
      const info = await stat(pathOf(key));
      if (!info.isFile()) return null;
      return { size: info.size, etag: weakEtag(info.size, info.mtime), lastModified: info.mtime };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function get(key: string): Promise<StoredObject | null> {
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(pathOf(key), "r");
    } catch (error) {
      if (isMissing(error) || (error as NodeJS.ErrnoException).code === "EISDIR") return null;
      throw error;
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      return {
        size: info.size,
        etag: weakEtag(info.size, info.mtime),
        lastModified: info.mtime,
        // The stream owns the handle from here and closes it when done or destroyed.
        stream: handle.createReadStream(),
      };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async function remove(key: string): Promise<void> {
    const file = pathOf(key);
    try {
      await unlink(file);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    // A photo's own folder goes with its last file, as S3 has no folders to leave behind.
    const segments = key.split("/");
    for (let depth = segments.length - 1; depth > KEPT_FOLDER_DEPTH; depth--) {
      try {
        await rmdir(path.join(root, ...segments.slice(0, depth)));
      } catch {
        break; // not empty (or already gone): its parents are not empty either
      }
    }
  }

  async function* list(prefix: string): AsyncGenerator<ListedObject> {
    const folder = prefix.slice(0, prefix.lastIndexOf("/") + 1);
    const start = folder === "" ? root : pathOf(folder.slice(0, -1));
    for await (const found of walk(start, folder)) {
      if (found.key.startsWith(prefix)) yield found;
    }
  }

  async function* walk(dir: string, keyPrefix: string): AsyncGenerator<ListedObject> {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      const key = `${keyPrefix}${entry.name}`;
      if (!isValidKey(key)) continue; // not a name this store could have written
      const absolute = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        yield* walk(absolute, `${key}/`);
      } else if (entry.isFile()) {
        const info = await stat(absolute).catch(() => null);
        if (info) yield { key, size: info.size, lastModified: info.mtime };
      }
    }
  }

  return {
    driver: "fs",
    root,
    put: put as ObjectStore["put"],
    putFile,
    get,
    head,
    delete: remove,
    list,
    close: async () => undefined,
  };
}
