import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { InquiryStatus } from "#domain/admin-inquiries";
import { inquiriesApi } from "#domain/api/inquiries";
import { contractQuery } from "#web/lib/query";

const listOf = (status: InquiryStatus) => contractQuery(inquiriesApi.list, { query: { status } });

/**
 * The Inquiries tab's list for one filter, newest first, with the unhandled count (which does not
 * depend on the filter). While another filter loads, the last answer is kept as a placeholder:
 * the list shows skeletons, the count stays.
 */
export function useInquiryList(filter: InquiryStatus) {
  return useQuery({ ...listOf(filter), placeholderData: keepPreviousData });
}

/**
 * The unhandled count for the dashboard's tab badge, null until known. It is the same query as
 * the tab's 'All' list, so the two share one request.
 */
export function useUnhandledCount(): number | null {
  const { data } = useQuery({ ...listOf("all"), select: (answer) => answer.unhandled });
  return data ?? null;
}
