/**
 * The languages of the renter-facing site. English lives at today's addresses; Spanish at the
 * same addresses under `/es`. The path alone decides a page's language, so an address always
 * shows the same language (search engines and shared links rely on it).
 */
export const locales = ["en", "es"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en";

/** The name of each language in itself, for the switch and the suggestion. */
export const languageNames: Record<Locale, string> = { en: "English", es: "Español" };

/** Intl's locale per language: US conventions in both (rent as $1,850.00). */
export const intlLocales: Record<Locale, string> = { en: "en-US", es: "es-US" };

/** The time zone of the agency's office: dates and times are shown in it. */
export const OFFICE_TIME_ZONE = "America/New_York";

let officeDayFormat: Intl.DateTimeFormat | undefined;

/**
 * The office's calendar day of a moment, yyyy-MM-dd: the day an alert's "today", a notification's
 * group and a unit's last confirmation belong to. Its formatter is made on first use (making one
 * costs milliseconds a page that shows no date should not pay).
 */
export function officeDay(moment: Date): string {
  officeDayFormat ??= new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    timeZone: OFFICE_TIME_ZONE,
  });
  const parts = officeDayFormat.formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

const SPANISH_PREFIX = /^\/es(?=\/|$|\?|#)/;

/** The language of a path: Spanish under `/es`, English elsewhere. */
export function localeFromPath(pathname: string): Locale {
  return SPANISH_PREFIX.test(pathname) ? "es" : "en";
}

/** A path without its language prefix: `/es/properties` → `/properties`, `/es` → `/`. */
export function unlocalizedPath(pathname: string): string {
  if (!SPANISH_PREFIX.test(pathname)) return pathname;
  const rest = pathname.slice(3);
  return rest === "" || rest.startsWith("?") || rest.startsWith("#") ? `/${rest}` : rest;
}

/**
 * A site path in a language: `/properties` in Spanish is `/es/properties`, `/` is `/es`. Paths
 * that are not the site's own (absolute URLs, `mailto:`, `tel:`, `#anchors`) pass unchanged.
 */
export function localizedPath(path: string, locale: Locale): string {
  if (!path.startsWith("/") || path.startsWith("//")) return path;
  const base = unlocalizedPath(path);
  if (locale === "en") return base;
  return base === "/" || base.startsWith("/?") || base.startsWith("/#")
    ? `/es${base.slice(1)}`
    : `/es${base}`;
}
