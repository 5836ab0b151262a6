import type { Db } from "#server/db/client";
import { removeEventsLinkingTo } from "#server/modules/notifications";
import type { ObjectStore } from "#server/storage/object-store";
import { deleteRequestsOfTenants } from "./maintenance.retention.repository";
import { dashboardPath } from "./maintenance.service";
import { removePhoto } from "./maintenance-photos.service";

/**
 * The maintenance requests these tenants filed, with their comments, photos and the office's
 * notices of them; the photos' stored files are removed after, best effort (the orphan sweep takes what is left). The
 * retention calls it for a small batch of former tenants at a time.
 */
export async function removeRequestsOfTenants(
  db: Db,
  store: ObjectStore,
  tenantIds: string[],
): Promise<number> {
  if (tenantIds.length === 0) return 0;
  const { removed, photos } = await deleteRequestsOfTenants(db, tenantIds);
  // The office's notices of them name the tenant: they go too.
  await removeEventsLinkingTo(db, removed.map(dashboardPath));
  for (const photo of photos) await removePhoto(store, photo);
  return removed.length;
}
