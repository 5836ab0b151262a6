import { describe, expect, it } from "vitest";
import {
  frequencyLabels,
  notificationPreferencesMessages as text,
} from "#domain/notification-preferences";
import { filterOptions, sampleNotifications } from "#domain/notifications";
import notifications from "#web/i18n/messages/en/notifications.json";
import notify from "#web/i18n/messages/en/notify.json";
import { localizedSamples } from "./sample-notifications";

const english: Record<string, string> = { ...notify, ...notifications };
const t = (id: string) => english[id] ?? `missing ${id}`;

/** The English catalogue says what the domain's English words (the product spec's) say. */
describe("the notification centre's English catalogue", () => {
  it("names the filters' options as the domain does", () => {
    for (const key of ["type", "category"] as const)
      for (const { value, label } of filterOptions[key])
        expect(
          value === "all"
            ? t(`notifications.filter.${key}.all`)
            : t(`notifications.${key}.${value}`),
        ).toBe(label);
    for (const key of ["status", "date"] as const)
      for (const { value, label } of filterOptions[key])
        expect(t(`notifications.filter.${key}.${value}`)).toBe(label);
  });

  it("has the settings page's messages and frequencies", () => {
    expect(t("notifications.prefs.saved")).toBe(text.saved);
    expect(t("notifications.prefs.saveFailed")).toBe(text.saveFailed);
    expect(t("notifications.prefs.testSent")).toBe(text.testSent);
    expect(t("notifications.timing.emergencyNote")).toBe(text.emergencyNote);
    for (const [value, label] of Object.entries(frequencyLabels))
      expect(t(`notifications.timing.frequency.${value}`)).toBe(label);
  });

  it("writes the samples exactly as the domain does", () => {
    const now = new Date(2025, 0, 8, 10, 30);
    expect(localizedSamples(now, t)).toEqual(sampleNotifications(now));
  });
});
