import { and, eq, inArray, sql } from "drizzle-orm";
import { retention } from "#domain/retention";
import { inBatches } from "#server/db/batches";
import type { Db } from "#server/db/client";
import { outgoingMail } from "./outgoing-mail.table";

export type OutgoingMailRow = typeof outgoingMail.$inferSelect;
/** How many messages wait, since when the oldest has waited, and how many failed. */
export type MailBacklog = { queued: number; failed: number; oldest: Date | null };

/**
 * Sent and failed messages are kept this long (the Outgoing mail tab's history, and a failed
 * message's Retry), then purged daily. Queued ones stay until they are sent or fail.
 */
export const OUTGOING_MAIL_KEEP_DAYS = retention.sentMail.days;

/**
 * The queue's rows: one per message, from queued to sent or failed. What staff read of them is
 * the outgoing-mail module's.
 */
export function createOutgoingMailRepository(db: Db) {
  return {
    async insert(row: {
      kind: string;
      toAddress: string;
      subject: string;
      sealedBody: string;
    }): Promise<OutgoingMailRow> {
      const [inserted] = await db.insert(outgoingMail).values(row).returning();
      return inserted!;
    },

    async find(id: string): Promise<OutgoingMailRow | null> {
      const [row] = await db.select().from(outgoingMail).where(eq(outgoingMail.id, id));
      return row ?? null;
    },

    /** Sent: the body, which may hold a code or a link, is dropped. */
    async markSent(id: string): Promise<void> {
      await db
        .update(outgoingMail)
        .set({
          status: "sent",
          sentAt: sql`now()`,
          sealedBody: null,
          lastError: null,
          attempts: sql`${outgoingMail.attempts} + 1`,
        })
        .where(eq(outgoingMail.id, id));
    },

    /** A try that failed: counted, with its reason; the last one marks the message failed. */
    async recordFailure(id: string, reason: string, final: boolean): Promise<void> {
      await db
        .update(outgoingMail)
        .set({
          attempts: sql`${outgoingMail.attempts} + 1`,
          lastError: reason,
          ...(final ? { status: "failed" as const, failedAt: sql`now()` } : {}),
        })
        .where(eq(outgoingMail.id, id));
    },

    /** Failed for a reason no retry can change (a body sealed under another secret). */
    async markUnsendable(id: string, reason: string): Promise<void> {
      await db
        .update(outgoingMail)
        .set({ status: "failed", failedAt: sql`now()`, lastError: reason })
        .where(eq(outgoingMail.id, id));
    },

    /** A failed message queued again by staff; false if it was not failed (or is gone). */
    async requeue(id: string): Promise<boolean> {
      const rows = await db
        .update(outgoingMail)
        .set({ status: "queued", failedAt: null })
        .where(
          and(
            eq(outgoingMail.id, id),
            eq(outgoingMail.status, "failed"),
            sql`${outgoingMail.sealedBody} is not null`,
          ),
        )
        .returning({ id: outgoingMail.id });
      return rows.length === 1;
    },

    /** How many wait, since when the oldest has waited, and how many failed (for metrics). */
    async backlog(): Promise<MailBacklog> {
      const [row] = await db
        .select({
          queued: sql<number>`count(*) filter (where ${outgoingMail.status} = 'queued')::int`,
          failed: sql<number>`count(*) filter (where ${outgoingMail.status} = 'failed')::int`,
          oldest: sql<
            string | null
          >`min(${outgoingMail.createdAt}) filter (where ${outgoingMail.status} = 'queued')`,
        })
        .from(outgoingMail)
        .where(sql`${outgoingMail.status} in ('queued', 'failed')`);
      const oldest = row?.oldest ?? null;
      return {
        queued: row?.queued ?? 0,
        failed: row?.failed ?? 0,
        oldest: oldest === null ? null : new Date(oldest),
      };
    },

    /** Whether a message of that kind was queued to that address within the last `hours`. */
    async queuedRecently(kind: string, to: string, hours: number): Promise<boolean> {
      const rows = await db
        .select({ id: outgoingMail.id })
        .from(outgoingMail)
        .where(
          and(
            eq(outgoingMail.kind, kind),
            eq(outgoingMail.toAddress, to),
            sql`${outgoingMail.createdAt} > now() - make_interval(hours => ${hours})`,
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /**
     * Removes sent and failed messages older than OUTGOING_MAIL_KEEP_DAYS, a batch at a time;
     * answers how many.
     */
    purgeOld(): Promise<number> {
      const due = and(
        sql`${outgoingMail.status} in ('sent', 'failed')`,
        sql`coalesce(${outgoingMail.sentAt}, ${outgoingMail.failedAt}, ${outgoingMail.createdAt}) < now() - make_interval(days => ${OUTGOING_MAIL_KEEP_DAYS})`,
      );
      return inBatches(async (limit) => {
        const batch = db.select({ id: outgoingMail.id }).from(outgoingMail).where(due).limit(limit);
        const result = await db.delete(outgoingMail).where(inArray(outgoingMail.id, batch));
        return result.rowCount ?? 0;
      });
    },
  };
}
