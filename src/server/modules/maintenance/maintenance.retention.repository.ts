import { inArray } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { maintenancePhotos, maintenanceRequests, type PhotoVariant } from "./maintenance.table";

/**
 * Deletes the maintenance requests these tenants filed (comments and photo rows cascade);
 * answers their ids, and the photos whose stored files are to go.
 */
export async function deleteRequestsOfTenants(
  db: Db,
  tenantIds: string[],
): Promise<{ removed: string[]; photos: { folder: string; variants: PhotoVariant[] }[] }> {
  const theirs = db
    .select({ id: maintenanceRequests.id })
    .from(maintenanceRequests)
    .where(inArray(maintenanceRequests.tenantId, tenantIds));
  const photos = await db
    .select({ folder: maintenancePhotos.folder, variants: maintenancePhotos.variants })
    .from(maintenancePhotos)
    .where(inArray(maintenancePhotos.requestId, theirs));
  const gone = await db
    .delete(maintenanceRequests)
    .where(inArray(maintenanceRequests.tenantId, tenantIds))
    .returning({ id: maintenanceRequests.id });
  return { removed: gone.map((row) => row.id), photos };
}
