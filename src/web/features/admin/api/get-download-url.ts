import type { DownloadResponse } from "#domain/tenant-files";
import { apiRequest } from "#web/lib/api-client";

/**
 * GET /api/admin/files/{id}/download: a same-origin link, valid a few minutes, that serves the
 * file as an attachment (so it needs no bearer token and can be opened by a plain link).
 */
export function getDownloadUrl(id: string): Promise<DownloadResponse> {
  return apiRequest<DownloadResponse>(`/api/admin/files/${encodeURIComponent(id)}/download`);
}
