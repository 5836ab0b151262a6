import { dateTimeFormat } from "#domain/i18n/intl-formats";
import { OFFICE_TIME_ZONE } from "#domain/locale";

// The formatters are made on first use and kept (intl-formats.ts): making one costs
// milliseconds, which a page that shows no date should not pay while its scripts start.

/**
 * 'Nov 22, 2026, 3:04 PM' in the agency's time zone (Connecticut), whatever the viewer's; '—'
 * for no date; in another language (`intl`, e.g. es-US) in its own way. Newer ICU data puts a
 * narrow no-break space before AM/PM: a plain space reads, copies and searches the same
 * everywhere.
 */
export function formatDateTime(iso: string | null | undefined, intl = "en-US"): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "—";
  return dateTimeFormat(intl, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: OFFICE_TIME_ZONE,
  })
    .format(date)
    .replace(/\u202f/g, " ");
}

/**
 * A calendar day ('2026-03-03') as 'Tue, Mar 3, 2026'; in another language (`intl`) written out,
 * as 'martes, 3 de marzo de 2026' (short Spanish names read 'mar, 3 de mar': Tuesday and March
 * alike). The day is no instant: it is read at noon UTC and shown in UTC, so no time zone moves
 * it to the day before or after.
 */
export function formatDay(day: string | null | undefined, intl = "en-US"): string {
  if (!day) return "—";
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return "—";
  const style = intl.startsWith("en") ? "short" : "long";
  return dateTimeFormat(intl, {
    weekday: style,
    month: style,
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  }).format(date);
}

/** The year of an instant (now by default) in the agency's time zone: '2026'. */
export const agencyYear = (date = new Date()): string =>
  dateTimeFormat("en-US", { year: "numeric", timeZone: OFFICE_TIME_ZONE }).format(date);

/**
 * An instant's day in Connecticut, short: 'Nov 3' in `thisYear` (the current one unless given;
 * a server-rendered page passes its loader's, so its hydration writes the same text),
 * 'Nov 3, 2025' in another; in Spanish '3 de noviembre (de 2025)'. '—' for no date.
 */
export function formatShortDate(
  iso: string | null | undefined,
  { thisYear = agencyYear(), intl = "en-US" }: { thisYear?: string; intl?: string } = {},
): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "—";
  const withYear = agencyYear(date) !== thisYear;
  return dateTimeFormat(intl, {
    month: intl.startsWith("en") ? "short" : "long",
    day: "numeric",
    ...(withYear ? { year: "numeric" } : {}),
    timeZone: OFFICE_TIME_ZONE,
  }).format(date);
}
