import { type ComponentType, useEffect, useState } from "react";
import { useI18n } from "#web/i18n/i18n-provider";
import { storedLanguage, wantsSpanish } from "./language-choice";

type Bar = ComponentType<{ onDismiss: () => void }>;

/**
 * On an English page, for a browser that prefers Spanish (or a visitor who chose it before): a
 * small line offering the same page in Spanish. Never a redirect: each address keeps its
 * language. Decided after hydration (the server cannot know the browser's languages), and the
 * line itself is fetched only for the visitors it is for.
 */
export function LanguageSuggestion() {
  const { locale } = useI18n();
  const [bar, setBar] = useState<Bar | null>(null);
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    if (locale !== "en" || !wantsSpanish(storedLanguage(), navigator.languages ?? [])) {
      setBar(null);
      return;
    }
    let current = true;
    void import("./language-suggestion-bar").then((module) => {
      if (current) setBar(() => module.LanguageSuggestionBar);
    });
    return () => {
      current = false;
    };
  }, [locale]);
  if (!bar || dismissed || locale !== "en") return null;
  const Bar = bar;
  return <Bar onDismiss={() => setDismissed(true)} />;
}
