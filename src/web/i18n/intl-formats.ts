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
 * Locales whose whole numbers are written with a comma every three digits ("12,345", as
 * Intl.NumberFormat writes them for both of the site's locales). Whole numbers in them are
 * grouped here rather than by Intl.NumberFormat, whose first construction in a page costs about
 * 12 ms (50 ms on a cold start), four times that on a phone, in the middle of hydration. The
 * tests compare both ways over many values.
 */
const COMMA_GROUPED = new Set(["en-US", "es-US"]);

const grouped = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** A count, an area, a number of days, in the page's locale: "12,345". */
export function formatWhole(value: number, locale: string): string {
  if (!COMMA_GROUPED.has(locale) || !Number.isSafeInteger(value)) {
    return numberFormat(locale).format(value);
  }
  return value < 0 ? `-${grouped(-value)}` : grouped(value);
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
