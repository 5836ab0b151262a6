import type { AdminProperty, PropertyValues } from "#domain/admin";
import { apiRequest } from "#web/lib/api-client";

/**
 * PUT /api/admin/properties/{id}. hasVacancy is sent too (the spec's body omits it): the edit
 * dialog shows the flag, and leaving it out would let the server's default reset it.
 */
export function updateProperty(id: number, values: PropertyValues): Promise<AdminProperty> {
  return apiRequest<AdminProperty>(`/api/admin/properties/${id}`, { method: "PUT", body: values });
}
