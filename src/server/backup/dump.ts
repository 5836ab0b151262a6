import { mkdir, open } from "node:fs/promises";
import path from "node:path";
import type pg from "pg";
import { listSequences, listTables, qualified, type TableInfo } from "./catalog";
import { type Manifest, tableFile } from "./manifest";

/**
 * The logical dump: every table's rows as one JSON object a line (`row_to_json`), in primary
 * key order. PostgreSQL writes the JSON and, at restore, reads it back itself
 * (`json_populate_recordset`), so no value passes through JavaScript's types: numerics keep
 * every digit, timestamps their zone, arrays and jsonb their shape, bytea its bytes (as hex).
 * No pg_dump: the embedded package ships none, and an external server's would have to match its
 * version.
 */

const FETCH_ROWS = 1000;

export type DumpResult = Manifest["database"];

/** Writes `database/<table>.jsonl` under `workDir`, inside the caller's transaction. */
export async function dumpDatabase(client: pg.ClientBase, workDir: string): Promise<DumpResult> {
  const tables = await listTables(client);
  await mkdir(path.join(workDir, "database"), { mode: 0o700 });
  const dumped: DumpResult["tables"] = [];
  for (const table of tables) {
    const rows = await dumpTable(client, table, path.join(workDir, tableFile(table.name)));
    dumped.push({ name: table.name, rows });
  }
  const sequences = (await listSequences(client)).map(({ name, lastValue }) => ({
    name,
    lastValue,
  }));
  return { tables: dumped, sequences };
}

async function dumpTable(client: pg.ClientBase, table: TableInfo, file: string): Promise<number> {
  const order =
    table.primaryKey.length > 0
      ? `order by ${table.primaryKey.map((c) => `t.${client.escapeIdentifier(c)}`).join(", ")}`
      : "";
  // A cursor keeps memory flat whatever the table's size.
  await client.query(
    `declare backup_rows no scroll cursor for
       select row_to_json(t)::text as row from ${qualified(client, table.name)} t ${order}`,
  );
  const handle = await open(file, "wx", 0o600);
  let count = 0;
  try {
    for (;;) {
      const { rows } = await client.query<{ row: string }>(`fetch ${FETCH_ROWS} from backup_rows`);
      if (rows.length === 0) break;
      // JSON text never holds a raw line break, so one line is one row.
      await handle.write(rows.map((r) => `${r.row}\n`).join(""));
      count += rows.length;
    }
  } finally {
    await handle.close();
  }
  await client.query("close backup_rows");
  return count;
}

/** The tables whose rows name files on disk (the bytes are kept and deleted with their rows). */
export const FILE_TABLES = ["images", "tenant_files"] as const;

/** The files rows point to, as paths in the archive: what a backup must hold to be whole. */
export async function referencedFiles(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ path: string }>(
    `select 'uploads/' || path as path from images
     union select 'uploads/' || (v ->> 'path') from images, jsonb_array_elements(variants) v
     union select 'tenant-files/' || filename from tenant_files
     order by path`,
  );
  return rows.map((r) => r.path);
}
