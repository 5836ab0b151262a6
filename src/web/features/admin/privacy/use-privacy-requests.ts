import { useQuery } from "@tanstack/react-query";
import { privacyApi } from "#domain/api/privacy";
import type { PrivacyRequestsQuery } from "#domain/privacy";
import { contractQuery } from "#web/lib/query";

/** A page of the renters' privacy requests: open ones by due date, or answered ones. */
export const privacyRequestsQuery = (status: "open" | "answered", cursor?: string) =>
  contractQuery(privacyApi.listRequests, {
    query: { status, ...(cursor ? { cursor } : {}) } as PrivacyRequestsQuery,
  });

/**
 * How many renters' requests are open and how many are past their due date, for the Privacy
 * tab's badge (the list's own first page, one query for both); null until known.
 */
export function usePrivacyRequestCounts(): { open: number; overdue: number } | null {
  const { data } = useQuery({
    ...privacyRequestsQuery("open"),
    select: (page) => ({ open: page.open, overdue: page.overdue }),
  });
  return data ?? null;
}
