import { compileMessages } from "#domain/i18n/compile-messages";
import { createTranslator, type Translator } from "#domain/i18n/translator";
import type { Locale } from "#domain/locale";

/**
 * One of the site's catalogues (`#domain/i18n/messages/<locale>/<namespace>.json`, imported as
 * JSON: the server is bundled without Vite, which finds them for the pages) as a translator, for server text that must say what a page says:
 * an e-mail's words, the Overview's. An id the catalogue lacks throws rather than put the id in
 * an e-mail; words read when a module loads so stop the server at start.
 */
export function siteWords(locale: Locale, catalogue: Record<string, string>): Translator {
  const messages = compileMessages(catalogue);
  const translator = createTranslator(locale, messages);
  return {
    ...translator,
    t: (id, values) => {
      if (messages[id] === undefined) throw new Error(`${locale} catalogue: no message "${id}"`);
      return translator.t(id, values);
    },
  };
}
