import type pg from "pg";
import type PgBoss from "pg-boss";

/**
 * The mail queue's own SQL on pg-boss's tables (the `outgoing_mail` rows are
 * outgoing-mail.repository.ts's). pg-boss reaches the database through an executor, so that the
 * jobs a transaction sends are committed with it.
 */

/** pg-boss's jobs, in the schema it is installed in (its default, see db/client.ts). */
const JOB_TABLE = "pgboss.job";

/** pg-boss's query interface over one client: its jobs join that client's transaction. */
export const executorOf = (client: pg.ClientBase | pg.Pool): PgBoss.Db => ({
  executeSql: (text, values) => client.query(text, values),
});

/**
 * Deletes a task's job if this run still holds it: active, and not fetched again since (each
 * fetch of a started job adds one to retry_count). Its row lock orders it with pg-boss's expiry
 * and fetch, which update the same row. True when it was deleted.
 */
export async function deleteOwnJob(
  executor: PgBoss.Db,
  job: PgBoss.JobWithMetadata<object>,
): Promise<boolean> {
  const { rows } = await executor.executeSql(
    `delete from ${JOB_TABLE} where name = $1 and id = $2 and state = 'active' and retry_count = $3 returning id`,
    [job.name, job.id, job.retryCount],
  );
  return rows.length === 1;
}
