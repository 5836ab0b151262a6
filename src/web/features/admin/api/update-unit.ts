import type { AdminUnit, UnitValues } from "#domain/admin";
import { apiRequest } from "#web/lib/api-client";

/** PUT /api/admin/units/{id}: the unit's fields (its building does not change). */
export function updateUnit(id: number, values: UnitValues): Promise<AdminUnit> {
  return apiRequest<AdminUnit>(`/api/admin/units/${id}`, { method: "PUT", body: values });
}
