import { createContext, type ReactNode, useContext, useMemo, useRef } from "react";
import { useLocation, useMatches } from "react-router";
import { createTranslator, type Messages, type Translator } from "#domain/i18n/translator";
import { localeFromPath } from "#domain/locale";
import { mergeMatchMessages } from "./route-messages";

const I18nContext = createContext<Translator | null>(null);

/** Two merged catalogues with the same messages (by identity): nothing to rebuild. */
function sameMessages(a: Messages, b: Messages): boolean {
  const aKeys = Object.keys(a);
  if (aKeys.length !== Object.keys(b).length) return false;
  return aKeys.every((key) => a[key] === b[key]);
}

/**
 * The page's language and words, from its path and the messages its route loaders sent. A new
 * translator is made only when the language or the set of messages changes (a navigation).
 */
export function I18nRoot({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const matches = useMatches();
  const locale = localeFromPath(pathname);
  const merged = mergeMatchMessages(matches);
  const stable = useRef(merged);
  if (!sameMessages(stable.current, merged)) stable.current = merged;
  const messages = stable.current;
  const translator = useMemo(() => createTranslator(locale, messages), [locale, messages]);
  return <I18nContext.Provider value={translator}>{children}</I18nContext.Provider>;
}

/** Kept on the global object, so that a test's fresh import of this module still finds it. */
const OUTSIDE_ROUTES = Symbol.for("charter-oak.translator-outside-routes");
type WithFallback = { [OUTSIDE_ROUTES]?: Translator | null };

/**
 * The translator of components rendered on their own, outside the route tree: the component
 * tests set the whole English catalogue here once. The site itself never sets it.
 */
export function setTranslatorOutsideRoutes(translator: Translator | null) {
  (globalThis as WithFallback)[OUTSIDE_ROUTES] = translator;
}

/** `t`, `path`, `locale` and `intl` of the current page. */
export function useI18n(): Translator {
  const translator = useContext(I18nContext) ?? (globalThis as WithFallback)[OUTSIDE_ROUTES];
  if (!translator) throw new Error("useI18n is used outside I18nRoot");
  return translator;
}

/** Only the page's language: for components that show no words of their own. */
export function useLocale() {
  return useI18n().locale;
}

/** A fixed translator: for tests and for screens rendered outside the route tree. */
export function I18nProvider({
  translator,
  children,
}: {
  translator: Translator;
  children: ReactNode;
}) {
  return <I18nContext.Provider value={translator}>{children}</I18nContext.Provider>;
}
