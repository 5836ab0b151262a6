import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { WaitlistStatus } from "#domain/waitlists";
import type { Executor } from "#server/db/client";
import { afterKey, type KeyPart } from "#server/db/keyset";
import { properties } from "#server/modules/properties/properties.table";
import { type WaitlistMove, waitlistEntries } from "./waitlist.table";

type Deps = { db: Executor };
export type WaitlistRow = typeof waitlistEntries.$inferSelect;

/** A listed building's name (a waiting list is for a building renters can see). */
export async function buildingTitle({ db }: Deps, propertyId: number) {
  const [row] = await db
    .select({ title: properties.title })
    .from(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.active, true)));
  return row?.title ?? null;
}

/** The person's entry on one list, locked (a second join waits for the first). */
export async function lockPerson(
  { db }: Deps,
  list: { propertyId: number; bedrooms: number },
  email: string,
) {
  const [row] = await db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.propertyId, list.propertyId),
        eq(waitlistEntries.bedrooms, list.bedrooms),
        sql`lower(${waitlistEntries.email}) = ${email.toLowerCase()}`,
      ),
    )
    .for("update");
  return row ?? null;
}

export async function insertEntry(
  { db }: Deps,
  values: typeof waitlistEntries.$inferInsert,
): Promise<WaitlistRow | null> {
  const [row] = await db.insert(waitlistEntries).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function markLinkSent({ db }: Deps, id: string, at: Date) {
  await db.update(waitlistEntries).set({ linkSentAt: at }).where(eq(waitlistEntries.id, id));
}

/** The entry a link's token names, with its building, locked with `lock`. */
export async function byTokenHash({ db }: Deps, tokenHash: string, lock = false) {
  const query = db
    .select({ entry: waitlistEntries, building: properties.title })
    .from(waitlistEntries)
    .innerJoin(properties, eq(properties.id, waitlistEntries.propertyId))
    .where(eq(waitlistEntries.tokenHash, tokenHash));
  const [row] = await (lock ? query.for("update", { of: waitlistEntries }) : query);
  return row ?? null;
}

/**
 * A waiting entry's place on its list: those before it, plus one. (The outer row is named in
 * full: drizzle writes a lone table's columns unqualified, which the subquery's own would take.)
 */
const placeOf = sql<number>`(select count(*)::int + 1 from waitlist_entries ahead
  where ahead.property_id = "waitlist_entries"."property_id"
    and ahead.bedrooms = "waitlist_entries"."bedrooms" and ahead.status = 'waiting'
    and (ahead.rank, ahead.id) < ("waitlist_entries"."rank", "waitlist_entries"."id"))`;

export async function positionOf({ db }: Deps, id: string): Promise<number | null> {
  const [row] = await db
    .select({ status: waitlistEntries.status, place: placeOf })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.id, id));
  return row?.status === "waiting" ? row.place : null;
}

export async function updateEntry(
  { db }: Deps,
  id: string,
  values: Partial<{
    status: WaitlistStatus;
    rank: number;
    joinedAt: Date;
    lastConfirmedAt: Date;
    checkSentAt: Date | null;
    invitedAt: Date;
    applicationId: string;
    moves: WaitlistMove[];
  }>,
) {
  await db
    .update(waitlistEntries)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(waitlistEntries.id, id));
}

export async function deleteEntry({ db }: Deps, id: string) {
  await db.delete(waitlistEntries).where(eq(waitlistEntries.id, id));
}

/** One page of a building's lists for the office: by bedrooms, then in their order. */
export async function listForOffice(
  { db }: Deps,
  filter: { propertyId: number; bedrooms?: number | undefined },
  after: readonly KeyPart[] | null,
  limit: number,
) {
  return db
    .select({
      entry: waitlistEntries,
      place: placeOf,
      key: sql<number>`${waitlistEntries.rank}`,
    })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.propertyId, filter.propertyId),
        filter.bedrooms === undefined ? undefined : eq(waitlistEntries.bedrooms, filter.bedrooms),
        sql`${waitlistEntries.status} in ('waiting', 'invited')`,
        after
          ? afterKey(
              [waitlistEntries.bedrooms, waitlistEntries.rank, waitlistEntries.id],
              after,
              "asc",
            )
          : undefined,
      ),
    )
    .orderBy(asc(waitlistEntries.bedrooms), asc(waitlistEntries.rank), asc(waitlistEntries.id))
    .limit(limit + 1);
}

export async function lockEntry({ db }: Deps, id: string) {
  const [row] = await db
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.id, id))
    .for("update");
  return row ?? null;
}

/**
 * The ranks either side of place `position` on a list, the entry being moved left out: the two
 * entries at places position - 1 and position (either may be missing at an end).
 */
export async function ranksAround(
  { db }: Deps,
  entry: Pick<WaitlistRow, "id" | "propertyId" | "bedrooms">,
  position: number,
) {
  const rows = await db
    .select({ rank: waitlistEntries.rank })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.propertyId, entry.propertyId),
        eq(waitlistEntries.bedrooms, entry.bedrooms),
        eq(waitlistEntries.status, "waiting"),
        sql`${waitlistEntries.id} <> ${entry.id}`,
      ),
    )
    .orderBy(asc(waitlistEntries.rank), asc(waitlistEntries.id))
    .offset(Math.max(0, position - 2))
    .limit(position === 1 ? 1 : 2);
  const ranks = rows.map((row) => row.rank ?? 0);
  return position === 1
    ? { before: null, after: ranks[0] ?? null }
    : { before: ranks[0] ?? null, after: ranks[1] ?? null };
}

/** The next `count` waiting on a list, in order, locked (skipping those another holds). */
export async function nextWaiting(
  { db }: Deps,
  list: { propertyId: number; bedrooms: number },
  count: number,
) {
  return db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.propertyId, list.propertyId),
        eq(waitlistEntries.bedrooms, list.bedrooms),
        eq(waitlistEntries.status, "waiting"),
      ),
    )
    .orderBy(asc(waitlistEntries.rank), asc(waitlistEntries.id))
    .limit(count)
    .for("update", { skipLocked: true });
}

/** Those waiting who last confirmed before `before` and were not asked yet, a batch, locked. */
export async function dueForCheck({ db }: Deps, before: Date, limit: number) {
  return db
    .select({ entry: waitlistEntries, building: properties.title })
    .from(waitlistEntries)
    .innerJoin(properties, eq(properties.id, waitlistEntries.propertyId))
    .where(
      and(
        eq(waitlistEntries.status, "waiting"),
        lt(waitlistEntries.lastConfirmedAt, before),
        sql`${waitlistEntries.checkSentAt} is null`,
      ),
    )
    .limit(limit)
    .for("update", { of: waitlistEntries, skipLocked: true });
}

/** Those asked before `before` who did not answer: removed, a batch at a time. */
export async function removeSilent({ db }: Deps, before: Date, limit: number) {
  const silent = db
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.status, "waiting"), lt(waitlistEntries.checkSentAt, before)))
    .limit(limit)
    .for("update", { skipLocked: true });
  const removed = await db
    .delete(waitlistEntries)
    .where(sql`${waitlistEntries.id} in ${silent}`)
    .returning();
  if (removed.length === 0) return [];
  const titles = await db
    .select({ id: properties.id, title: properties.title })
    .from(properties)
    .where(sql`${properties.id} in ${[...new Set(removed.map((r) => r.propertyId))]}`);
  const titleOf = new Map(titles.map((t) => [t.id, t.title]));
  return removed.map((entry) => ({ entry, building: titleOf.get(entry.propertyId) ?? "" }));
}

/** Joins never confirmed, asked before `before`: deleted. */
export async function purgeUnconfirmed({ db }: Deps, before: Date): Promise<number> {
  const result = await db
    .delete(waitlistEntries)
    .where(and(eq(waitlistEntries.status, "pending"), lt(waitlistEntries.createdAt, before)));
  return result.rowCount ?? 0;
}
