import type { ShouldRevalidateFunctionArgs } from "react-router";
import { localeFromPath } from "#domain/locale";

/**
 * For a route whose loader reads nothing but the page's language (its words): load them again
 * only when a navigation changes the language. A change of the query (the portal's tab, the
 * list's filters below the shell) or a form sent elsewhere leaves the words as they are, so such
 * a change costs no request to the server. A route whose data was lost (a failed request) holds
 * none, and React Router loads it on the next navigation whatever this says.
 */
export function revalidateOnLanguageChange({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return localeFromPath(currentUrl.pathname) !== localeFromPath(nextUrl.pathname);
}
