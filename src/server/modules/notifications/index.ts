/** What the rest of the server may use of this module; everything else in the folder is its own. */
export type { NewEvent } from "./notifications.repository";
export { purgeEventsBefore, removeEventsLinkingTo } from "./notifications.retention.repository";
export { notificationsRoutes } from "./notifications.routes";
export { maintenanceChannels, recordEvents, staffIds } from "./notifications.service";
