import { intlLocales, type Locale, localizedPath } from "#domain/locale";
import { formatMessage, type Messages, type Values } from "./format-message";

export type { Messages, Values };

/** What a page needs to speak its visitor's language. */
export type Translator = {
  locale: Locale;
  /** The message `id` in the page's language, with its ICU placeholders filled from `values`. */
  t: (id: string, values?: Values) => string;
  /** Whether the page's messages hold `id` (for words that may or may not have a translation). */
  has: (id: string) => boolean;
  /** A site path in the page's language (`/properties` → `/es/properties` in Spanish). */
  path: (to: string) => string;
  /** Intl's locale of the page's language (en-US, es-US). */
  intl: string;
};

/**
 * A message id no catalogue of this page holds is a defect: it is reported on the console (the
 * browser tests fail on console errors) and the id itself is shown.
 */
function reportMissing(locale: string, id: string): string {
  console.error(`Missing message "${id}" (${locale})`);
  return id;
}

export function createTranslator(locale: Locale, messages: Messages): Translator {
  const intl = intlLocales[locale];
  return {
    locale,
    t: (id, values = {}) => {
      const message = messages[id];
      return message === undefined
        ? reportMissing(locale, id)
        : formatMessage(message, values, intl);
    },
    has: (id) => messages[id] !== undefined,
    path: (to) => localizedPath(to, locale),
    intl,
  };
}
