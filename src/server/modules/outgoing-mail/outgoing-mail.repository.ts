import { and, desc, eq } from "drizzle-orm";
import type { MailStatus } from "#domain/outgoing-mail";
import type { Db } from "#server/db/client";
import { afterKey, timeKey } from "#server/db/keyset";
import { readTally } from "#server/db/tallies";
import { outgoingMail } from "#server/mail/outgoing-mail.table";

/** Staff's reads of the outgoing mail (the queue itself writes the rows: src/server/mail). */

type Deps = { db: Db };

export type OutgoingMailRow = typeof outgoingMail.$inferSelect;

export async function findMessage({ db }: Deps, id: string): Promise<OutgoingMailRow | null> {
  const [row] = await db.select().from(outgoingMail).where(eq(outgoingMail.id, id));
  return row ?? null;
}

/**
 * One page, newest first, optionally of one status: `limit + 1` rows after the cursor's
 * (created_at, id), along outgoing_mail_created_idx or outgoing_mail_status_idx. Each row
 * carries its key (the time to the microsecond).
 */
export async function listMessages(
  { db }: Deps,
  options: { status?: MailStatus | undefined; limit: number; after: [string, string] | null },
): Promise<(OutgoingMailRow & { key: [string, string] })[]> {
  const rows = await db
    .select({ message: outgoingMail, time: timeKey(outgoingMail.createdAt) })
    .from(outgoingMail)
    .where(
      and(
        options.status ? eq(outgoingMail.status, options.status) : undefined,
        options.after
          ? afterKey([outgoingMail.createdAt, outgoingMail.id], options.after)
          : undefined,
      ),
    )
    .orderBy(desc(outgoingMail.createdAt), desc(outgoingMail.id))
    .limit(options.limit + 1);
  return rows.map(({ message, time }) => ({ ...message, key: [time, message.id] }));
}

/** From the figures the table's triggers keep (db/tallies.ts), never from the rows. */
export async function countByStatus({ db }: Deps): Promise<Record<MailStatus, number>> {
  const tally = await readTally(db, "outgoing_mail.status");
  return {
    queued: tally.get("queued") ?? 0,
    sent: tally.get("sent") ?? 0,
    failed: tally.get("failed") ?? 0,
  };
}
