import { randomBytes } from "node:crypto";
import type { ObjectStore } from "#server/storage/storage";
import { loadAlerts } from "./scale-alerts";
import { loadApplications } from "./scale-applications";
import { documentsFolder, loadDocuments } from "./scale-documents";
import { loadInquiries } from "./scale-inquiries";
import { loadMaintenance } from "./scale-maintenance";
import { loadPlaces } from "./scale-places";
import { loadRecords } from "./scale-records";
import { loadShowings } from "./scale-showings";
import { type ScaleContext, type ScaleSizes, scaledSizes } from "./scale-sizes";
import type { Executor } from "./scale-sql";

/**
 * The scale seed: ten years of a large agency (its personal data within the two years the
 * retention keeps) on top of whatever the database holds (the demo content, usually), for the bench and for anyone trying the product at size. Rows are made by
 * PostgreSQL itself (`insert ... select ... from generate_series`, in batches of 100,000), never
 * through the API nor one by one from Node, in one transaction: a load that fails leaves nothing,
 * and a database holds one load at most (a second is refused).
 */

export type ScaleSeedDeps = {
  client: Executor;
  store: ObjectStore;
  /** The app's secret: the alert subscriptions' manage links are derived from it. */
  secret: Uint8Array;
  log?: (line: string) => void;
};

export type ScaleSeedResult =
  | { loaded: false; reason: string }
  | {
      loaded: true;
      /** The rows the load wrote, by table. */
      written: Record<string, number>;
      /** The rows each table it wrote to holds now (the load's and what was there before). */
      tables: Record<string, number>;
      seconds: number;
      databaseBytes: number;
    };

/** Tenants of a load live at this domain: their presence means the database holds a load. */
const MARKER = "%@example.net";

/** The tables a load writes to, in the order it fills them. */
const TABLES = [
  "properties",
  "units",
  "users",
  "inquiries",
  "maintenance_requests",
  "maintenance_comments",
  "document_requests",
  "tenant_files",
  "alert_subscriptions",
  "alert_deliveries",
  "audit_events",
  "outgoing_mail",
  "showings",
  "applications",
  "applicants",
  "adverse_action_notices",
];

const steps = [
  loadPlaces,
  loadInquiries,
  loadMaintenance,
  loadDocuments,
  loadAlerts,
  loadRecords,
  loadShowings,
  loadApplications,
];

const REFUSED = "This database already holds the scale data set: it is not loaded twice.";

export async function loadScaleSeed(
  deps: ScaleSeedDeps,
  options: { factor?: number } = {},
): Promise<ScaleSeedResult> {
  const sizes = scaledSizes(options.factor ?? 1);
  documentsFolder(deps.store);
  const log = deps.log ?? (() => undefined);
  const started = performance.now();
  const written = await inOneTransaction(deps.client, async (undo) => {
    // Ids are the base plus the row's number: nobody may add a building, unit or inquiry
    // meanwhile (reads go on). A second load waits here, then finds the first one's tenants.
    await deps.client.query("lock table properties, units, inquiries in exclusive mode");
    if (await holdsALoad(deps.client)) return null;
    return runSteps(await contextFor(deps, sizes, undo), log);
  });
  if (!written) return { loaded: false, reason: REFUSED };
  await settle(deps.client, log);
  return {
    loaded: true,
    written,
    tables: await countRows(deps.client),
    seconds: Number(seconds(started)),
    databaseBytes: await databaseSize(deps.client),
  };
}

/** Runs `work` in a transaction; if it fails, what it did outside the database is undone too. */
async function inOneTransaction<T>(
  client: Executor,
  work: (undo: (() => Promise<void>)[]) => Promise<T>,
): Promise<T> {
  const undo: (() => Promise<void>)[] = [];
  await client.query("begin");
  // What the seed loads is years old, not news: the units' triggers record no alert changes
  // (the seed writes the deliveries those years would have made itself).
  await client.query("set local rentals.alert_changes = 'off'");
  try {
    const result = await work(undo);
    await client.query("commit");
    return result;
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    for (const step of undo.reverse()) await step().catch(() => undefined);
    throw error;
  }
}

async function holdsALoad(client: Executor): Promise<boolean> {
  const found = await client.query(
    "select 1 from users where role = 'tenant' and email like $1 limit 1",
    [MARKER],
  );
  return (found.rowCount ?? 0) > 0;
}

async function contextFor(
  deps: ScaleSeedDeps,
  sizes: ScaleSizes,
  undo: (() => Promise<void>)[],
): Promise<ScaleContext> {
  const { client } = deps;
  return {
    client,
    sizes,
    salt: randomBytes(8).toString("hex"),
    base: {
      property: await lastId(client, "properties"),
      unit: await lastId(client, "units"),
      inquiry: await lastId(client, "inquiries"),
    },
    store: deps.store,
    secret: deps.secret,
    made: {},
    undo,
  };
}

/** Each step in turn, one line of log each; answers the rows written by table. */
async function runSteps(context: ScaleContext, log: (line: string) => void) {
  for (const step of steps) {
    const started = performance.now();
    const counts = await step(context);
    Object.assign(context.made, counts);
    log(`  ${describe(counts)} in ${seconds(started)} s`);
  }
  for (const table of ["properties", "units", "inquiries"])
    await moveIdsPast(context.client, table);
  return context.made;
}

/**
 * Statistics for the planner, and every page's visibility set once rather than by the first
 * readers (a load is millions of rows: the first queries would otherwise write them all).
 */
async function settle(client: Executor, log: (line: string) => void) {
  const started = performance.now();
  // The figures the triggers kept while the rows went in, one row each (db/tallies.ts).
  await client.query("select derived.compact_tallies()");
  await client.query(`vacuum (analyze) ${TABLES.join(", ")}`);
  log(`  vacuum and analyze in ${seconds(started)} s`);
}

async function databaseSize(client: Executor): Promise<number> {
  const size = await client.query<{ bytes: string }>(
    "select pg_database_size(current_database()) as bytes",
  );
  return Number(size.rows[0]!.bytes);
}

/** The highest id the table has used, row or sequence (rows removed since leave gaps). */
async function lastId(client: Executor, table: string): Promise<number> {
  const result = await client.query<{ id: string }>(
    `select greatest(coalesce(max(id), 0), coalesce(pg_sequence_last_value(pg_get_serial_sequence($1, 'id')), 0)) as id from ${table}`,
    [table],
  );
  return Number(result.rows[0]!.id);
}

/** The load chose its own ids: the table's identity goes on after the highest. */
async function moveIdsPast(client: Executor, table: string) {
  await client.query(
    `select setval(pg_get_serial_sequence($1, 'id'), (select max(id) from ${table}))`,
    [table],
  );
}

async function countRows(client: Executor): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const result = await client.query<{ n: string }>(`select count(*) as n from ${table}`);
    counts[table] = Number(result.rows[0]!.n);
  }
  return counts;
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

const describe = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([table, n]) => `${n.toLocaleString("en-US")} ${table}`)
    .join(", ");

/**
 * The factor the command line asks for: none without `--scale`, 1 with it alone, the number of
 * `--scale=0.01`. Anything else is refused, so a typo never loads the demo content alone.
 */
export function scaleFactorOf(args: string[]): number | undefined {
  let factor: number | undefined;
  for (const arg of args) {
    const match = /^--scale(?:=(.*))?$/.exec(arg);
    if (!match)
      throw new Error(`unknown argument ${arg} (usage: npm run seed [-- --scale[=0.01]])`);
    factor = match[1] === undefined ? 1 : Number(match[1]);
    scaledSizes(factor);
  }
  return factor;
}

/** What a load did, for people: its rows by table, its time, the database's size after it. */
export function describeScaleLoad(result: ScaleSeedResult): string {
  if (!result.loaded) return result.reason;
  const width = Math.max(...Object.keys(result.tables).map((table) => table.length));
  const lines = Object.entries(result.tables).map(
    ([table, total]) =>
      `  ${table.padEnd(width)}  ${(result.written[table] ?? 0).toLocaleString("en-US").padStart(9)} loaded, ${total.toLocaleString("en-US")} in all`,
  );
  const size = (result.databaseBytes / 1024 ** 3).toFixed(2);
  return [
    `Scale data set loaded in ${result.seconds.toFixed(1)} s (database ${size} GB):`,
    ...lines,
  ].join("\n");
}
