import type { AlertCriteria, AlertFrequency, AlertLanguage } from "#domain/alerts";
import { intlLocales } from "#domain/locale";

/**
 * Criteria in words, for the e-mails (in the subscriber's language) and the staff's Overview:
 * "2+ bedrooms, up to $1,800, in Hartford or West Hartford, available now".
 */

/** Whole dollars in the subscriber's language: "$1,800". */
export const dollars = (amount: number, lang: AlertLanguage) =>
  new Intl.NumberFormat(intlLocales[lang], {
    style: "currency",
    currency: "USD",
    maximumFractionDigits: 0,
  }).format(amount);

const list = (items: readonly string[], lang: AlertLanguage) =>
  new Intl.ListFormat(intlLocales[lang], { style: "long", type: "disjunction" }).format(items);

const words = {
  en: {
    bedrooms: (n: number) => `${n}+ bedroom${n === 1 ? "" : "s"}`,
    rentMax: (amount: string) => `up to ${amount}`,
    towns: (towns: string) => `in ${towns}`,
    availableNow: "available now",
    any: "any home",
    frequency: { instant: "as soon as one opens", daily: "a daily summary" },
  },
  es: {
    bedrooms: (n: number) => `${n}+ dormitorio${n === 1 ? "" : "s"}`,
    rentMax: (amount: string) => `hasta ${amount}`,
    towns: (towns: string) => `en ${towns}`,
    availableNow: "disponible ahora",
    any: "cualquier vivienda",
    frequency: { instant: "en cuanto haya una", daily: "un resumen diario" },
  },
} as const;

export function criteriaText(criteria: AlertCriteria, lang: AlertLanguage): string {
  const w = words[lang];
  const parts = [
    ...(criteria.bedroomsMin ? [w.bedrooms(criteria.bedroomsMin)] : []),
    ...(criteria.rentMax !== undefined ? [w.rentMax(dollars(criteria.rentMax, lang))] : []),
    ...(criteria.towns?.length ? [w.towns(list(criteria.towns, lang))] : []),
    ...(criteria.availableNow ? [w.availableNow] : []),
  ];
  return parts.length > 0 ? parts.join(", ") : w.any;
}

export const frequencyText = (frequency: AlertFrequency, lang: AlertLanguage) =>
  words[lang].frequency[frequency];
