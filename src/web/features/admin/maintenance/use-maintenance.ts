import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminMaintenanceApi } from "#domain/api/admin-maintenance";
import type { RequestInput } from "#domain/api/contract";
import type {
  MaintenanceQuery,
  MaintenanceStatusFilter,
  MaintenanceUrgency,
} from "#domain/maintenance";
import { contractQuery, queryKeyOf, useContractMutation } from "#web/lib/query";

/** How often the open dashboard asks again for new requests. */
const REFRESH_MS = 60_000;

export type MaintenanceFilters = {
  status: MaintenanceStatusFilter;
  urgency: MaintenanceUrgency | "all";
  propertyId: number | null;
};

export const defaultFilters: MaintenanceFilters = {
  status: "open",
  urgency: "all",
  propertyId: null,
};

/** The list's query: a filter left at 'all' is not sent. */
export function maintenanceQuery({ status, urgency, propertyId }: MaintenanceFilters) {
  const query: Partial<MaintenanceQuery> = {};
  if (status !== "all") query.status = status;
  if (urgency !== "all") query.urgency = urgency;
  if (propertyId !== null) query.propertyId = propertyId;
  return query;
}

/**
 * The Maintenance tab's list in the server's order (emergencies first, then newest). Another
 * filter's answer stays on screen as a placeholder while the new one loads.
 */
export function useMaintenanceList(filters: MaintenanceFilters, cursor?: string) {
  return useQuery({
    ...contractQuery(adminMaintenanceApi.list, {
      query: { ...maintenanceQuery(filters), ...(cursor ? { cursor } : {}) } as MaintenanceQuery,
    }),
    placeholderData: keepPreviousData,
    // A tenant's new request shows up while the tab stays open (signed photo links renew too).
    refetchInterval: REFRESH_MS,
  });
}

/**
 * The open and emergency counts for the dashboard's tab badge, null until known. It reads the
 * same family as the list, so a status change (whose contract invalidates it) refreshes both.
 */
export function useMaintenanceSummary() {
  const { data } = useQuery({
    ...contractQuery(adminMaintenanceApi.summary, {}),
    // An emergency reported while the dashboard is open reaches the tab's badge within this.
    refetchInterval: REFRESH_MS,
  });
  return data ?? null;
}

/** One request with its photos (fresh signed links) and comments; nothing while none is open. */
export function useMaintenanceRequest(id: string | null) {
  return useQuery({
    ...contractQuery(adminMaintenanceApi.get, { params: { id: id ?? "" } }),
    enabled: id !== null,
  });
}

/**
 * A write on one open request (its status, a comment): the server answers with the whole
 * request, which replaces the open one at once; the lists refresh in the background.
 */
export function useRequestWrite<
  C extends typeof adminMaintenanceApi.update | typeof adminMaintenanceApi.comment,
>(contract: C, id: string) {
  const client = useQueryClient();
  return useContractMutation(
    contract,
    // Both contracts take the request's id and a body: TypeScript cannot see it through C.
    (body: RequestInput<C>["body"]) => ({ params: { id }, body }) as unknown as RequestInput<C>,
    {
      onSuccess: (updated) =>
        client.setQueryData(queryKeyOf(adminMaintenanceApi.get, { params: { id } }), updated),
    },
  );
}
