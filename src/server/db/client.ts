import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import PgBoss from "pg-boss";
import { migrationsDir } from "../paths";
import { type EmbeddedServer, startEmbeddedPostgres } from "./embedded-postgres";
import * as schema from "./schema";

export type Db = NodePgDatabase<typeof schema>;
/** What a repository method runs its statements on: the handle or a transaction of it. */
/** The database or a transaction on it: what a repository runs its statements on. */
export type Executor = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Database = {
  db: Db;
  pool: pg.Pool;
  /** Where the data lives, without the password: for logs and messages. */
  description: string;
  close(): Promise<void>;
};

/**
 * The app's handle over one checked-out client: its statements run on that connection, inside
 * the transaction its owner opened there (the mail queue's transactions, whose pg-boss jobs
 * join the same one).
 */
export const dbOn = (client: pg.PoolClient): Db => drizzle(client, { schema });

/** The app's database on its embedded server. */
const EMBEDDED_DATABASE = "rentals";
/** Any constant works; it only has to be the same for every instance of this app. */

export class DatabaseUnreachableError extends Error {
  override name = "DatabaseUnreachableError";
}

export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return "the configured database";
  }
}

async function ensureDatabase(adminUrl: string, name: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0)
      await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/** A pool over `url`, after proving that the server answers. */
export async function connect(url: string, embedded?: EmbeddedServer): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client that loses its server must not crash the process.
  pool.on("error", () => undefined);
  // Nor a client checked out of the pool (a transaction, an advisory lock, the mail queue's
  // transactions): the pool's listener is off it meanwhile, and its 'error' event (the server
  // ending its connection between two queries) would end the process. Its next query fails
  // instead (a 503), and the pool drops it on release.
  pool.on("connect", (client) => client.on("error", () => undefined));
  try {
    await pool.query("select 1");
  } catch (error) {
    await pool.end().catch(() => undefined);
    await embedded?.stop();
    throw new DatabaseUnreachableError(
      `the database at ${describeUrl(url)} is unreachable (${(error as Error).message})`,
    );
  }
  return {
    db: drizzle(pool, { schema }),
    pool,
    description: embedded ? `embedded PostgreSQL (${describeUrl(url)})` : describeUrl(url),
    async close() {
      await pool.end().catch(() => undefined);
      await embedded?.stop();
    },
  };
}

export type OpenOptions = {
  databaseUrl: string | undefined;
  dataDir: string;
  mode: "own" | "borrow";
  log?: (line: string) => void;
};

/** DATABASE_URL when set, else the app's own embedded server in DATA_DIR/pg. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return connect(options.databaseUrl);
  const server = await startEmbeddedPostgres(options);
  try {
    await ensureDatabase(server.adminUrl, EMBEDDED_DATABASE);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return connect(server.urlFor(EMBEDDED_DATABASE), server);
}

/** Advisory lock keys: one per start-up step that several instances must not run at once. */
export const LOCKS = {
  migrations: 7_203_114,
  demoContent: 7_203_115,
  jobQueues: 7_203_116,
} as const;

/**
 * Runs `step` while holding a PostgreSQL advisory lock on one connection: instances starting at
 * once take turns, and each finds what the one before it did.
 */
export async function withAdvisoryLock<T>(
  database: Database,
  key: number,
  step: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await database.pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [key]);
    return await step(client);
  } finally {
    await client.query("select pg_advisory_unlock($1)", [key]).catch(() => undefined);
    client.release();
  }
}

/**
 * Applies the checked-in migrations, then installs the job queue's tables. Several instances may
 * start at once: an advisory lock lets one migrate while the others wait, then find nothing left
 * to do.
 */
export async function runMigrations(database: Database): Promise<void> {
  await withAdvisoryLock(database, LOCKS.migrations, async (client) => {
    await migrate(drizzle(client, { schema }), { migrationsFolder: migrationsDir });
    await installJobQueue(client);
  });
}

/**
 * The job queue's own tables (pg-boss, in the schema `pgboss`), installed or brought to the
 * installed pg-boss's version, on the connection that holds the migrations lock. pg-boss's own
 * lock is not enough on an empty database: it is taken inside the transaction that creates the
 * schema, and an instance that waited for it could still fail its `create schema if not exists`
 * with a duplicate key on `pg_namespace` (seen with two instances starting together).
 */
async function installJobQueue(client: pg.PoolClient): Promise<void> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => client.query(text, values) },
    supervise: false,
    schedule: false,
  });
  boss.on("error", () => undefined);
  await boss.start();
  await boss.stop({ graceful: false, close: false });
}
