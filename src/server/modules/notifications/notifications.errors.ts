import { notFound } from "#server/http/errors";

/** Another person's notification, or none: the same answer. */
export const notificationNotFound = () => notFound("Notification not found");
