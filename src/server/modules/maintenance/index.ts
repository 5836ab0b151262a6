/** What the rest of the server may use of this module; everything else in the folder is its own. */

export { removeRequestsOfTenants } from "./maintenance.retention";
export { maintenanceRoutes } from "./maintenance.routes";
/** Where the office's notices of a request lead: they name the tenant, and go with the request. */
export { dashboardPath as maintenanceNoticeUrl } from "./maintenance.service";
export { createPhotoLinks, removePhoto } from "./maintenance-photos.service";
