import type { Db } from "#server/db/client";
import { maintenancePhotos } from "#server/modules/maintenance/maintenance.table";
import { images } from "#server/modules/properties/properties.table";
import { tenantFiles } from "#server/modules/tenant-files/tenant-files.table";

/** The rows that name files in the store, as the orphan sweep compares them with its listing. */

/** Every listing photo: its largest variant and every other one. */
export function listImageFiles(db: Db) {
  return db.select({ id: images.id, path: images.path, variants: images.variants }).from(images);
}

/** Every tenant document, by its stored name. */
export function listTenantFiles(db: Db) {
  return db.select({ id: tenantFiles.id, filename: tenantFiles.filename }).from(tenantFiles);
}

/** Every maintenance photo: its folder and its variants' files. */
export function listMaintenancePhotoFiles(db: Db) {
  return db
    .select({
      id: maintenancePhotos.id,
      folder: maintenancePhotos.folder,
      variants: maintenancePhotos.variants,
    })
    .from(maintenancePhotos);
}
