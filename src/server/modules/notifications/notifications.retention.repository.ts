import { inArray, sql } from "drizzle-orm";
import { inBatches } from "#server/db/batches";
import type { Executor } from "#server/db/client";
import { notificationEvents } from "./notifications.table";

/**
 * The notification centre's side of the retention table: notices older than their period go
 * (a few hundred rows a batch, along notification_events_created_idx), and the notices that
 * lead to a record being deleted (a maintenance request of a former tenant, an erased person's)
 * go with it: they name the person.
 */
export function purgeEventsBefore(db: Executor, cutoff: Date): Promise<number> {
  return inBatches(async (limit) => {
    const result = await db.execute(sql`
      delete from ${notificationEvents} where ${notificationEvents.id} in (
        select id from ${notificationEvents} where created_at < ${cutoff} limit ${limit})`);
    return result.rowCount ?? 0;
  });
}

/** Removes every person's notices that lead to one of these pages (`actionUrl`). */
export async function removeEventsLinkingTo(db: Executor, urls: string[]): Promise<number> {
  if (urls.length === 0) return 0;
  const result = await db
    .delete(notificationEvents)
    .where(inArray(notificationEvents.actionUrl, urls));
  return result.rowCount ?? 0;
}
