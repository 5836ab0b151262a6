import {
  ALERT_SUBSCRIBERS_PAGE,
  type AlertReach,
  type AlertReachQuery,
  type AlertSubscribersPage,
  type AlertSummary,
  TOP_CRITERIA,
} from "#domain/admin-alerts";
import type { AlertStatus } from "#domain/alerts";
import { officeDay } from "#domain/locale";
import type { Db } from "#server/db/client";
import { decodeKey, toPage } from "#server/db/keyset";
import { criteriaText } from "./alert-words";
import {
  alertCounts,
  buildingOf,
  reachOf,
  subscribersPage,
  topCriteria,
} from "./alerts.admin.repository";
import { buildingNotFound } from "./alerts.errors";

type Deps = { db: Db; now: () => Date };

/** The Overview's figures: counts, and the most wanted criteria in words (English: staff). */
export async function alertSummary(deps: Deps): Promise<AlertSummary> {
  const [counts, top] = await Promise.all([
    alertCounts(deps, deps.now()),
    topCriteria(deps, TOP_CRITERIA),
  ]);
  return {
    active: counts.active,
    paused: counts.paused,
    awaitingConfirmation: counts.pending,
    renters: counts.renters,
    byFrequency: { instant: counts.instant, daily: counts.daily },
    topCriteria: top.map((group) => ({ ...group, words: criteriaText(group.criteria, "en") })),
  };
}

/** One page of subscribers with their addresses, and how many match the filter. */
export async function alertSubscribers(
  deps: Pick<Deps, "db">,
  query: { status?: AlertStatus; limit?: number; cursor?: string },
): Promise<AlertSubscribersPage> {
  const limit = query.limit ?? ALERT_SUBSCRIBERS_PAGE;
  const after = query.cursor ? decodeKey(query.cursor, ["time", "uuid"]) : undefined;
  const { rows, total } = await subscribersPage(deps, query.status, limit, after);
  const page = toPage(rows, limit, (row) => [row.at, row.id]);
  return {
    subscribers: page.items.map((row) => ({
      id: row.id,
      email: row.email,
      criteria: row.criteria,
      words: criteriaText(row.criteria, "en"),
      frequency: row.frequency,
      status: row.status,
      lang: row.lang,
      createdAt: row.createdAt.toISOString(),
      lastActivityAt: row.lastActivityAt.toISOString(),
      lastAlertAt: row.lastAlertAt?.toISOString() ?? null,
    })),
    total,
    pageSize: limit,
    nextCursor: page.nextCursor,
  };
}

/**
 * How many renters hear of a unit saved as available with these values: those whose active
 * alerts match it today, and those who asked for homes available now and match it on its
 * availability date (the runner sends theirs when that day comes). A hidden building's unit is
 * not listed, so it reaches nobody until the building is shown; the count is still the one it
 * will have then.
 */
export async function unitReach(deps: Deps, query: AlertReachQuery): Promise<AlertReach> {
  const building = await buildingOf(deps, query.propertyId);
  if (!building) throw buildingNotFound();
  const today = officeDay(deps.now());
  const availableFrom = query.availableFrom ?? null;
  const later = availableFrom !== null && availableFrom > today ? availableFrom : today;
  const { now, eventually } = await reachOf(
    deps,
    { bedrooms: query.bedrooms, rent: query.rent, city: building.city, availableFrom },
    today,
    later,
    query.unitId,
  );
  // Whoever matches today matches on a later day too (only "available now" depends on the day).
  return { renters: now, later: eventually - now, buildingActive: building.active };
}
