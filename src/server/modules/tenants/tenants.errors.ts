import { tenantMessages } from "#domain/maintenance";
import { AppError, conflict, notFound } from "#server/http/errors";

export const unitNotFound = () => notFound(tenantMessages.unitNotFound);
/** Not a tenant, or one whose access has ended: the same 404. */
export const tenantNotFound = () => notFound(tenantMessages.tenantNotFound);
/** Any link that does not sign in: unknown, used, expired, or its tenant's access ended. */
export const linkInvalid = () => new AppError(400, "link_invalid", tenantMessages.linkInvalid);

/** An invitation to a staff member's address, or to a tenant who has access (move them instead). */
export const staffAddress = () => conflict(tenantMessages.staffAddress);
export const alreadyTenant = () => conflict(tenantMessages.alreadyTenant);
