import { adminMessages } from "#domain/admin";
import { alertMessages } from "#domain/alerts";
import { notFound } from "#server/http/errors";

/** A confirmation or manage link unknown, past its time, or ended: one answer for all. */
export const alertLinkInvalid = () => notFound(alertMessages.linkInvalid);

/** A unit's reach asked for a building that does not exist. */
export const buildingNotFound = () => notFound(adminMessages.propertyNotFound);
