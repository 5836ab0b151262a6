import type { InquiriesResponse, InquiryStatus } from "#domain/admin-inquiries";
import { apiRequest } from "#web/lib/api-client";

/** GET /api/admin/inquiries: newest first, with the count of unhandled ones. */
export function getInquiries(
  status: InquiryStatus,
  signal?: AbortSignal,
): Promise<InquiriesResponse> {
  const query = new URLSearchParams({ status });
  return apiRequest<InquiriesResponse>(`/api/admin/inquiries?${query}`, { signal });
}
