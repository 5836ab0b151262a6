import { apiRequest } from "#web/lib/api-client";

/** Whose image it is: the path of the DELETE call depends on it. */
export type ImageOwner = { propertyId: number } | { unitId: number };

/**
 * DELETE /api/admin/properties/{id}/images/{imageId} or /api/admin/units/{unitId}/images/{imageId}:
 * the image row and its files.
 */
export function removeImage(
  owner: ImageOwner,
  imageId: number,
): Promise<{ success: boolean; message: string }> {
  const base =
    "propertyId" in owner
      ? `/api/admin/properties/${owner.propertyId}`
      : `/api/admin/units/${owner.unitId}`;
  return apiRequest(`${base}/images/${imageId}`, { method: "DELETE" });
}
