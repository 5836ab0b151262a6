import { useQuery } from "@tanstack/react-query";
import { showingsApi } from "#domain/api/showings";
import type { AdminShowingsQuery, ShowingStatus } from "#domain/showings";
import { contractQuery } from "#web/lib/query";

/** A page of the office's showings: `days` office days from `from` (today when not given). */
export const showingsQuery = (input: {
  from?: string | undefined;
  days: number;
  status?: ShowingStatus | "all";
  cursor?: string | undefined;
}) =>
  contractQuery(showingsApi.list, {
    query: {
      days: input.days,
      ...(input.from ? { from: input.from } : {}),
      ...(input.status && input.status !== "all" ? { status: input.status } : {}),
      ...(input.cursor ? { cursor: input.cursor } : {}),
    } as AdminShowingsQuery,
  });

/** How many showing requests wait for staff, for the tab's badge; null until known. */
export function useShowingRequestCount(): number | null {
  const { data } = useQuery({ ...showingsQuery({ days: 1 }), select: (page) => page.requested });
  return data ?? null;
}
