import { describe, expect, it } from "vitest";
import notifications from "#domain/i18n/messages/en/notifications.json";
import notify from "#domain/i18n/messages/en/notify.json";
import {
  frequencyLabels,
  notificationPreferencesMessages as text,
} from "#domain/notification-preferences";
import { categoryFilters, dateFilters, statusFilters, typeFilters } from "#domain/notifications";
import { optionLabel } from "./components/history-filters";

const english: Record<string, string> = { ...notify, ...notifications };
const t = (id: string) => english[id] ?? `missing ${id}`;

/** The English catalogue says what the domain's English words (the product spec's) say. */
describe("the notification centre's English catalogue", () => {
  it("names the filters' options in the product's words", () => {
    const label = (key: "type" | "category" | "status" | "date", value: string) =>
      optionLabel(t, key, value);
    expect(typeFilters.map((v) => label("type", v))).toEqual([
      "All Types",
      "Info",
      "Success",
      "Warning",
      "Error",
      "Emergency",
    ]);
    expect(categoryFilters.map((v) => label("category", v))).toEqual([
      "All Categories",
      "Maintenance",
      "Payment",
      "System",
      "Communication",
      "Emergency",
    ]);
    expect(statusFilters.map((v) => label("status", v))).toEqual(["All Status", "Read", "Unread"]);
    expect(dateFilters.map((v) => label("date", v))).toEqual([
      "All Dates",
      "Today",
      "Yesterday",
      "This Week",
      "This Month",
    ]);
  });

  it("has the settings page's messages and frequencies", () => {
    expect(t("notifications.prefs.saved")).toBe(text.saved);
    expect(t("notifications.prefs.saveFailed")).toBe(text.saveFailed);
    expect(t("notifications.prefs.testSent")).toBe(text.testSent);
    expect(t("notifications.timing.emergencyNote")).toBe(text.emergencyNote);
    for (const [value, label] of Object.entries(frequencyLabels))
      expect(t(`notifications.timing.frequency.${value}`)).toBe(label);
  });
});
