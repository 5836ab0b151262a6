import { readFileSync } from "node:fs";
import path from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type pg from "pg";
import { migrationsDir } from "../paths";
import type { SchemaVersion } from "./manifest";

/**
 * Which migrations a database has: the latest row of drizzle's own record (its `created_at` is
 * the journal's `when`, its `hash` the sha256 of the SQL). Rows are only meaningful in the schema
 * they were dumped from, so a restore needs the same version on both sides.
 */

type Journal = { entries: { tag: string; when: number }[] };

function journal(): Journal {
  return JSON.parse(readFileSync(path.join(migrationsDir, "meta/_journal.json"), "utf8"));
}

function tagOf(when: number): string | null {
  return journal().entries.find((entry) => entry.when === when)?.tag ?? null;
}

/** The latest migration this version of the app ships. */
export function codeSchemaVersion(): SchemaVersion {
  // drizzle's reader, so the hash is computed exactly as drizzle records it.
  const latest = readMigrationFiles({ migrationsFolder: migrationsDir }).at(-1);
  if (!latest) throw new Error(`No migrations found in ${migrationsDir}.`);
  return { migration: tagOf(latest.folderMillis), when: latest.folderMillis, hash: latest.hash };
}

/** The latest migration applied to the database, or null when none ever was. */
export async function databaseSchemaVersion(client: pg.ClientBase): Promise<SchemaVersion | null> {
  const table = await client.query<{ found: string | null }>(
    "select to_regclass('drizzle.__drizzle_migrations')::text as found",
  );
  if (!table.rows[0]?.found) return null;
  const { rows } = await client.query<{ hash: string; created_at: string }>(
    "select hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1",
  );
  const row = rows[0];
  if (!row) return null;
  const when = Number(row.created_at);
  return { migration: tagOf(when), when, hash: row.hash };
}

export const sameSchemaVersion = (a: SchemaVersion, b: SchemaVersion) =>
  a.when === b.when && a.hash === b.hash;

export const describeSchemaVersion = (v: SchemaVersion) =>
  v.migration ?? `an unknown migration (${v.when})`;
