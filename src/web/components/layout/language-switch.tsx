import { Languages } from "lucide-react";
import { Link, useLocation } from "react-router";
import { languageNames, localizedPath } from "#domain/locale";
import { useI18n } from "#web/i18n/i18n-provider";
import { cn } from "#web/lib/utils";
import { rememberLanguage } from "./language-choice";

/**
 * The link to this same page in the other language (with its query and anchor), named in that
 * language. Following it remembers the choice in this browser.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { locale, t } = useI18n();
  const { pathname, search, hash } = useLocation();
  const target = locale === "es" ? "en" : "es";
  return (
    <Link
      to={`${localizedPath(pathname, target)}${search}${hash}`}
      lang={target}
      hrefLang={target}
      onClick={() => rememberLanguage(target)}
      className={cn(
        "inline-flex min-h-11 items-center gap-1.5 rounded-md px-3 text-sm font-medium hover:bg-muted",
        className,
      )}
    >
      <Languages aria-hidden="true" className="size-4" />
      <span className="sr-only" lang={locale}>
        {t("common.language.label")}:{" "}
      </span>
      {languageNames[target]}
    </Link>
  );
}
