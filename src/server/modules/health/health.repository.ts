import type { Database } from "#server/db/client";

/** The cheapest question PostgreSQL answers: whether it answers at all. */
export function pingDatabase(database: Database): Promise<unknown> {
  return database.pool.query("select 1");
}
