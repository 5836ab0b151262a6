/**
 * The `Intl` formatters of the renter's pages, made once per locale and options and kept: making
 * one costs far more than using it, and a page formats every rent, date and plural through them.
 */

type Made = Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules | Intl.ListFormat;

const made = new Map<string, Made>();

function kept<T extends Made>(kind: string, locale: string, options: object, make: () => T): T {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let formatter = made.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    made.set(key, formatter);
  }
  return formatter;
}

export const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}) =>
  kept("number", locale, options, () => new Intl.NumberFormat(locale, options));

export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  kept("date", locale, options, () => new Intl.DateTimeFormat(locale, options));

export const pluralRules = (locale: string, options: Intl.PluralRulesOptions) =>
  kept("plural", locale, options, () => new Intl.PluralRules(locale, options));

export const listFormat = (locale: string, options: Intl.ListFormatOptions) =>
  kept("list", locale, options, () => new Intl.ListFormat(locale, options));

/**
 * Locales that write numbers with a comma every three digits and a point before a fraction
 * ("12,345.5", as Intl.NumberFormat writes them for both of the site's locales). Numbers in them
 * are written here rather than by Intl.NumberFormat, whose first construction in a page costs
 * about 12 ms (50 ms on a cold start), four times that on a phone, in the middle of hydration (a
 * unit table's "1.5 baths" paid it on every building page). The tests compare both ways over
 * many values.
 */
const COMMA_GROUPED = new Set(["en-US", "es-US"]);

const grouped = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/**
 * A number whose shortest decimal spelling has at most three digits after the point (Intl's
 * default maximumFractionDigits), no exponent and a safe whole part: "1.5" -> ["1", "5"]. Any
 * other number (a longer fraction, which Intl rounds) is left to Intl.
 */
const SHORT_DECIMAL = /^(\d+)(?:\.(\d{1,3}))?$/;

/** A count, an area, a number of baths, in the page's locale: "12,345", "1.5". */
export function formatNumber(value: number, locale: string): string {
  const [, whole, fraction] = SHORT_DECIMAL.exec(String(Math.abs(value))) ?? [];
  if (!COMMA_GROUPED.has(locale) || whole === undefined || !Number.isSafeInteger(Number(whole))) {
    return numberFormat(locale).format(value);
  }
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  return `${sign}${grouped(Number(whole))}${fraction ? `.${fraction}` : ""}`;
}

/** A rent or any amount of dollars in the page's locale, whole: "$1,850". */
export function formatRent(amount: number, locale: string): string {
  if (!COMMA_GROUPED.has(locale) || !Number.isSafeInteger(amount)) {
    return numberFormat(locale, {
      style: "currency",
      currency: "USD",
      maximumFractionDigits: 0,
    }).format(amount);
  }
  return amount < 0 ? `-$${grouped(-amount)}` : `$${grouped(amount)}`;
}

type ListType = "conjunction" | "disjunction";

/**
 * How the site's locales join the last item of a list ("a, b, and c"; "a, b y c"), as
 * Intl.ListFormat's long style writes them. Spanish says "e" for "y" before a word that sounds
 * like "i" ("agua e internet", not before "hie-"/"hia-": "agua y hielo"), and "u" for "o" before
 * one that sounds like "o" ("8 u 11"): the rules of the ICU data the browsers carry.
 */
const LISTS: Record<string, Record<ListType, (next: string) => string>> = {
  "en-US": { conjunction: () => "and", disjunction: () => "or" },
  "es-US": {
    conjunction: (next) => (/^(?:i|hi$|hi[^ae])/i.test(next) ? "e" : "y"),
    disjunction: (next) => (/^(?:o|ho|8|11(?: |$))/i.test(next) ? "u" : "o"),
  },
};

/**
 * A list in the page's locale: "Heat, hot water, and trash"; "Hartford o West Hartford". The
 * site's locales are joined here rather than by Intl.ListFormat, whose first construction in a
 * page costs 14-22 ms on a fast machine (four times that on a phone), in the middle of the
 * hydration of a unit's page. The tests compare both ways over many lists.
 */
export function formatList(items: readonly string[], locale: string, type: ListType): string {
  const word = LISTS[locale]?.[type];
  if (!word) return listFormat(locale, { style: "long", type }).format(items);
  const last = items.at(-1);
  if (items.length < 2 || last === undefined) return items.join("");
  const comma = locale === "en-US" && items.length > 2 ? "," : "";
  return `${items.slice(0, -1).join(", ")}${comma} ${word(last)} ${last}`;
}

/** Month names as the site's locales write a day: "Nov 20" (short) and "20 de noviembre" (long). */
const MONTHS: Record<string, readonly string[]> = {
  "en-US": ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
  "es-US": [
    "enero",
    "febrero",
    "marzo",
    "abril",
    "mayo",
    "junio",
    "julio",
    "agosto",
    "septiembre",
    "octubre",
    "noviembre",
    "diciembre",
  ],
};

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar day ("2026-11-20") as the renter's pages write it: "Nov 20, 2026" and
 * "20 de noviembre de 2026", or without the year ("Nov 20", "20 de noviembre"). The day is no
 * instant, so no time zone moves it. The site's locales are written here rather than by
 * Intl.DateTimeFormat, whose first construction in a page costs several milliseconds on a fast
 * machine (four times that on a phone) during hydration; the tests compare both ways for every
 * month. Other locales, and a value that is not a day, go to Intl.
 */
export function formatCalendarDay(day: string, locale: string, withYear: boolean): string {
  const months = MONTHS[locale];
  const [, year, month, date] = CALENDAR_DAY.exec(day) ?? [];
  const name = months?.[Number(month) - 1];
  if (!name || !year || !date || Number(date) < 1 || Number(date) > 31) {
    return dateTimeFormat(locale, {
      month: locale.startsWith("en") ? "short" : "long",
      day: "numeric",
      ...(withYear ? { year: "numeric" } : {}),
      timeZone: "UTC",
    }).format(new Date(`${day}T12:00:00Z`));
  }
  const d = Number(date);
  if (locale === "en-US") return withYear ? `${name} ${d}, ${year}` : `${name} ${d}`;
  return withYear ? `${d} de ${name} de ${year}` : `${d} de ${name}`;
}
