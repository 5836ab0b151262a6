import { inArray, lte, sql } from "drizzle-orm";
import { AUDIT_RETENTION_DAYS } from "#domain/audit";
import { inBatches } from "#server/db/batches";
import type { Db } from "#server/db/client";
import { auditEvents } from "./audit.table";

/** The trail's writes: an event appended, and the daily purge. Its reads are the audit module's. */

export type NewAuditEvent = typeof auditEvents.$inferInsert;

export async function insertAuditEvent({ db }: { db: Db }, event: NewAuditEvent): Promise<void> {
  await db.insert(auditEvents).values(event);
}

/**
 * Removes the events past the retention, a batch at a time: the only DELETE the table's trigger
 * lets through, and only in a transaction that says it is the purge (one per batch). Answers
 * how many went.
 */
export function purgeAuditEvents({ db }: { db: Db }): Promise<number> {
  const due = lte(auditEvents.at, sql`now() - make_interval(days => ${AUDIT_RETENTION_DAYS})`);
  return inBatches((limit) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('rentals.audit_purge', 'on', true)`);
      // The period the trigger checks: the retention table's (migration 0027).
      await tx.execute(
        sql`select set_config('rentals.audit_retention_days', ${String(AUDIT_RETENTION_DAYS)}, true)`,
      );
      const batch = tx.select({ id: auditEvents.id }).from(auditEvents).where(due).limit(limit);
      const result = await tx.delete(auditEvents).where(inArray(auditEvents.id, batch));
      return result.rowCount ?? 0;
    }),
  );
}
