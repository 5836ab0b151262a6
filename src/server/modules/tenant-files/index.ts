/** What the rest of the server may use of this module; everything else in the folder is its own. */

export { removeStoredFiles } from "./file-store";
export { createExpiringLinks, type ExpiringLinks } from "./file-tokens";
export { purgeRequestedFilesBefore, removeFilesOfTenants } from "./tenant-files.retention";
export { purgeDocumentRequestsBefore } from "./tenant-files.retention.repository";
export { tenantFilesRoutes } from "./tenant-files.routes";
