import type { DocumentRequest } from "#domain/tenant-files";
import { apiRequest } from "#web/lib/api-client";

export type DocumentRequestsResponse = { requests: DocumentRequest[] };

/** GET /api/admin/document-requests: the most recent requests, newest first. */
export function getDocumentRequests(signal?: AbortSignal): Promise<DocumentRequestsResponse> {
  return apiRequest<DocumentRequestsResponse>("/api/admin/document-requests", { signal });
}
