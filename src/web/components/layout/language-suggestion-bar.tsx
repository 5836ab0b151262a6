import { X } from "lucide-react";
import { Link, useLocation } from "react-router";
import { localizedPath } from "#domain/locale";
import { rememberLanguage } from "./language-choice";

/**
 * The line offering an English page in Spanish (see language-suggestion.tsx, which loads it only
 * for a visitor it is meant for). Written in Spanish whatever the page's language, since it
 * speaks to a Spanish reader.
 */
export function LanguageSuggestionBar({ onDismiss }: { onDismiss: () => void }) {
  const { pathname, search, hash } = useLocation();
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
          onDismiss();
        }}
        className="inline-flex size-8 items-center justify-center rounded-md hover:bg-black/10"
        aria-label="No, gracias"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </aside>
  );
}
