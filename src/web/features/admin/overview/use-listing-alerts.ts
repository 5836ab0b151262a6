import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AlertStatus } from "#domain/alerts";
import { adminAlertsApi } from "#domain/api/admin-alerts";
import { contractQuery } from "#web/lib/query";

/** The Overview's listing alert figures and most wanted criteria. */
export function useAlertSummary() {
  return useQuery(contractQuery(adminAlertsApi.summary, {}));
}

/** One page of subscribers (with their addresses); the last page stays while the next loads. */
export function useAlertSubscribers(status: AlertStatus | undefined, cursor: string | undefined) {
  return useQuery({
    ...contractQuery(adminAlertsApi.subscribers, {
      query: { ...(status ? { status } : {}), ...(cursor ? { cursor } : {}) },
    }),
    placeholderData: keepPreviousData,
  });
}
