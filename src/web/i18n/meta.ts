import { createTranslator, type Translator } from "#domain/i18n/translator";
import { localeFromPath } from "#domain/locale";
import { mergeMatchMessages } from "./route-messages";

/**
 * A page's translator inside its `meta` function (titles, descriptions, structured data), which
 * runs outside React: the same messages the page's loaders sent, in the language of its path.
 */
export function metaI18n({
  matches,
  location,
}: {
  matches: readonly ({ data?: unknown; loaderData?: unknown } | undefined)[];
  location: { pathname: string };
}): Translator {
  return createTranslator(localeFromPath(location.pathname), mergeMatchMessages(matches));
}
