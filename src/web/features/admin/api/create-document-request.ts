import type { DocumentRequest, DocumentRequestInput } from "#domain/tenant-files";
import { apiRequest } from "#web/lib/api-client";

/** POST /api/admin/document-requests: the server e-mails the tenant an upload link. */
export function createDocumentRequest(input: DocumentRequestInput): Promise<DocumentRequest> {
  return apiRequest<DocumentRequest>("/api/admin/document-requests", {
    method: "POST",
    body: input,
  });
}
