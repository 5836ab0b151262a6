import { inquiriesMessages } from "#domain/admin-inquiries";
import { notFound } from "#server/http/errors";

export const inquiryNotFound = () => notFound(inquiriesMessages.notFound);
