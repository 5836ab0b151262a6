/** What the rest of the server may use of this module; everything else in the folder is its own. */

export { createTenantLinks } from "./tenant-links";
export { tenantsRoutes } from "./tenants.routes";
export { inviteTenantIn } from "./tenants.service";
