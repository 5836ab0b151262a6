import { describe, expect, it } from "vitest";
import {
  defaultNotificationPreferences,
  frequencyLabels,
  notificationPreferencesMessages,
  notificationPreferencesSchema,
  parseStoredPreferences,
} from "./notification-preferences";

describe("notification preferences", () => {
  it("default to e-mail and in-app on, push off but for emergency, quiet 22:00-08:00, instant", () => {
    const d = defaultNotificationPreferences;
    for (const channel of [d.email, d.inApp])
      expect(Object.values(channel).every(Boolean)).toBe(true);
    expect(d.push).toEqual({
      enabled: false,
      maintenance: false,
      payment: false,
      system: false,
      communication: false,
      emergency: true,
    });
    expect(d.quietHours).toEqual({ enabled: false, startTime: "22:00", endTime: "08:00" });
    expect(d.frequency).toBe("instant");
    expect(notificationPreferencesSchema.safeParse(d).success).toBe(true);
  });

  it("offer the four frequencies in the product's words", () => {
    expect(Object.values(frequencyLabels)).toEqual([
      "Instant (as they happen)",
      "Hourly digest",
      "Daily digest",
      "Weekly digest",
    ]);
  });

  it("never accept emergency push turned off", () => {
    const off = {
      ...defaultNotificationPreferences,
      push: { ...defaultNotificationPreferences.push, emergency: false },
    };
    expect(notificationPreferencesSchema.safeParse(off).success).toBe(false);
  });

  it("check the quiet-hours times only while quiet hours are on", () => {
    const quiet = (enabled: boolean, startTime: string) => ({
      ...defaultNotificationPreferences,
      quietHours: { enabled, startTime, endTime: "07:30" },
    });
    expect(notificationPreferencesSchema.safeParse(quiet(true, "21:15")).success).toBe(true);
    const bad = notificationPreferencesSchema.safeParse(quiet(true, "25:00"));
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({
      path: ["quietHours", "startTime"],
      message: notificationPreferencesMessages.timeOfDay,
    });
    expect(notificationPreferencesSchema.safeParse(quiet(false, "")).success).toBe(true);
  });

  it("fall back to the defaults when the stored value is missing or damaged", () => {
    expect(parseStoredPreferences(null)).toBe(defaultNotificationPreferences);
    expect(parseStoredPreferences({ email: "yes" })).toBe(defaultNotificationPreferences);
    const saved = { ...defaultNotificationPreferences, frequency: "weekly" };
    expect(parseStoredPreferences(saved)).toEqual(saved);
  });
});
