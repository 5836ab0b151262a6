import type { UploadRequestInfo } from "#domain/tenant-files";
import { apiRequest } from "#web/lib/api-client";

/**
 * GET /api/upload-requests/{token}: what the office asks for. 404 when the link is not valid,
 * 410 when it has expired, each with the message to show.
 */
export function getUploadRequest(token: string, signal?: AbortSignal): Promise<UploadRequestInfo> {
  return apiRequest<UploadRequestInfo>(`/api/upload-requests/${encodeURIComponent(token)}`, {
    signal,
    signOutOn401: false,
  });
}
