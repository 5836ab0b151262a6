import { isLocale, type Locale } from "#domain/locale";

/** The visitor's chosen language, kept in this browser (set by the switch and the suggestion). */
export const LANGUAGE_STORAGE_KEY = "language";

export function storedLanguage(): Locale | null {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

export function rememberLanguage(locale: Locale) {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // Storage refused (private mode, full): the choice holds for this page only.
  }
}

/**
 * Whether an English page should offer its Spanish twin: the visitor chose Spanish before, or has
 * chosen nothing and the browser's first language is Spanish.
 */
export function wantsSpanish(stored: Locale | null, languages: readonly string[]): boolean {
  if (stored) return stored === "es";
  return /^es\b/i.test(languages[0] ?? "");
}
