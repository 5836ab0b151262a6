import { apiRequest } from "#web/lib/api-client";

/** DELETE /api/admin/units/{id}: the unit and its images. */
export function deleteUnit(id: number): Promise<{ success: boolean; message: string }> {
  return apiRequest(`/api/admin/units/${id}`, { method: "DELETE" });
}
