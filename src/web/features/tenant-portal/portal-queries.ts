import type { QueryClient } from "@tanstack/react-query";
import type { SuccessBody } from "#domain/api/contract";
import { tenantPortalApi } from "#domain/api/tenant-portal";
import type { MaintenanceRequest } from "#domain/maintenance";
import { contractQuery } from "#web/lib/query";

/** The portal's three reads: the tenant's home, their requests, their documents. */
export const homeQuery = () => contractQuery(tenantPortalApi.home, {});
export const requestsQuery = () => contractQuery(tenantPortalApi.listRequests, {});
export const documentsQuery = () => contractQuery(tenantPortalApi.listDocuments, {});

export type TenantHomeAnswer = SuccessBody<typeof tenantPortalApi.home>;

/**
 * Puts the server's answer for one request (new, or with a new comment) into the cached list at
 * once, newest first, so the page shows it before the refetch the write's contract asks for.
 */
export function putRequest(client: QueryClient, request: MaintenanceRequest) {
  client.setQueryData(requestsQuery().queryKey, (data) => {
    if (!data) return data;
    const others = data.requests.filter((item) => item.id !== request.id);
    const known = others.length < data.requests.length;
    return {
      ...data,
      requests: known
        ? data.requests.map((item) => (item.id === request.id ? request : item))
        : [request, ...others],
    };
  });
}
