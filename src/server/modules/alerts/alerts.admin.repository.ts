import { and, count, desc, eq, sql } from "drizzle-orm";
import type { AlertCriteria, AlertStatus } from "#domain/alerts";
import type { Executor } from "#server/db/client";
import { afterKey, type KeyPart, timeKey } from "#server/db/keyset";
import { properties } from "#server/modules/properties/properties.table";
import { matchesSql } from "./alerts.deliveries.repository";
import type { SubscriptionRow } from "./alerts.repository";
import { alertDeliveries, alertSubscriptions } from "./alerts.table";

/** The back office's reads of listing alerts: figures, the subscribers, a unit's reach. */

type Deps = { db: Executor };

/** A unit being edited, by its values: what `matchesSql` reads of a stored one. */
export type UnitValues = {
  bedrooms: number;
  rent: number;
  city: string;
  availableFrom: string | null;
};

/** Subscriptions by status and, the active ones, by frequency; the addresses behind them. */
export async function alertCounts({ db }: Deps, now: Date) {
  const result = await db.execute<{
    active: number;
    paused: number;
    pending: number;
    instant: number;
    daily: number;
    renters: number;
  }>(sql`
    select count(*) filter (where status = 'active')::int as active,
           count(*) filter (where status = 'paused')::int as paused,
           count(*) filter (where status = 'pending' and confirm_expires_at > ${now})::int
             as pending,
           count(*) filter (where status = 'active' and frequency = 'instant')::int as instant,
           count(*) filter (where status = 'active' and frequency = 'daily')::int as daily,
           (select count(*) from (select email from alert_subscriptions
                                  where status = 'active' group by email) as r)::int as renters
    from alert_subscriptions`);
  return result.rows[0]!;
}

/**
 * Identical criteria of active subscriptions, most renters first (the longest wanted first
 * among equals). Criteria are stored normalized (towns sorted, empty fields left out), so the
 * same wish is one hash (`criteria_key`): the groups are read from alert_subscriptions_wishes_idx
 * alone, and the criteria of the few shown fetched after.
 */
export async function topCriteria(
  { db }: Deps,
  limit: number,
): Promise<{ criteria: AlertCriteria; renters: number }[]> {
  const result = await db.execute<{ criteria: AlertCriteria; renters: number }>(sql`
    with top as (
      select criteria_key, count(distinct email)::int as renters, min(created_at) as first
      from alert_subscriptions
      where status = 'active'
      group by criteria_key
      order by renters desc, first, criteria_key
      limit ${limit})
    select (select s.criteria from alert_subscriptions s
            where s.status = 'active' and s.criteria_key = top.criteria_key limit 1) as criteria,
           renters
    from top
    order by renters desc, first, criteria_key`);
  return result.rows;
}

/**
 * A page of subscriptions, newest first, after the cursor's key (read with `limit + 1`), with
 * the time of the last alert of each (the page's rows only); the total from a count.
 */
export async function subscribersPage(
  { db }: Deps,
  status: AlertStatus | undefined,
  limit: number,
  after: readonly KeyPart[] | undefined,
) {
  const where = status ? eq(alertSubscriptions.status, status) : undefined;
  const page = after
    ? and(where, afterKey([alertSubscriptions.createdAt, alertSubscriptions.id], after))
    : where;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        row: alertSubscriptions,
        lastAlertAt: sql<Date | null>`(
          select max(d.sent_at) from ${alertDeliveries} d
          where d.subscription_id = ${alertSubscriptions.id})`.mapWith(alertDeliveries.sentAt),
        at: timeKey(alertSubscriptions.createdAt),
      })
      .from(alertSubscriptions)
      .where(page)
      .orderBy(desc(alertSubscriptions.createdAt), desc(alertSubscriptions.id))
      .limit(limit + 1),
    db.select({ n: count() }).from(alertSubscriptions).where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      ...(r.row as SubscriptionRow),
      lastAlertAt: r.lastAlertAt,
      at: r.at,
    })),
    total: total?.n ?? 0,
  };
}

/** A building's town and whether the public sees it; null for no such building. */
export async function buildingOf({ db }: Deps, id: number) {
  const [row] = await db
    .select({ city: properties.city, active: properties.active })
    .from(properties)
    .where(eq(properties.id, id));
  return row ?? null;
}

/**
 * The renters (addresses) whose active subscriptions match the unit on `today`, and those
 * that match on `later` (a day from `today` on): one statement, by the runner's own rule.
 * With `unitId`, subscriptions that already have a delivery of it (waiting, sent or known)
 * are left out: they never hear of it again.
 */
export async function reachOf(
  { db }: Deps,
  unit: UnitValues,
  today: string,
  later: string,
  unitId?: number,
) {
  const values = {
    bedrooms: sql`${unit.bedrooms}::int`,
    rent: sql`${unit.rent}::numeric`,
    city: sql`${unit.city}::text`,
    availableFrom: sql`${unit.availableFrom}::date`,
  };
  const told =
    unitId === undefined
      ? sql``
      : sql`and not exists (select 1 from alert_deliveries d
                            where d.subscription_id = s.id and d.unit_id = ${unitId})`;
  const result = await db.execute<{ now: number; eventually: number }>(sql`
    select count(distinct s.email) filter (where ${matchesSql(today, values)})::int as now,
           count(distinct s.email) filter (where ${matchesSql(later, values)})::int
             as eventually
    from alert_subscriptions s
    where s.status = 'active' ${told}`);
  return result.rows[0]!;
}
