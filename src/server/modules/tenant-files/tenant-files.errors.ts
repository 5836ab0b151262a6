import { tenantMessages } from "#domain/maintenance";
import { documentUploadMessages, filesMessages } from "#domain/tenant-files";
import { AppError, badRequest, notFound } from "#server/http/errors";

/** Downloads: the file, and the short-lived link to it. */
export const fileNotFound = () => notFound(filesMessages.fileNotFound);
export const invalidDownloadLink = () => notFound(filesMessages.downloadLinkInvalid);
export const downloadLinkExpired = () =>
  new AppError(410, "link_expired", filesMessages.downloadLinkExpired);

/** Document requests and their upload links: 404 unknown or forged, 410 expired, 413 full. */
export const requestBuildingNotFound = () => notFound(filesMessages.requestBuildingMissing);
export const linkInvalid = () => notFound(filesMessages.linkInvalid);
export const linkExpired = () => new AppError(410, "link_expired", filesMessages.linkExpired);
export const linkFull = () => new AppError(413, "payload_too_large", filesMessages.linkFull);
/** A signed-in tenant's own uploads, past TENANT_MAX_FILES or TENANT_MAX_MB in all. */
export const tenantFull = () => new AppError(413, "payload_too_large", filesMessages.tenantFull);

/** Documents shared with someone who is not a tenant with access. */
export const tenantGone = () => notFound(tenantMessages.tenantNotFound);

/** One uploaded document, judged by its size and its content. */
export const tooBig = () => new AppError(413, "payload_too_large", filesMessages.tooBig);
export const unpacksTooLarge = () =>
  new AppError(413, "payload_too_large", filesMessages.unpacksTooLarge);
export const wrongType = () => new AppError(415, "unsupported_media_type", filesMessages.wrongType);
export const noFile = () => badRequest(documentUploadMessages.noFile);
export const unexpectedField = (expected: string) =>
  badRequest(documentUploadMessages.unexpectedField(expected));
