import { adminMessages } from "#domain/admin";
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
import { notFound } from "#server/http/errors";
import { criteriaText } from "./alert-words";
import { createAlertsAdminRepository } from "./alerts.admin.repository";

type Deps = { db: Db; now: () => Date };

/** The Overview's figures: counts, and the most wanted criteria in words (English: staff). */
export async function alertSummary(deps: Deps): Promise<AlertSummary> {
  const repo = createAlertsAdminRepository(deps.db);
  const [counts, top] = await Promise.all([
    repo.counts(deps.now()),
    repo.topCriteria(TOP_CRITERIA),
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

/** One page of subscribers with their addresses; a page past the last is empty. */
export async function alertSubscribers(
  deps: Pick<Deps, "db">,
  query: { status?: AlertStatus; page?: number },
): Promise<AlertSubscribersPage> {
  const page = query.page ?? 1;
  const { rows, total } = await createAlertsAdminRepository(deps.db).subscribers(
    query.status,
    ALERT_SUBSCRIBERS_PAGE,
    (page - 1) * ALERT_SUBSCRIBERS_PAGE,
  );
  return {
    subscribers: rows.map((row) => ({
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
    page,
    pageSize: ALERT_SUBSCRIBERS_PAGE,
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
  const repo = createAlertsAdminRepository(deps.db);
  const building = await repo.building(query.propertyId);
  if (!building) throw notFound(adminMessages.propertyNotFound);
  const today = officeDay(deps.now());
  const availableFrom = query.availableFrom ?? null;
  const later = availableFrom !== null && availableFrom > today ? availableFrom : today;
  const { now, eventually } = await repo.reach(
    { bedrooms: query.bedrooms, rent: query.rent, city: building.city, availableFrom },
    today,
    later,
    query.unitId,
  );
  // Whoever matches today matches on a later day too (only "available now" depends on the day).
  return { renters: now, later: eventually - now, buildingActive: building.active };
}
