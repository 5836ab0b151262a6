import { adminMessages, uploadMessages } from "#domain/admin";
import { badRequest, conflict, notFound } from "#server/http/errors";

export const propertyNotFound = () => notFound(adminMessages.propertyNotFound);
export const unitNotFound = () => notFound(adminMessages.unitNotFound);
export const imageNotFound = () => notFound(adminMessages.imageNotFound);
/** The unique index units_property_number_key, in the unit dialog's words. */
export const duplicateUnit = () => conflict(adminMessages.duplicateUnit);

export const uploadOwnerRequired = () => badRequest(uploadMessages.ownerRequired);
export const noImages = () => badRequest(uploadMessages.noFiles);
export const imagesMisnamed = () => badRequest(uploadMessages.wrongField);
