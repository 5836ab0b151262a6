import type { AlertCriteria, AlertFrequency, AlertLanguage } from "#domain/alerts";
import { criteriaText as pageCriteriaText } from "#domain/i18n/alert-text";
import englishAlerts from "#domain/i18n/messages/en/alerts.json" with { type: "json" };
import spanishAlerts from "#domain/i18n/messages/es/alerts.json" with { type: "json" };
import { intlLocales } from "#domain/locale";
import { siteWords } from "#server/mail/site-words";

/**
 * Criteria in words, for the e-mails (in the subscriber's language) and the staff's Overview:
 * "2+ bedrooms, up to $1,800, in Hartford or West Hartford, available now", the words of the
 * site's alerts catalogue, so an e-mail and the manage page say an alert the same way.
 */

/** Whole dollars in the subscriber's language: "$1,800". */
export const dollars = (amount: number, lang: AlertLanguage) =>
  new Intl.NumberFormat(intlLocales[lang], {
    style: "currency",
    currency: "USD",
    maximumFractionDigits: 0,
  }).format(amount);

/** The site's alerts catalogue, compiled once per language: the words the manage page shows. */
const translators: Record<AlertLanguage, ReturnType<typeof siteWords>> = {
  en: siteWords("en", englishAlerts),
  es: siteWords("es", spanishAlerts),
};

/** What an alert looks for, in the subscriber's language, as the manage page says it. */
export const criteriaText = (criteria: AlertCriteria, lang: AlertLanguage): string =>
  pageCriteriaText(translators[lang], criteria);

/** How often, inside an e-mail's sentence ("you will hear ... as soon as one opens"). */
const frequencyWords = {
  en: { instant: "as soon as one opens", daily: "a daily summary" },
  es: { instant: "en cuanto haya una", daily: "un resumen diario" },
} as const;

export const frequencyText = (frequency: AlertFrequency, lang: AlertLanguage) =>
  frequencyWords[lang][frequency];
