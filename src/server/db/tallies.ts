import { sql } from "drizzle-orm";
import type { Executor } from "./client";

/**
 * Figures kept by triggers (migration 0022, schema "derived"): each write to outgoing_mail,
 * tenant_files or alert_subscriptions appends signed deltas to derived.tallies in the writer's
 * own transaction, so a figure is always exact for whoever reads it, and costs the same to read
 * whatever the size of the table it counts. Writers never wait on each other (rows are only
 * appended); `compactTallies` folds each figure's rows into one now and then, so the rows read
 * stay a handful per key.
 */

export type TallyName =
  | "outgoing_mail.status"
  | "tenant_files.category"
  | "tenant_files.bytes"
  | "alert_subscriptions.status"
  | "alert_subscriptions.active_frequency"
  | "alert_subscriptions.renters";

/** One figure's value by key (a key at 0, or never counted, is absent: read it as 0). */
export async function readTally(db: Executor, name: TallyName): Promise<Map<string, number>> {
  const result = await db.execute<{ key: string; n: string }>(
    sql`select key, sum(n)::text as n from derived.tallies where name = ${name} group by key having sum(n) <> 0`,
  );
  return new Map(result.rows.map((row) => [row.key, Number(row.n)]));
}

/** Every figure's rows folded into one each; answers the rows removed (0 while another folds). */
export async function compactTallies(db: Executor): Promise<number> {
  const result = await db.execute<{ folded: string }>(
    sql`select derived.compact_tallies()::text as folded`,
  );
  return Number(result.rows[0]?.folded ?? 0);
}

/** How often a running app folds the figures' rows. */
export const TALLY_COMPACT_MS = 5 * 60_000;
