import { adminAlertsApi } from "./admin-alerts";
import { adminMaintenanceApi } from "./admin-maintenance";
import { adminPropertiesApi } from "./admin-properties";
import { alertsApi } from "./alerts";
import { applicationsApi } from "./applications";
import { auditApi } from "./audit";
import { authApi } from "./auth";
import type { Contract } from "./contract";
import { docsApi } from "./docs";
import { feedsApi } from "./feeds";
import { healthApi } from "./health";
import { inquiriesApi } from "./inquiries";
import { listingsApi, seoApi } from "./listings";
import { metricsApi } from "./metrics";
import { mfaApi } from "./mfa";
import { notificationsApi } from "./notifications";
import { outgoingMailApi } from "./outgoing-mail";
import { privacyApi, privacyRequestsApi } from "./privacy";
import { showingsApi } from "./showings";
import { tenantFilesApi } from "./tenant-files";
import { tenantPortalApi } from "./tenant-portal";
import { waitlistsApi } from "./waitlists";

/** Every contract, by area: what the OpenAPI document, the guard table and the fuzzer read. */
export const apiAreas = {
  health: healthApi,
  auth: authApi,
  mfa: mfaApi,
  listings: listingsApi,
  seo: seoApi,
  feeds: feedsApi,
  inquiries: inquiriesApi,
  alerts: alertsApi,
  adminAlerts: adminAlertsApi,
  adminProperties: adminPropertiesApi,
  tenantFiles: tenantFilesApi,
  tenantPortal: tenantPortalApi,
  adminMaintenance: adminMaintenanceApi,
  notifications: notificationsApi,
  outgoingMail: outgoingMailApi,
  audit: auditApi,
  privacy: privacyApi,
  privacyRequests: privacyRequestsApi,
  showings: showingsApi,
  applications: applicationsApi,
  waitlists: waitlistsApi,
  docs: docsApi,
  metrics: metricsApi,
} as const;

export const allContracts: readonly Contract[] = Object.values(apiAreas).flatMap(
  (area) => Object.values(area) as Contract[],
);
