import { createReadStream } from "node:fs";
import path from "node:path";
import readline from "node:readline";
import type pg from "pg";
import { APP_SCHEMA, listTables, qualified, type TableInfo } from "./catalog";
import { type Manifest, tableFile } from "./manifest";
import { RestoreRefusedError } from "./verify";

/**
 * The dump back into PostgreSQL, inside the caller's transaction: every table locked, proven
 * empty, filled parents first, and the identity sequences set where they were, so the next row
 * gets the id it would have had.
 */

const BATCH_ROWS = 500;
const BATCH_BYTES = 4 * 1024 * 1024;

/** The tables that hold rows, or [] when the database is empty. */
export async function tablesWithRows(client: pg.ClientBase, tables?: TableInfo[]) {
  const full: string[] = [];
  for (const table of tables ?? (await listTables(client))) {
    const { rows } = await client.query<{ found: boolean }>(
      `select exists (select 1 from ${qualified(client, table.name)}) as found`,
    );
    if (rows[0]?.found) full.push(table.name);
  }
  return full;
}

export const notEmpty = (description: string, tables: string[]) =>
  new RestoreRefusedError(
    `The database (${description}) already holds data (${tables.join(", ")}): restore into an empty database.`,
  );

export async function loadDatabase(
  client: pg.ClientBase,
  options: { workDir: string; manifest: Manifest; description: string },
): Promise<{ rows: number }> {
  const { workDir, manifest } = options;
  const tables = await listTables(client);
  const dumped = new Map(manifest.database.tables.map((t) => [t.name, t.rows]));
  const names = tables.map((t) => t.name);
  if (names.length !== dumped.size || names.some((name) => !dumped.has(name))) {
    throw new RestoreRefusedError(
      `The database's tables (${names.join(", ")}) are not the backup's (${[...dumped.keys()].join(", ")}).`,
    );
  }
  // Nobody else reads or writes these tables until the restore commits or rolls back.
  await client.query(
    `lock table ${tables.map((t) => qualified(client, t.name)).join(", ")} in access exclusive mode`,
  );
  const full = await tablesWithRows(client, tables);
  if (full.length > 0) throw notEmpty(options.description, full);
  // The dump holds the listing alerts' deliveries and pending changes as they were: the units
  // loaded are not changes for the alerts' triggers to record (migration 0016).
  await client.query("set local rentals.alert_changes = 'off'");

  let rows = 0;
  for (const table of tables) {
    const loaded = await loadTable(client, table, path.join(workDir, tableFile(table.name)));
    if (loaded !== dumped.get(table.name)) {
      throw new Error(
        `${table.name}: ${loaded} rows went in, the backup has ${dumped.get(table.name)}.`,
      );
    }
    rows += loaded;
  }
  await setSequences(client, manifest.database.sequences);
  return { rows };
}

async function loadTable(client: pg.ClientBase, table: TableInfo, file: string): Promise<number> {
  const target = qualified(client, table.name);
  const columns = table.columns.map((c) => client.escapeIdentifier(c)).join(", ");
  // PostgreSQL parses the rows it wrote itself; OVERRIDING SYSTEM VALUE keeps the dumped ids of
  // GENERATED ALWAYS identity columns.
  const insert = `insert into ${target} (${columns}) overriding system value
    select ${columns} from json_populate_recordset(null::${target}, $1::json)`;
  let batch: string[] = [];
  let bytes = 0;
  let count = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const result = await client.query(insert, [`[${batch.join(",")}]`]);
    count += result.rowCount ?? 0;
    batch = [];
    bytes = 0;
  };
  const lines = readline.createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    batch.push(line);
    bytes += line.length;
    if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) await flush();
  }
  await flush();
  return count;
}

async function setSequences(
  client: pg.ClientBase,
  sequences: Manifest["database"]["sequences"],
): Promise<void> {
  for (const sequence of sequences) {
    const { rows } = await client.query<{ start_value: string }>(
      "select start_value::text from pg_sequences where schemaname = $1 and sequencename = $2",
      [APP_SCHEMA, sequence.name],
    );
    if (!rows[0]) throw new Error(`The database has no sequence ${sequence.name}.`);
    // A sequence never used restarts at its start, as if new; setval is not undone by rollback,
    // which on an empty database only means ids would start further on.
    await client.query("select setval($1::regclass, $2::bigint, $3)", [
      qualified(client, sequence.name),
      sequence.lastValue ?? rows[0].start_value,
      sequence.lastValue !== null,
    ]);
  }
}
