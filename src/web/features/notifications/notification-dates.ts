import { dateTimeFormat } from "#domain/i18n/intl-formats";
import type { Translator } from "#domain/i18n/translator";
import { OFFICE_TIME_ZONE, officeDay } from "#domain/locale";
import { type Notification, type NotificationGroup, newestFirst } from "#domain/notifications";

/**
 * The days and times of notifications as a renter sees them: in the page's language and in the
 * office's time zone (the day a notification belongs to is the office's calendar day too, so a
 * group's heading and the times under it always agree).
 */

type Words = Pick<Translator, "t" | "intl">;

const options = {
  time: { hour: "numeric", minute: "2-digit", timeZone: OFFICE_TIME_ZONE },
  day: {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: OFFICE_TIME_ZONE,
  },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

const format = (intl: string, kind: keyof typeof options) => dateTimeFormat(intl, options[kind]);

/** Some engines put a narrow no-break space before AM/PM: the words stay "9:05 AM" everywhere. */
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

/** The day before an office day key (calendar arithmetic, no time zone involved). */
function previousDayKey(key: string): string {
  const [year, month, day] = key.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day - 1)).toISOString().slice(0, 10);
}

/** '9:05 AM', '9:05 a. m.'. */
export function formatNotificationTime(date: Date, intl: string): string {
  return plainSpaces(format(intl, "time").format(date));
}

/** 'Thursday, January 2, 2025', 'Jueves, 2 de enero de 2025' (a heading begins with a capital). */
export function formatNotificationDay(date: Date, intl: string): string {
  const text = plainSpaces(format(intl, "day").format(date));
  return text.charAt(0).toLocaleUpperCase(intl) + text.slice(1);
}

/** 'Today', 'Yesterday' or the long date, in the page's language. */
export function notificationDayHeading(date: Date, now: Date, { t, intl }: Words): string {
  const key = officeDay(date);
  const today = officeDay(now);
  if (key === today) return t("notify.day.today");
  if (key === previousDayKey(today)) return t("notify.day.yesterday");
  return formatNotificationDay(date, intl);
}

/** 'Today, 9:05 AM': when a notification came, in the bell's menu. */
export function notificationWhen(date: Date, now: Date, words: Words): string {
  return words.t("notify.menu.when", {
    day: notificationDayHeading(date, now, words),
    time: formatNotificationTime(date, words.intl),
  });
}

/** By the office's calendar day, newest day first, newest item first within a day. */
export function groupByOfficeDay(
  items: readonly Notification[],
  now: Date,
  words: Words,
): NotificationGroup[] {
  const groups = new Map<string, Notification[]>();
  for (const n of newestFirst(items)) {
    const key = officeDay(new Date(n.timestamp));
    groups.set(key, [...(groups.get(key) ?? []), n]);
  }
  return [...groups].map(([key, list]) => ({
    key,
    heading: notificationDayHeading(new Date(list[0]!.timestamp), now, words),
    countLabel: words.t("notifications.list.count", { count: list.length }),
    items: list,
  }));
}
