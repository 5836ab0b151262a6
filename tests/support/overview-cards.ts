import { adminAlertsApi } from "#domain/api/admin-alerts";
import { showingsApi } from "#domain/api/showings";
import { answer, handle } from "./api-mocks";

/**
 * The Overview's cards that read their own figures (listing alerts, today's showings), answered
 * empty: for the tests of the Overview's other parts. Their own tests answer them in full.
 */
export function answerOverviewCards() {
  answer(
    handle(adminAlertsApi.summary, () => ({
      active: 0,
      paused: 0,
      awaitingConfirmation: 0,
      renters: 0,
      byFrequency: { instant: 0, daily: 0 },
      topCriteria: [],
    })),
    handle(showingsApi.list, () => ({
      from: "2026-12-03",
      to: "2026-12-03",
      timeZone: "America/New_York" as const,
      showings: [],
      nextCursor: null,
      requested: 0,
    })),
  );
}
