import type { AdminUnit, UnitValues } from "#domain/admin";
import { apiRequest } from "#web/lib/api-client";

/** POST /api/admin/units: a new unit in the building `propertyId` (201 with the stored unit). */
export function createUnit(values: UnitValues & { propertyId: number }): Promise<AdminUnit> {
  return apiRequest<AdminUnit>("/api/admin/units", { method: "POST", body: values });
}
