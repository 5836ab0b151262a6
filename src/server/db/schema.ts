/**
 * The data model, gathered for drizzle-kit and the migrations: each table is defined beside the
 * module that owns it (`<module>.table.ts`), and only repositories import tables. Rows that name
 * files on disk (images, tenant files, maintenance photos) own those bytes.
 */

export { auditEvents } from "#server/audit/audit.table";
export { outgoingMail } from "#server/mail/outgoing-mail.table";
export {
  alertDeliveries,
  alertSubscriptions,
  alertUnitChanges,
} from "#server/modules/alerts/alerts.table";
export {
  adverseActionNotices,
  applicants,
  applications,
  screeningFeeCaps,
} from "#server/modules/applications/applications.table";
export { waitlistEntries } from "#server/modules/applications/waitlist.table";
export { authCodes, sessions } from "#server/modules/auth/auth.table";
export { inquiries } from "#server/modules/inquiries/inquiries.table";
export {
  maintenanceComments,
  maintenancePhotos,
  maintenanceRequests,
  type PhotoVariant,
} from "#server/modules/maintenance/maintenance.table";
export {
  mfaChallenges,
  passkeys,
  recoveryCodes,
  totpFactors,
  webauthnChallenges,
} from "#server/modules/mfa/mfa.table";
export {
  notificationEvents,
  notificationPreferences,
} from "#server/modules/notifications/notifications.table";
export { privacyRequests } from "#server/modules/privacy/privacy-requests.table";
export {
  type ImageVariant,
  images,
  properties,
  units,
} from "#server/modules/properties/properties.table";
export { showingHours, showings } from "#server/modules/showings/showings.table";
export { documentRequests, tenantFiles } from "#server/modules/tenant-files/tenant-files.table";
export { tenantSignInLinks } from "#server/modules/tenants/tenants.table";
export { users } from "#server/modules/users/users.table";
