import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { InquiriesQuery, InquiryStatus } from "#domain/admin-inquiries";
import { inquiriesApi } from "#domain/api/inquiries";
import { contractQuery } from "#web/lib/query";

type View = { status: InquiryStatus; q?: string | undefined; cursor?: string | undefined };

/** One page's query: no words for an empty search, no cursor on the first page. */
const listOf = ({ status, q, cursor }: View) =>
  contractQuery(inquiriesApi.list, {
    query: { status, ...(q ? { q } : {}), ...(cursor ? { cursor } : {}) } as InquiriesQuery,
  });

/**
 * One page of the Inquiries tab's list for one filter and search, newest first, with the
 * unhandled count (which depends on neither). While another page loads, the last answer is kept
 * as a placeholder: the list shows skeletons, the count stays. Only the pages visited recently
 * are cached, never the table.
 */
export function useInquiryList(view: View) {
  return useQuery({ ...listOf(view), placeholderData: keepPreviousData });
}

/**
 * The unhandled count for the dashboard's tab badge, null until known. It is the same query as
 * the tab's 'All' list, so the two share one request.
 */
export function useUnhandledCount(): number | null {
  const { data } = useQuery({ ...listOf({ status: "all" }), select: (answer) => answer.unhandled });
  return data ?? null;
}
