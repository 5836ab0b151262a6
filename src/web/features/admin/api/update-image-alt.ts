import type { AdminImage } from "#domain/admin";
import { apiRequest } from "#web/lib/api-client";

/** PATCH /api/admin/images/{id}: the image's alt text (what the public pages read out). */
export function updateImageAlt(id: number, alt: string): Promise<AdminImage> {
  return apiRequest<AdminImage>(`/api/admin/images/${id}`, { method: "PATCH", body: { alt } });
}
