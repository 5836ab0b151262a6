import { describe, expect, it } from "vitest";
import { createTranslator } from "#domain/i18n/translator";
import {
  emergencyNote,
  maintenanceCategories,
  maintenanceCategoryLabels,
  maintenanceStatuses,
  maintenanceStatusLabels,
  maintenanceUrgencies,
  maintenanceUrgencyHints,
  maintenanceUrgencyLabels,
  visitWindowLabels,
  visitWindows,
} from "#domain/maintenance";
import { site } from "#domain/site";
import { fileCategories, fileCategoryLabels } from "#domain/tenant-files";
import { messagesFor } from "#web/i18n/catalogue.server";

const { t } = createTranslator("en", messagesFor("en", ["portal", "upload"]));

/**
 * The portal's English catalogue says what the domain's English words say: the back office and
 * the e-mails use the domain's labels, the portal the catalogue's, and a tenant must not read
 * one name for a thing in the portal and another in the office's e-mail.
 */
describe("the tenant portal's English catalogue", () => {
  it("names categories, urgencies, statuses and visit windows as the domain does", () => {
    for (const category of maintenanceCategories)
      expect(t(`portal.category.${category}`)).toBe(maintenanceCategoryLabels[category]);
    for (const urgency of maintenanceUrgencies) {
      expect(t(`portal.urgency.${urgency}`)).toBe(maintenanceUrgencyLabels[urgency]);
      expect(t(`portal.urgencyHint.${urgency}`)).toBe(maintenanceUrgencyHints[urgency]);
    }
    for (const status of maintenanceStatuses)
      expect(t(`portal.status.${status}`)).toBe(maintenanceStatusLabels[status]);
    for (const window of visitWindows)
      expect(t(`portal.window.${window}`)).toBe(visitWindowLabels[window]);
    for (const category of fileCategories)
      expect(t(`upload.category.${category}`)).toBe(fileCategoryLabels[category]);
  });

  it("tells what an emergency is in the domain's words", () => {
    expect(t("portal.emergency", { phone: site.phone })).toBe(emergencyNote);
  });
});
