/** What the rest of the server may use of this module; everything else in the folder is its own. */
export { adminInquiriesRoutes } from "./inquiries.admin.routes";
export { latestInquiriesOfUnit } from "./inquiries.of-unit.repository";
export { purgeInquiriesBefore } from "./inquiries.retention.repository";
export { inquiriesRoutes } from "./inquiries.routes";
