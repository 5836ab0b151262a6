import { existsSync, readFileSync } from "node:fs";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type pg from "pg";
import type { Database } from "../db/client";
import { projectRoot } from "../paths";
import type { ObjectStore } from "../storage/storage";
import { writeArchive } from "./archive";
import { qualified } from "./catalog";
import { dumpDatabase, FILE_TABLES, referencedFiles } from "./dump";
import { hashFile, listStoredFiles, makeWorkDir, stageObject } from "./files";
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  MANIFEST_NAME,
  type Manifest,
  type ManifestFile,
  tableFile,
} from "./manifest";
import { databaseSchemaVersion } from "./schema-version";

/**
 * `npm run backup`: one archive with the database dump and the stored files (photos, tenants'
 * documents), made while the app runs or not. What it holds is one moment: the rows come from
 * one snapshot, and the files are taken while the tables that name files are locked against
 * writes, so every row's files are in the archive. Uploads wait for that moment, nothing else
 * does: with the fs driver the files are hard-linked (well under a second); from a bucket they
 * are downloaded, which takes as long as the bucket is large.
 */

export class BackupError extends Error {
  override name = "BackupError";
}

export type BackupResult = {
  file: string;
  size: number;
  tables: number;
  rows: number;
  files: number;
  /** Files rows refer to that were not stored (the archive is still made; this is damage). */
  missingFiles: string[];
  /** Stored keys left out: names an archive cannot carry safely. */
  skippedFiles: string[];
};

/** How long a backup waits for writes in progress to the file tables before giving up. */
const LOCK_TIMEOUT = "30s";

/** DATA_DIR/backups/rentals-YYYYMMDD-HHMMSS.tar.gz, in UTC so the names sort in time order. */
export function defaultBackupPath(dataDir: string, now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return path.join(dataDir, "backups", `rentals-${stamp}.tar.gz`);
}

export async function createBackup(options: {
  database: Database;
  store: ObjectStore;
  /** Where the default archive goes, and the working folder (local, whatever the store). */
  dataDir: string;
  out?: string;
  now?: Date;
}): Promise<BackupResult> {
  const { database, store, dataDir } = options;
  const now = options.now ?? new Date();
  const out = path.resolve(options.out ?? defaultBackupPath(dataDir, now));
  if (!options.out) await mkdir(path.dirname(out), { recursive: true, mode: 0o700 });
  else if (!existsSync(path.dirname(out))) {
    throw new BackupError(`The folder ${path.dirname(out)} does not exist.`);
  }
  if (existsSync(out)) throw new BackupError(`${out} already exists.`);

  await mkdir(dataDir, { recursive: true });
  const workDir = await makeWorkDir(dataDir, "backup");
  try {
    const snapshot = await takeSnapshot(database, store, workDir);
    const dumps = snapshot.database.tables.map((t) => tableFile(t.name));
    const files: ManifestFile[] = [];
    for (const entry of [...dumps, ...snapshot.staged]) {
      files.push({ path: entry, ...(await hashFile(path.join(workDir, entry))) });
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      app: appIdentity(),
      createdAt: now.toISOString(),
      schema: snapshot.schema,
      database: snapshot.database,
      files,
      missingFiles: snapshot.missing,
    };
    await writeFile(path.join(workDir, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
    });
    await writeArchive({ workDir, entries: [MANIFEST_NAME, ...files.map((f) => f.path)], out });
    return {
      file: out,
      size: (await stat(out)).size,
      tables: manifest.database.tables.length,
      rows: manifest.database.tables.reduce((sum, t) => sum + t.rows, 0),
      files: snapshot.staged.length,
      missingFiles: snapshot.missing,
      skippedFiles: snapshot.skipped,
    };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

async function takeSnapshot(database: Database, store: ObjectStore, workDir: string) {
  const client = await database.pool.connect();
  try {
    const schema = await databaseSchemaVersion(client);
    if (!schema) {
      throw new BackupError(
        `The database (${database.description}) has no tables yet: there is nothing to back up.`,
      );
    }
    // Not READ ONLY: PostgreSQL refuses a SHARE lock in a read-only transaction. Nothing is
    // written. The lock comes before the first query, so the snapshot is taken once it is held.
    await client.query("begin isolation level repeatable read");
    await client.query(`set local lock_timeout = '${LOCK_TIMEOUT}'`);
    await lockFileTables(client);
    const dumped = await dumpDatabase(client, workDir);
    const referenced = await referencedFiles(client);
    const { keys, skipped } = await listStoredFiles(store);
    const staged: string[] = [];
    for (const key of keys) {
      if (await stageObject(store, key, path.join(workDir, key))) staged.push(key);
    }
    await client.query("commit");
    const stagedSet = new Set(staged);
    return {
      schema,
      database: dumped,
      staged,
      skipped,
      missing: referenced.filter((p) => !stagedSet.has(p)),
    };
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * SHARE mode lets everyone read and no one write these tables until the backup's files are
 * taken: no row naming a file can be deleted (with its file) in between.
 */
async function lockFileTables(client: pg.ClientBase) {
  const tables = FILE_TABLES.map((t) => qualified(client, t)).join(", ");
  try {
    await client.query(`lock table ${tables} in share mode`);
  } catch (error) {
    if ((error as { code?: string }).code === "55P03") {
      throw new BackupError(
        `Writes to the photos or tenant files kept going for ${LOCK_TIMEOUT}: try again in a moment.`,
      );
    }
    throw error;
  }
}

function appIdentity(): Manifest["app"] {
  const pkg = JSON.parse(readFileSync(path.join(projectRoot, "package.json"), "utf8")) as {
    name: string;
    version: string;
  };
  return { name: pkg.name, version: pkg.version };
}
