import { useQuery } from "@tanstack/react-query";
import { applicationsApi } from "#domain/api/applications";
import type { AdminApplicationsQuery, ApplicationStatus } from "#domain/applications";
import { contractQuery } from "#web/lib/query";

/** A page of the office's applications, newest first. */
export const applicationsQuery = (input: {
  status: ApplicationStatus | "all";
  q?: string | undefined;
  cursor?: string | undefined;
}) =>
  contractQuery(applicationsApi.list, {
    query: {
      ...(input.status !== "all" ? { status: input.status } : {}),
      ...(input.q ? { q: input.q } : {}),
      ...(input.cursor ? { cursor: input.cursor } : {}),
    } as AdminApplicationsQuery,
  });

/** How many applications wait for the office (submitted), for the tab's badge; null until known. */
export function useApplicationsWaiting(): number | null {
  const { data } = useQuery({
    ...applicationsQuery({ status: "all" }),
    select: (page) => page.waiting,
  });
  return data ?? null;
}
