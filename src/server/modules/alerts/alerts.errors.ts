import { adminMessages } from "#domain/admin";
import { alertMessages } from "#domain/alerts";
import { conflict, notFound } from "#server/http/errors";

/** A confirmation or manage link unknown, past its time, or ended: one answer for all. */
export const alertLinkInvalid = () => notFound(alertMessages.linkInvalid);

/** A confirmation link whose button was pressed before: it works once. */
export const alertLinkUsed = () => conflict(alertMessages.linkUsed);

/** A unit's reach asked for a building that does not exist. */
export const buildingNotFound = () => notFound(adminMessages.propertyNotFound);
