/**
 * An Intl formatter made on first use and kept: making one costs milliseconds, which a page
 * that shows no date should not pay while its scripts start.
 */
function onFirstUse(make: () => Intl.DateTimeFormat): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

const formatter = onFirstUse(
  () =>
    new Intl.DateTimeFormat("en-US", {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: "America/New_York",
    }),
);

/**
 * 'Nov 22, 2026, 3:04 PM' in the agency's time zone (Connecticut), whatever the viewer's; '—'
 * for no date. Newer ICU data puts a narrow no-break space before AM/PM: a plain space reads,
 * copies and searches the same everywhere.
 */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "—";
  return formatter()
    .format(date)
    .replace(/\u202f/g, " ");
}

const dayFormatter = onFirstUse(
  () =>
    new Intl.DateTimeFormat("en-US", {
      weekday: "short",
      month: "short",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    }),
);

/**
 * A calendar day ('2026-03-03') as 'Tue, Mar 3, 2026'. The day is no instant: it is read at noon
 * UTC and shown in UTC, so no time zone moves it to the day before or after.
 */
export function formatDay(day: string | null | undefined): string {
  if (!day) return "—";
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return "—";
  return dayFormatter().format(date);
}

const yearIn = onFirstUse(
  () => new Intl.DateTimeFormat("en-US", { year: "numeric", timeZone: "America/New_York" }),
);

/** The year of an instant (now by default) in the agency's time zone: '2026'. */
export const agencyYear = (date = new Date()): string => yearIn().format(date);

const shortDates = new Map<string, Intl.DateTimeFormat>();

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
  const key = `${intl}:${withYear}`;
  let formatter = shortDates.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(intl, {
      month: intl.startsWith("en") ? "short" : "long",
      day: "numeric",
      ...(withYear ? { year: "numeric" } : {}),
      timeZone: "America/New_York",
    });
    shortDates.set(key, formatter);
  }
  return formatter.format(date);
}
