import { and, count, desc, eq, gt, sql } from "drizzle-orm";
import type { AlertCriteria, AlertStatus } from "#domain/alerts";
import type { Executor } from "#server/db/client";
import { afterKey, type KeyPart, timeKey } from "#server/db/keyset";
import { readTally } from "#server/db/tallies";
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

/**
 * Subscriptions by status and, the active ones, by frequency, and the addresses behind them: the
 * figures the table's trigger keeps (db/tallies.ts). Awaiting confirmation counts only the
 * requests whose link still works, along alert_subscriptions_confirm_expires_idx (the unexpired
 * ones are a week's requests at most).
 */
export async function alertCounts({ db }: Deps, now: Date) {
  const [byStatus, byFrequency, renters, [pending]] = await Promise.all([
    readTally(db, "alert_subscriptions.status"),
    readTally(db, "alert_subscriptions.active_frequency"),
    readTally(db, "alert_subscriptions.renters"),
    db
      .select({ n: count() })
      .from(alertSubscriptions)
      .where(
        and(eq(alertSubscriptions.status, "pending"), gt(alertSubscriptions.confirmExpiresAt, now)),
      ),
  ]);
  return {
    active: byStatus.get("active") ?? 0,
    paused: byStatus.get("paused") ?? 0,
    pending: pending?.n ?? 0,
    instant: byFrequency.get("instant") ?? 0,
    daily: byFrequency.get("daily") ?? 0,
    renters: renters.get("") ?? 0,
  };
}

/**
 * Identical criteria of active subscriptions, most renters first (the longest wanted first
 * among equals). Criteria are stored normalized (towns sorted, empty fields left out), so the
 * same wish is one hash (`criteria_key`); the trigger of migration 0022 keeps each wish's
 * renters in derived.alert_wish_counts, read here along its index, and the criteria of the few
 * shown fetched after.
 */
export async function topCriteria(
  { db }: Deps,
  limit: number,
): Promise<{ criteria: AlertCriteria; renters: number }[]> {
  const result = await db.execute<{ criteria: AlertCriteria; renters: number }>(sql`
    with top as (
      select criteria_key, renters, first_at from derived.alert_wish_counts
      order by renters desc, first_at, criteria_key
      limit ${limit})
    select (select s.criteria from alert_subscriptions s
            where s.status = 'active' and s.criteria_key = top.criteria_key limit 1) as criteria,
           renters
    from top
    order by renters desc, first_at, criteria_key`);
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
