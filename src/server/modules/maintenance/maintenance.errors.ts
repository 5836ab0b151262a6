import { maintenanceMessages } from "#domain/maintenance";
import { AppError, badRequest, conflict, notFound, RetryLaterError } from "#server/http/errors";

/** A request that is not there or not the asker's to see: the same 404 either way. */
export const requestNotFound = () => notFound(maintenanceMessages.notFound);
/** A completed or cancelled request takes no more comments from the tenant. */
export const requestClosed = () => conflict(maintenanceMessages.closed);
/** A tenant without a unit has nothing to report a repair for. */
export const noUnit = () => conflict(maintenanceMessages.noUnit);
/** Past MAINTENANCE_REQUESTS_PER_HOUR: the tenant may try again within the hour. */
export const tooManyRequests = () =>
  new RetryLaterError(429, "too_many_requests", maintenanceMessages.tooManyRequests, 60 * 60);

/** The photos of a new request: too many, of another type, or sent under another field's name. */
export const tooManyPhotos = () =>
  new AppError(413, "payload_too_large", maintenanceMessages.tooManyPhotos);
export const photoType = (code: string) => new AppError(415, code, maintenanceMessages.photoType);
export const unexpectedFileField = (name: string) =>
  badRequest(`Unexpected file field "${name}": send photos as "photos".`);

/** A photo link: expired (410, a reload signs a new one) or not one of ours (404). */
export const photoLinkGone = () =>
  new AppError(410, "link_expired", "This photo link has expired. Reload the page for a new one.");
export const photoNotFound = () => notFound("Photo not found");
