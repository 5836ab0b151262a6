import { type SQL, sql } from "drizzle-orm";
import type { AlertFrequency } from "#domain/alerts";
import type { Executor } from "#server/db/client";
import type { SubscriptionRow } from "./alerts.repository";

/**
 * What each subscription was told about (`alert_deliveries`): the matching of the units that
 * changed (`alert_unit_changes`), the alerts waiting, and their sending. Each function runs on
 * the database or on the caller's transaction; none reads more than a page of rows.
 */

type Deps = { db: Executor };

/** A unit as the matching rule reads it: SQL for its bedrooms, rent, town and availability date. */
export type MatchedUnit = { bedrooms: SQL; rent: SQL; city: SQL; availableFrom: SQL };

/** A stored unit `u` of its building `p`. */
const storedUnit: MatchedUnit = {
  bedrooms: sql`u.bedrooms`,
  rent: sql`u.rent`,
  city: sql`p.city`,
  availableFrom: sql`u.available_from`,
};

/**
 * The SQL test of a subscription `s` against a unit (by default the stored unit `u` of its
 * building `p`) on the office day `today`: the same rule as `matchesCriteria` in the domain,
 * written for the database so that matching every subscription against every listed unit is
 * one statement. The back office counts a unit being edited with it too, from its values.
 */
export const matchesSql = (today: string, unit: MatchedUnit = storedUnit) => sql`
  (s.criteria->>'bedroomsMin' is null or ${unit.bedrooms} >= (s.criteria->>'bedroomsMin')::int)
  and (s.criteria->>'rentMax' is null or ${unit.rent} <= (s.criteria->>'rentMax')::numeric)
  and (s.criteria->'towns' is null or s.criteria->'towns' ? ${unit.city})
  and (coalesce((s.criteria->>'availableNow')::boolean, false) = false
       or ${unit.availableFrom} is null or ${unit.availableFrom} <= ${today}::date)`;

/** A unit the public sees as available: listed (its building active) and marked available. */
const listedSql = sql`u.available and p.active`;

/**
 * Records every unit the subscription matches today as already known: what is listed when a
 * renter confirms, changes or resumes an alert is not news to them.
 */
export async function markListedAsKnown(
  { db }: Deps,
  subscriptionId: string,
  today: string,
): Promise<void> {
  await db.execute(sql`
    insert into alert_deliveries (subscription_id, unit_id, state)
    select s.id, u.id, 'known'
    from alert_subscriptions s
    join units u on true
    join properties p on p.id = u.property_id
    where s.id = ${subscriptionId} and ${listedSql} and ${matchesSql(today)}
    on conflict (subscription_id, unit_id) do nothing`);
  // What was waiting for a summary under the old criteria is dropped if it no longer matches.
  await db.execute(sql`
    delete from alert_deliveries d
    using alert_subscriptions s, units u, properties p
    where d.subscription_id = ${subscriptionId} and d.state = 'pending'
      and s.id = d.subscription_id and u.id = d.unit_id and p.id = u.property_id
      and not (${listedSql} and ${matchesSql(today)})`);
}

/**
 * Takes up to `limit` due changes (SKIP LOCKED: another instance takes others) and makes each
 * changed unit, if listed, pending for every active subscription it matches and that was never
 * told about it: one statement, so the changes are taken and matched together or not at all.
 * The primary key makes a pair that exists (or that another instance is inserting) a no-op.
 * Answers how many changes were taken and how many deliveries are new.
 */
export async function matchChanges(
  { db }: Deps,
  today: string,
  limit: number,
): Promise<{ taken: number; matched: number }> {
  const result = await db.execute<{ taken: number; matched: number }>(sql`
    with taken as (
      delete from alert_unit_changes c
      where c.id in (select id from alert_unit_changes
                     where due_on is null or due_on <= ${today}::date
                     limit ${limit} for update skip locked)
      returning c.unit_id
    ), matched as (
      insert into alert_deliveries (subscription_id, unit_id, state)
      select s.id, u.id, 'pending'
      from units u
      join properties p on p.id = u.property_id
      join alert_subscriptions s on s.status = 'active'
      where u.id in (select unit_id from taken) and ${listedSql} and ${matchesSql(today)}
      on conflict (subscription_id, unit_id) do nothing
      returning 1
    )
    select (select count(*) from taken)::int as taken, (select count(*) from matched)::int as matched`);
  return result.rows[0] ?? { taken: 0, matched: 0 };
}

/**
 * A page of the subscriptions with alerts waiting, in id order after `after` (keyset): instant
 * ones always, daily ones when their day is due.
 */
export async function pendingPage(
  { db }: Deps,
  page: { frequency: AlertFrequency; today: string; after: string | null; limit: number },
): Promise<string[]> {
  const due =
    page.frequency === "daily"
      ? sql`and (s.last_digest_on is null or s.last_digest_on < ${page.today}::date)`
      : sql``;
  const after = page.after === null ? sql`` : sql`and s.id > ${page.after}::uuid`;
  const result = await db.execute<{ id: string }>(sql`
    select s.id from alert_subscriptions s
    where s.status = 'active' and s.frequency = ${page.frequency} ${after} ${due}
      and exists (select 1 from alert_deliveries d
                  where d.subscription_id = s.id and d.state = 'pending')
    order by s.id
    limit ${page.limit}`);
  return result.rows.map((r) => r.id);
}

/** A subscription locked for sending, with the units waiting for it in the order they matched. */
export type LockedSubscription = Pick<
  SubscriptionRow,
  "id" | "email" | "lang" | "criteria" | "lastDigestOn"
> & { pending: number[] };

/**
 * Locks an active subscription of that frequency and reads what waits for it, in one statement
 * (it runs once per subscriber), unless another instance holds it (then undefined: that one is
 * sending its alerts). FOR NO KEY UPDATE, not FOR UPDATE: it still excludes another sender, a
 * change of the row and its deletion, but not the key-share lock that inserting a delivery
 * takes on it (the foreign key), so another instance's matching does not wait for this send.
 */
export async function lockWithPending(
  { db }: Deps,
  id: string,
  frequency: AlertFrequency,
): Promise<LockedSubscription | undefined> {
  const result = await db.execute<LockedSubscription>(sql`
    select s.id, s.email, s.lang, s.criteria, s.last_digest_on::text as "lastDigestOn",
      array(select d.unit_id from alert_deliveries d
            where d.subscription_id = s.id and d.state = 'pending'
            order by d.matched_at, d.unit_id) as pending
    from alert_subscriptions s
    where s.id = ${id} and s.status = 'active' and s.frequency = ${frequency}
    for no key update of s skip locked`);
  return result.rows[0];
}

/** Alerts of one subscription about some units. */
export type Deliveries = { subscriptionId: string; unitIds: number[] };

/** The pairs as two parallel arrays, for `unnest`. */
function pairsOf(deliveries: Deliveries[]) {
  const subscriptions: string[] = [];
  const units: number[] = [];
  for (const { subscriptionId, unitIds } of deliveries)
    for (const unitId of unitIds) {
      subscriptions.push(subscriptionId);
      units.push(unitId);
    }
  return sql`unnest(${sql.param(subscriptions)}::uuid[], ${sql.param(units)}::int[])`;
}

const isEmpty = (deliveries: Deliveries[]) => deliveries.every((d) => d.unitIds.length === 0);

/** The alerts whose e-mail the caller's transaction queued: sent. */
export async function markSent({ db }: Deps, deliveries: Deliveries[]): Promise<void> {
  if (isEmpty(deliveries)) return;
  await db.execute(sql`
    update alert_deliveries d set state = 'sent', sent_at = now()
    from ${pairsOf(deliveries)} as x(subscription_id, unit_id)
    where d.subscription_id = x.subscription_id and d.unit_id = x.unit_id`);
}

/** Pending alerts of units that no longer match (rented, rent raised): they wait no more. */
export async function dropPending({ db }: Deps, deliveries: Deliveries[]): Promise<void> {
  if (isEmpty(deliveries)) return;
  await db.execute(sql`
    delete from alert_deliveries d
    using ${pairsOf(deliveries)} as x(subscription_id, unit_id)
    where d.subscription_id = x.subscription_id and d.unit_id = x.unit_id
      and d.state = 'pending'`);
}
