import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AlertCriteria, AlertFrequency, AlertLanguage, AlertStatus } from "#domain/alerts";
import { inBatches } from "#server/db/batches";
import type { Executor } from "#server/db/client";
import { mailboxKey } from "#server/db/mailbox";
import { properties } from "#server/modules/properties/properties.table";
import { alertSubscriptions } from "./alerts.table";

/**
 * Listing alerts' subscriptions: found by a token's hash, changed, removed, purged. What each was
 * told about is alerts.deliveries.repository.ts's. Each function runs on the database or on the
 * caller's transaction (`{ db: tx }`, or a mail transaction as it is).
 */

type Deps = { db: Executor };

export type SubscriptionRow = typeof alertSubscriptions.$inferSelect & {
  criteria: AlertCriteria;
  frequency: AlertFrequency;
  lang: AlertLanguage;
  status: AlertStatus;
};

/** The agency's towns: the cities of its active buildings. */
export async function activeTowns({ db }: Deps): Promise<string[]> {
  const rows = await db
    .selectDistinct({ city: properties.city })
    .from(properties)
    .where(eq(properties.active, true))
    .orderBy(properties.city);
  return rows.map((r) => r.city);
}

/** The mailbox an address reaches, as the caps compare it. */
const mailboxOf = (email: string) => mailboxKey(sql`${email}`);

/** Serializes subscribe and confirm for one mailbox within the caller's transaction. */
export async function lockMailbox({ db }: Deps, email: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('alerts:' || ${mailboxOf(email)}))`);
}

/**
 * Requests for the mailbox of `email` since `since`, confirmed or not: all of them, and those of
 * one requester (a keyed hash of a client address).
 */
export async function countRequestsSince(
  { db }: Deps,
  email: string,
  requester: string,
  since: Date,
) {
  const [row] = await db
    .select({
      all: sql<number>`count(*)::int`,
      mine: sql<number>`(count(*) filter (where ${alertSubscriptions.requester} = ${requester}))::int`,
    })
    .from(alertSubscriptions)
    .where(
      and(
        eq(alertSubscriptions.mailbox, mailboxOf(email)),
        sql`${alertSubscriptions.createdAt} > ${since}`,
      ),
    );
  return { all: row?.all ?? 0, mine: row?.mine ?? 0 };
}

/** The mailbox's confirmed subscriptions (active or paused), oldest first. */
export async function confirmedOf({ db }: Deps, email: string): Promise<SubscriptionRow[]> {
  return (await db
    .select()
    .from(alertSubscriptions)
    .where(
      and(
        eq(alertSubscriptions.mailbox, mailboxOf(email)),
        inArray(alertSubscriptions.status, ["active", "paused"]),
      ),
    )
    .orderBy(alertSubscriptions.createdAt)) as SubscriptionRow[];
}

export async function insertSubscription(
  { db }: Deps,
  row: typeof alertSubscriptions.$inferInsert,
): Promise<void> {
  await db.insert(alertSubscriptions).values(row);
}

/** The subscription a link's token hash names; `lock` holds its row to the transaction's end. */
function findByHash(
  column: typeof alertSubscriptions.confirmTokenHash | typeof alertSubscriptions.manageTokenHash,
) {
  return async ({ db }: Deps, hash: string, lock = false): Promise<SubscriptionRow | undefined> => {
    const query = db.select().from(alertSubscriptions).where(eq(column, hash));
    const [row] = lock ? await query.for("update") : await query;
    return row as SubscriptionRow | undefined;
  };
}

/** The subscription of a confirmation link's hash. */
export const findByConfirmHash = findByHash(alertSubscriptions.confirmTokenHash);
/** The subscription of a manage link's hash. */
export const findByManageHash = findByHash(alertSubscriptions.manageTokenHash);

/**
 * The subscriber's own change (confirm, new criteria, pause, resume): activity, which the
 * two-year retention counts from.
 */
export async function updateSubscription(
  { db }: Deps,
  id: string,
  values: Partial<typeof alertSubscriptions.$inferInsert>,
): Promise<void> {
  await db
    .update(alertSubscriptions)
    .set({ ...values, lastActivityAt: sql`now()` })
    .where(eq(alertSubscriptions.id, id));
}

/**
 * The same change to several subscriptions, by the system (the runner's batch): not activity,
 * so the retention's clock is left as it is.
 */
export async function updateSubscriptions(
  { db }: Deps,
  ids: string[],
  values: Partial<typeof alertSubscriptions.$inferInsert>,
): Promise<void> {
  if (ids.length === 0) return;
  await db.update(alertSubscriptions).set(values).where(inArray(alertSubscriptions.id, ids));
}

/**
 * The subscriber opened their manage page: activity. Written at most once a day per alert, so a
 * page opened again and again does not write each time.
 */
export async function touchActivity({ db }: Deps, id: string, now: Date): Promise<void> {
  await db
    .update(alertSubscriptions)
    .set({ lastActivityAt: now })
    .where(
      and(
        eq(alertSubscriptions.id, id),
        sql`${alertSubscriptions.lastActivityAt} < ${new Date(now.getTime() - 86_400_000)}`,
      ),
    );
}

/** Removes it with what it was sent (the deliveries cascade); false if it was gone. */
export async function removeSubscription({ db }: Deps, id: string): Promise<boolean> {
  const rows = await db
    .delete(alertSubscriptions)
    .where(eq(alertSubscriptions.id, id))
    .returning({ id: alertSubscriptions.id });
  return rows.length === 1;
}

/** Deletes the subscriptions `due` selects, a batch at a time; answers how many went. */
function deleteInBatches({ db }: Deps, due: SQL): Promise<number> {
  return inBatches(async (limit) => {
    const batch = db
      .select({ id: alertSubscriptions.id })
      .from(alertSubscriptions)
      .where(due)
      .limit(limit);
    const result = await db.delete(alertSubscriptions).where(inArray(alertSubscriptions.id, batch));
    return result.rowCount ?? 0;
  });
}

/** Unconfirmed subscriptions past their link's time: removed. */
export async function purgeUnconfirmed(deps: Deps, now: Date): Promise<number> {
  const removed = await deleteInBatches(
    deps,
    and(
      eq(alertSubscriptions.status, "pending"),
      sql`${alertSubscriptions.confirmExpiresAt} < ${now}`,
    )!,
  );
  // A confirmed one's confirmation link ends with its time too.
  await inBatches(async (limit) => {
    const batch = deps.db
      .select({ id: alertSubscriptions.id })
      .from(alertSubscriptions)
      .where(sql`${alertSubscriptions.confirmExpiresAt} < ${now}`)
      .limit(limit);
    const result = await deps.db
      .update(alertSubscriptions)
      .set({ confirmTokenHash: null, confirmExpiresAt: null })
      .where(inArray(alertSubscriptions.id, batch));
    return result.rowCount ?? 0;
  });
  return removed;
}

/** Subscriptions with no activity since `before`: removed with what they were sent. */
export function purgeInactive(deps: Deps, before: Date): Promise<number> {
  return deleteInBatches(deps, sql`${alertSubscriptions.lastActivityAt} < ${before}`);
}
