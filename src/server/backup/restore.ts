import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import type pg from "pg";
import { AppLockedError, acquireAppLock } from "../app-lock";
import { type Database, runMigrations } from "../db/client";
import type { ObjectStore } from "../storage/storage";
import { listStoredFiles, makeWorkDir } from "./files";
import { loadDatabase, notEmpty, tablesWithRows } from "./load";
import { FILE_ROOTS, type Manifest } from "./manifest";
import {
  codeSchemaVersion,
  databaseSchemaVersion,
  describeSchemaVersion,
  sameSchemaVersion,
} from "./schema-version";
import { inspectArchive, RestoreRefusedError } from "./verify";

/**
 * `npm run restore -- FILE`: a backup into a fresh DATA_DIR and an empty database. Every check
 * that can refuse comes before the first change: the whole archive against its manifest, the
 * schema version, the app not running on this DATA_DIR (its lock is held throughout, so it cannot
 * start midway), no stored files, no rows in the database. Then, as the app itself does, the
 * files are stored (durably) before the rows commit, and removed again if the commit fails.
 */

export type WithDatabase = <T>(use: (database: Database) => Promise<T>) => Promise<T>;

export type RestoreResult = { manifest: Manifest; tables: number; rows: number; files: number };

/**
 * The app draws these itself when they are missing (images/placeholder-pool.ts), so a DATA_DIR
 * where it started once is still fresh; the archive's copies replace them.
 */
const REDRAWN_UPLOADS = "uploads/placeholders/";

/** What the store is told of each file: only a bucket keeps it, and sends it back. */
const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
};
const contentTypeOf = (key: string) =>
  CONTENT_TYPES[key.split(".").at(-1)!.toLowerCase()] ?? "application/octet-stream";

export async function restoreBackup(options: {
  file: string;
  /** Where the app's lock and the working folder are (local, whatever the store). */
  dataDir: string;
  store: ObjectStore;
  /** Opens the target database for the duration of `use`, once the cheap checks have passed. */
  withDatabase: WithDatabase;
}): Promise<RestoreResult> {
  const { store } = options;
  const file = path.resolve(options.file);
  const dataDir = path.resolve(options.dataDir);
  const manifest = await inspectArchive(file);
  const code = codeSchemaVersion();
  if (!sameSchemaVersion(manifest.schema, code)) {
    throw new RestoreRefusedError(
      `The backup's database is at ${describeSchemaVersion(manifest.schema)}, this version of the app at ${describeSchemaVersion(code)}: restore it with version ${manifest.app.version} of the app, then upgrade.`,
    );
  }

  const createdDataDir = !existsSync(dataDir);
  let lock: { release(): void };
  try {
    lock = acquireAppLock(dataDir);
  } catch (error) {
    if (error instanceof AppLockedError) {
      throw new RestoreRefusedError(`${error.message} Stop it before restoring.`);
    }
    throw error;
  }
  let result: RestoreResult;
  try {
    await checkNoFiles(store, dataDir);
    result = await options.withDatabase(async (database) => {
      await checkEmptyDatabase(database, manifest);
      const workDir = await makeWorkDir(dataDir, "restore");
      try {
        // Read again, written out and checked as it goes: the file may have changed since.
        const extracted = await inspectArchive(file, { extractTo: workDir });
        if (JSON.stringify(extracted) !== JSON.stringify(manifest)) {
          throw new RestoreRefusedError(`${file} changed while it was being restored.`);
        }
        return await commitRestore(database, { workDir, store, manifest });
      } finally {
        await rm(workDir, { recursive: true, force: true });
      }
    });
  } catch (error) {
    lock.release();
    // A refusal leaves no trace: not even the DATA_DIR that taking the lock created.
    if (createdDataDir && error instanceof RestoreRefusedError) {
      await rm(dataDir, { recursive: true, force: true });
    }
    throw error;
  }
  lock.release();
  return result;
}

async function checkNoFiles(store: ObjectStore, dataDir: string) {
  const { keys, skipped } = await listStoredFiles(store);
  const present = [...keys.filter((key) => !key.startsWith(REDRAWN_UPLOADS)), ...skipped];
  if (present.length > 0) {
    const where = store.driver === "fs" ? `DATA_DIR ${dataDir}` : "The bucket";
    throw new RestoreRefusedError(
      `${where} already holds ${present.length} ${present.length === 1 ? "file" : "files"} in ${FILE_ROOTS.join(" or ")} (${present[0]}): restore into a fresh ${store.driver === "fs" ? "DATA_DIR" : "bucket"}.`,
    );
  }
}

/**
 * No rows and no newer schema, checked before the migrations run, so a refused database is left
 * as it was; once migrated (an empty database may lag behind), the backup's schema version.
 */
async function checkEmptyDatabase(database: Database, manifest: Manifest) {
  const before = await withClient(database, async (client) => {
    const full = await tablesWithRows(client);
    if (full.length > 0) throw notEmpty(database.description, full);
    return databaseSchemaVersion(client);
  });
  if (before && before.when > manifest.schema.when) {
    throw new RestoreRefusedError(
      `The database (${database.description}) is at ${describeSchemaVersion(before)}, newer than the backup's ${describeSchemaVersion(manifest.schema)}.`,
    );
  }
  await runMigrations(database);
  const after = await withClient(database, databaseSchemaVersion);
  if (!after || !sameSchemaVersion(after, manifest.schema)) {
    throw new RestoreRefusedError(
      `The database (${database.description}) is at ${after ? describeSchemaVersion(after) : "no version"}, not the backup's ${describeSchemaVersion(manifest.schema)}.`,
    );
  }
}

async function withClient<T>(database: Database, use: (client: pg.PoolClient) => Promise<T>) {
  const client = await database.pool.connect();
  try {
    return await use(client);
  } finally {
    client.release();
  }
}

async function commitRestore(
  database: Database,
  options: { workDir: string; store: ObjectStore; manifest: Manifest },
): Promise<RestoreResult> {
  const { workDir, store, manifest } = options;
  const placed: string[] = [];
  const client = await database.pool.connect();
  try {
    await client.query("begin");
    const { rows } = await loadDatabase(client, {
      workDir,
      manifest,
      description: database.description,
    });
    await storeFiles({ workDir, store, manifest, placed });
    await client.query("commit");
    return {
      manifest,
      tables: manifest.database.tables.length,
      rows,
      files: manifest.files.filter((f) => isDataFile(f.path)).length,
    };
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    await Promise.all(placed.map((key) => store.delete(key).catch(() => undefined)));
    throw error;
  } finally {
    client.release();
  }
}

const isDataFile = (archivePath: string) =>
  FILE_ROOTS.some((root) => archivePath.startsWith(`${root}/`));

/**
 * Puts the extracted files in the store, each durable when its put resolves (the fs driver
 * renames the file into place, with the app's modes: tenant files 0600 in a 0700 folder).
 * `placed` collects the keys added, for the caller to remove if the rows do not commit.
 */
async function storeFiles(options: {
  workDir: string;
  store: ObjectStore;
  manifest: Manifest;
  placed: string[];
}) {
  const { workDir, store, manifest, placed } = options;
  for (const { path: key } of manifest.files.filter((f) => isDataFile(f.path))) {
    await store.putFile(key, path.join(workDir, key), { contentType: contentTypeOf(key) });
    if (!key.startsWith(REDRAWN_UPLOADS)) placed.push(key);
  }
}
