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

/** A rent or any amount of dollars in the page's locale, whole: "$1,850". */
export const formatRent = (amount: number, locale: string): string =>
  numberFormat(locale, { style: "currency", currency: "USD", maximumFractionDigits: 0 }).format(
    amount,
  );
