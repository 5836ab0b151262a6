import { and, count, eq, gt, gte, inArray, isNull, lt, lte, ne, sql } from "drizzle-orm";
import type { ShowingFollowUp, ShowingHours, ShowingStatus } from "#domain/showings";
import type { Executor } from "#server/db/client";
import { afterKey, type KeyPart, timeKey } from "#server/db/keyset";
import { properties, units } from "#server/modules/properties/properties.table";
import { users } from "#server/modules/users/users.table";
import { showingHours, showings } from "./showings.table";

type Deps = { db: Executor };

/** The statuses that hold a showing's time (the exclusion constraint's). */
const holding: ShowingStatus[] = ["requested", "booked"];

/** A unit of an active building, with its building's hours (null: none set). */
export async function unitForShowings({ db }: Deps, unitId: number) {
  const [row] = await db
    .select({
      id: units.id,
      number: units.unitNumber,
      propertyId: properties.id,
      building: properties.title,
      address: sql<string>`${properties.address} || ', ' || ${properties.city} || ', ' || ${properties.state} || ' ' || ${properties.zipCode}`,
      hours: showingHours.hours,
      // A tenant at home: an active portal account on the unit.
      occupied: sql<boolean>`exists (select 1 from ${users} where ${users.unitId} = ${units.id}
        and ${users.role} = 'tenant' and ${users.accessEndedAt} is null)`,
    })
    .from(units)
    .innerJoin(properties, eq(properties.id, units.propertyId))
    .leftJoin(showingHours, eq(showingHours.propertyId, properties.id))
    .where(and(eq(units.id, unitId), eq(properties.active, true)));
  return row ?? null;
}
export type ShowingUnit = NonNullable<Awaited<ReturnType<typeof unitForShowings>>>;

/**
 * The times a unit's showings hold from `from` on (requested or booked), but `except`'s (a
 * showing being moved does not stand in its own way).
 */
export async function takenTimes({ db }: Deps, unitId: number, from: Date, except?: string) {
  return db
    .select({ start: showings.startsAt, end: showings.endsAt })
    .from(showings)
    .where(
      and(
        eq(showings.unitId, unitId),
        inArray(showings.status, holding),
        gt(showings.endsAt, from),
        except ? ne(showings.id, except) : undefined,
      ),
    )
    .orderBy(showings.startsAt);
}

/**
 * Moves a showing that still holds its time and has not begun to another slot: its invitation's
 * sequence and its moves go on (a new link, `tokenHash`), and its reminders are due again. Null
 * when there is none to move. The exclusion constraint refuses a slot another showing holds.
 */
export async function moveShowing(
  { db }: Deps,
  id: string,
  slot: { start: Date; end: Date },
  tokenHash: string,
  now: Date,
) {
  const [row] = await db
    .update(showings)
    .set({
      startsAt: slot.start,
      endsAt: slot.end,
      sequence: sql`${showings.sequence} + 1`,
      moves: sql`${showings.moves} + 1`,
      tokenHash,
      remindedDayAt: null,
      remindedHoursAt: null,
      updatedAt: now,
    })
    .where(and(eq(showings.id, id), inArray(showings.status, holding), gt(showings.startsAt, now)))
    .returning();
  return row ?? null;
}

/**
 * Serializes bookings of one unit within the caller's transaction. The exclusion constraint alone
 * keeps showings apart, but two inserts that conflict at the same moment can each wait for the
 * other (PostgreSQL then aborts one as a deadlock, 40P01); in turn, the second sees the first's
 * showing and is refused as a conflict (23P01), which the renter is told plainly.
 */
export async function lockUnitBookings({ db }: Deps, unitId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('showings:' || ${unitId}::text))`);
}

export async function insertShowing(
  { db }: Deps,
  row: typeof showings.$inferInsert,
): Promise<typeof showings.$inferSelect> {
  const [inserted] = await db.insert(showings).values(row).returning();
  return inserted!;
}

/** The showing of a link, by its token's hash. */
export async function findByTokenHash({ db }: Deps, tokenHash: string) {
  const [row] = await db.select().from(showings).where(eq(showings.tokenHash, tokenHash));
  return row ?? null;
}

/**
 * Cancels a showing that still holds its time and has not begun; its invitation's sequence
 * moves on. Null when there is none to cancel.
 */
export async function cancelShowing({ db }: Deps, id: string, now: Date) {
  const [row] = await db
    .update(showings)
    .set({ status: "cancelled", sequence: sql`${showings.sequence} + 1`, updatedAt: now })
    .where(and(eq(showings.id, id), inArray(showings.status, holding), gt(showings.startsAt, now)))
    .returning();
  return row ?? null;
}

export async function hoursOf({ db }: Deps, propertyId: number) {
  const [building] = await db
    .select({ id: properties.id, hours: showingHours.hours })
    .from(properties)
    .leftJoin(showingHours, eq(showingHours.propertyId, properties.id))
    .where(eq(properties.id, propertyId));
  return building ?? null;
}

export async function saveHours({ db }: Deps, propertyId: number, hours: ShowingHours) {
  await db
    .insert(showingHours)
    .values({ propertyId, hours })
    .onConflictDoUpdate({ target: showingHours.propertyId, set: { hours, updatedAt: new Date() } });
}

/** Showings a pass takes at a time: each pass's transaction stays small. */
const PASS_BATCH = 100;

/**
 * Requests nobody confirmed since `before`, released (their time free again): answered with what
 * their e-mail says. Rows taken by another instance's pass at the same moment are skipped, so
 * each is released, and its renter told, once.
 */
export async function releaseRequestsBefore({ db }: Deps, before: Date, now: Date) {
  const result = await db.execute<ReminderRow>(sql`
    update ${showings} s set status = 'released', sequence = s.sequence + 1, updated_at = ${now}
    from ${units} u join ${properties} p on p.id = u.property_id
    where u.id = s.unit_id and s.id in (
      select id from ${showings}
      where status = 'requested' and created_at < ${before}
      order by created_at limit ${PASS_BATCH} for update skip locked)
    returning ${reminderColumns}`);
  return result.rows.map(reminderRow);
}

/**
 * Booked showings starting within `within` of `now` whose reminder of that kind was not sent
 * (and that were booked longer than that ahead), marked sent: answered to be e-mailed in the
 * same transaction. Locked rows are skipped, so two instances never remind twice.
 */
export async function takeReminders(
  { db }: Deps,
  kind: "day" | "hours",
  within: number,
  now: Date,
) {
  const column = kind === "day" ? sql.raw("reminded_day_at") : sql.raw("reminded_hours_at");
  const until = new Date(now.getTime() + within);
  const result = await db.execute<ReminderRow>(sql`
    update ${showings} s set ${column} = ${now}
    from ${units} u join ${properties} p on p.id = u.property_id
    where u.id = s.unit_id and s.id in (
      select id from ${showings}
      where status = 'booked' and ${column} is null
        and starts_at > ${now} and starts_at <= ${until}
        and starts_at - created_at > ${`${within / 1000} seconds`}::interval
      order by starts_at limit ${PASS_BATCH} for update skip locked)
    returning ${reminderColumns}`);
  return result.rows.map(reminderRow);
}

const reminderColumns = sql.raw(`s.id, s.unit_id, s.starts_at, s.ends_at, s.name, s.email, s.lang,
  s.sequence, s.moves, s.token_hash, u.unit_number, p.title as building,
  p.address || ', ' || p.city || ', ' || p.state || ' ' || p.zip_code as address`);

type ReminderRow = {
  id: string;
  unit_id: number;
  starts_at: Date | string;
  ends_at: Date | string;
  name: string;
  email: string;
  lang: "en" | "es";
  sequence: number;
  moves: number;
  token_hash: string;
  unit_number: string;
  building: string;
  address: string;
};

const reminderRow = (row: ReminderRow) => ({
  id: row.id,
  unitId: row.unit_id,
  startsAt: new Date(row.starts_at),
  endsAt: new Date(row.ends_at),
  name: row.name,
  email: row.email,
  lang: row.lang,
  sequence: row.sequence,
  moves: row.moves,
  unit: { building: row.building, number: row.unit_number, address: row.address },
});
export type ReminderShowing = ReturnType<typeof reminderRow>;

/** A showing as the office sees it: who, when, where, and whether a tenant lives there. */
const officeColumns = {
  id: showings.id,
  status: showings.status,
  startsAt: showings.startsAt,
  endsAt: showings.endsAt,
  name: showings.name,
  email: showings.email,
  phone: showings.phone,
  note: showings.note,
  lang: showings.lang,
  sequence: showings.sequence,
  moves: showings.moves,
  followUp: showings.followUp,
  createdAt: showings.createdAt,
  unitId: units.id,
  unitNumber: units.unitNumber,
  propertyId: properties.id,
  building: properties.title,
  address: sql<string>`${properties.address} || ', ' || ${properties.city} || ', ' || ${properties.state} || ' ' || ${properties.zipCode}`,
  occupied: sql<boolean>`exists (select 1 from ${users} where ${users.unitId} = ${units.id}
    and ${users.role} = 'tenant' and ${users.accessEndedAt} is null)`,
};

/**
 * A page of the showings starting in [from, to), soonest first (along showings_starts_idx, a
 * week's rows at most), of one status and one building when asked. `after` is the last row's
 * key of the page before.
 */
export async function listForOffice(
  { db }: Deps,
  range: { from: Date; to: Date },
  filter: { status: ShowingStatus | "all"; propertyId?: number | undefined },
  after: readonly KeyPart[] | null,
  limit: number,
) {
  return db
    .select({ ...officeColumns, key: timeKey(showings.startsAt) })
    .from(showings)
    .innerJoin(units, eq(units.id, showings.unitId))
    .innerJoin(properties, eq(properties.id, units.propertyId))
    .where(
      and(
        gte(showings.startsAt, range.from),
        lt(showings.startsAt, range.to),
        filter.status === "all" ? undefined : eq(showings.status, filter.status),
        filter.propertyId === undefined ? undefined : eq(properties.id, filter.propertyId),
        after ? afterKey([showings.startsAt, showings.id], after, "asc") : undefined,
      ),
    )
    .orderBy(sql`${showings.startsAt} asc`, sql`${showings.id} asc`)
    .limit(limit + 1);
}
export type OfficeShowingRow = Omit<Awaited<ReturnType<typeof listForOffice>>[number], "key">;

/** Requests waiting for staff (along showings_status_idx). */
export async function countRequested({ db }: Deps): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(showings)
    .where(eq(showings.status, "requested"));
  return row?.value ?? 0;
}

export async function findForOffice({ db }: Deps, id: string): Promise<OfficeShowingRow | null> {
  const [row] = await db
    .select(officeColumns)
    .from(showings)
    .innerJoin(units, eq(units.id, showings.unitId))
    .innerJoin(properties, eq(properties.id, units.propertyId))
    .where(eq(showings.id, id));
  return row ?? null;
}

/**
 * Moves a showing from one of `from` to `to`, if it still is in one of them (and, for an
 * outcome, its time has begun); a cancellation moves its invitation's sequence on. Null when it
 * changed meanwhile.
 */
export async function changeStatus(
  { db }: Deps,
  id: string,
  change: { from: readonly ShowingStatus[]; to: ShowingStatus; startedBy?: Date },
  now: Date,
) {
  const [row] = await db
    .update(showings)
    .set({
      status: change.to,
      updatedAt: now,
      ...(change.to === "cancelled" ? { sequence: sql`${showings.sequence} + 1` } : {}),
    })
    .where(
      and(
        eq(showings.id, id),
        inArray(showings.status, [...change.from]),
        change.startedBy ? lte(showings.startsAt, change.startedBy) : undefined,
      ),
    )
    .returning({ id: showings.id });
  return row ?? null;
}

/** Records what followed a completed showing; null when it is not (or no longer) completed. */
export async function setFollowUp({ db }: Deps, id: string, followUp: ShowingFollowUp, now: Date) {
  const [row] = await db
    .update(showings)
    .set({ followUp, followedUpAt: now, updatedAt: now })
    .where(and(eq(showings.id, id), eq(showings.status, "completed")))
    .returning({ id: showings.id });
  return row ?? null;
}

/** The active tenants of a unit: who is told before strangers visit their home. */
export async function tenantsAtHome({ db }: Deps, unitId: number) {
  return db
    .select({ id: users.id, email: users.email, language: users.language })
    .from(users)
    .where(and(eq(users.unitId, unitId), eq(users.role, "tenant"), isNull(users.accessEndedAt)));
}

/** Which of `ids` are units of the building. */
export async function unitIdsOf({ db }: Deps, propertyId: number, ids: number[]) {
  const rows = await db
    .select({ id: units.id })
    .from(units)
    .where(and(eq(units.propertyId, propertyId), inArray(units.id, ids)));
  return rows.map((row) => row.id);
}
