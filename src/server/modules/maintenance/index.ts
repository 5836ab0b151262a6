/** What the rest of the server may use of this module; everything else in the folder is its own. */

export { removeRequestsOfTenants } from "./maintenance.retention";
export { maintenanceRoutes } from "./maintenance.routes";
export { createPhotoLinks, removePhoto } from "./maintenance-photos.service";
