import { inquiriesMessages } from "#domain/admin-inquiries";
import { contactMessages } from "#domain/inquiries";
import { badRequest, notFound } from "#server/http/errors";

export const inquiryNotFound = () => notFound(inquiriesMessages.notFound);

/** An inquiry about a unit or building that is not listed: a 400 on that field. */
export const unitUnavailable = () =>
  badRequest(contactMessages.unitUnavailable, [
    { path: "unitId", msg: contactMessages.unitUnavailable },
  ]);
export const propertyUnavailable = () =>
  badRequest(contactMessages.propertyUnavailable, [
    { path: "propertyId", msg: contactMessages.propertyUnavailable },
  ]);
