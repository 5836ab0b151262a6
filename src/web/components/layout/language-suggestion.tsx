import { X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { localizedPath } from "#domain/locale";
import { useI18n } from "#web/i18n/i18n-provider";
import { rememberLanguage, storedLanguage, wantsSpanish } from "./language-choice";

/**
 * On an English page, for a browser that prefers Spanish (or a visitor who chose it before): a
 * small line offering the same page in Spanish. Never a redirect: each address keeps its language.
 * Written in Spanish whatever the page's language, since it speaks to a Spanish reader. Shown
 * after hydration only (the server cannot know the browser's languages from the HTML it caches).
 */
export function LanguageSuggestion() {
  const { locale } = useI18n();
  const { pathname, search, hash } = useLocation();
  const [show, setShow] = useState(false);
  useEffect(() => {
    setShow(locale === "en" && wantsSpanish(storedLanguage(), navigator.languages ?? []));
  }, [locale]);
  if (!show || locale !== "en") return null;
  return (
    <aside
      lang="es"
      aria-label="Idioma"
      className="flex items-center justify-center gap-3 bg-secondary px-4 py-1.5 text-sm text-secondary-foreground"
    >
      <Link
        to={`${localizedPath(pathname, "es")}${search}${hash}`}
        hrefLang="es"
        onClick={() => rememberLanguage("es")}
        className="font-medium underline underline-offset-2"
      >
        Ver esta página en español
      </Link>
      <button
        type="button"
        onClick={() => {
          rememberLanguage("en");
          setShow(false);
        }}
        className="inline-flex size-8 items-center justify-center rounded-md hover:bg-black/10"
        aria-label="No, gracias"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </aside>
  );
}
