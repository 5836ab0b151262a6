import type { AdminProperty, PropertyValues } from "#domain/admin";
import { apiRequest } from "#web/lib/api-client";

/** POST /api/admin/properties: a new building (201 with the stored property). */
export function createProperty(values: PropertyValues): Promise<AdminProperty> {
  return apiRequest<AdminProperty>("/api/admin/properties", { method: "POST", body: values });
}
