import { messages } from "./messages";
import * as z from "./zod-mini";

/**
 * Notification preferences: three channels with a switch per category, quiet hours and a delivery
 * frequency. Kept in the visitor's browser only.
 */

/**
 * The product's English words of the settings page. The renter's page shows the catalogue's
 * (`notifications.prefs.*`, `notifications.timing.emergencyNote`) in the page's language; the
 * schema's `timeOfDay` is translated by the form field (`form.preferences.timeOfDay`).
 */
export const notificationPreferencesMessages = {
  saved: "Notification preferences saved successfully",
  saveFailed: messages.preferencesSaveFailed,
  testSent: "Test notification sent! This is how notifications will appear.",
  timeOfDay: "Enter a time such as 22:00.",
  emergencyNote:
    "Emergency notifications are always delivered instantly regardless of this setting.",
} as const;

export const channels = ["email", "inApp", "push"] as const;
export type Channel = (typeof channels)[number];

export const channelCategories = [
  "maintenance",
  "payment",
  "system",
  "communication",
  "emergency",
] as const;
export type ChannelCategory = (typeof channelCategories)[number];

// The channels' and categories' names, and the lock of emergency push, are words of the page
// only: the renter's page shows them from the catalogue (`notifications.channel.<channel>.*`,
// `notifications.channel.category.<category>`), in the page's language.

export const frequencies = ["instant", "hourly", "daily", "weekly"] as const;
/** The English names; the page shows `notifications.timing.frequency.<value>`. */
export const frequencyLabels: Record<(typeof frequencies)[number], string> = {
  instant: "Instant (as they happen)",
  hourly: "Hourly digest",
  daily: "Daily digest",
  weekly: "Weekly digest",
};

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

const channelSchema = z.object({
  enabled: z.boolean(),
  maintenance: z.boolean(),
  payment: z.boolean(),
  system: z.boolean(),
  communication: z.boolean(),
  emergency: z.boolean(),
});

export const notificationPreferencesSchema = z.object({
  email: channelSchema,
  inApp: channelSchema,
  // Emergency push is always on, whatever the visitor sets: a stored false is not valid.
  push: z.extend(channelSchema, { emergency: z.literal(true) }),
  quietHours: z.object({ enabled: z.boolean(), startTime: z.string(), endTime: z.string() }).check(
    z.superRefine((quiet, ctx) => {
      // The times matter only while quiet hours are on; when off their inputs are hidden.
      if (!quiet.enabled) return;
      for (const key of ["startTime", "endTime"] as const) {
        if (!TIME_OF_DAY.test(quiet[key]))
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: notificationPreferencesMessages.timeOfDay,
          });
      }
    }),
  ),
  frequency: z.enum(frequencies),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

const allOn = {
  enabled: true,
  maintenance: true,
  payment: true,
  system: true,
  communication: true,
  emergency: true,
};

/** Defaults: e-mail and in-app on for everything, push off except emergency, quiet 22:00-08:00. */
export const defaultNotificationPreferences: NotificationPreferences = {
  email: { ...allOn },
  inApp: { ...allOn },
  push: {
    enabled: false,
    maintenance: false,
    payment: false,
    system: false,
    communication: false,
    emergency: true,
  },
  quietHours: { enabled: false, startTime: "22:00", endTime: "08:00" },
  frequency: "instant",
};

/** Stored preferences, or the defaults when there are none or they do not parse. */
export function parseStoredPreferences(value: unknown): NotificationPreferences {
  const parsed = notificationPreferencesSchema.safeParse(value);
  return parsed.success ? parsed.data : defaultNotificationPreferences;
}
