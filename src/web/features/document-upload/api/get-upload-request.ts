import { tenantFilesApi } from "#domain/api/tenant-files";
import { contractQuery } from "#web/lib/query";

/**
 * What the office asks for through an upload link (the token is the permission). Refused with
 * 404 when the link is not valid and 410 when it has expired, each with the message to show.
 */
export function uploadRequestQuery(token: string) {
  return contractQuery(tenantFilesApi.uploadRequest, { params: { token } });
}
