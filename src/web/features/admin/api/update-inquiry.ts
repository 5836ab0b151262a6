import type { AdminInquiry } from "#domain/admin-inquiries";
import { apiRequest } from "#web/lib/api-client";

/** PATCH /api/admin/inquiries/:id: mark an inquiry handled, or not handled again. */
export function updateInquiry(id: number, body: { handled: boolean }): Promise<AdminInquiry> {
  return apiRequest<AdminInquiry>(`/api/admin/inquiries/${id}`, { method: "PATCH", body });
}
