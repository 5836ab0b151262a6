import type { ReactNode } from "react";
import { isRouteErrorResponse, useMatches } from "react-router";
import { createTranslator, type Messages, type Translator } from "#domain/i18n/translator";
import { localeFromPath } from "#domain/locale";
import { I18nProvider, useI18n } from "#web/i18n/i18n-provider";
import { mergeMatchMessages } from "#web/i18n/route-messages";

/**
 * A route whose loader fails has no data, so its page's messages do not reach its error boundary
 * or its meta function: the listing loaders put them in the error they throw instead
 * (`throw data({ message, ...pageMessages(request, ["listings"]) }, { status })`), and these read
 * them back.
 */
export function errorMessages(error: unknown): Messages | undefined {
  if (!isRouteErrorResponse(error)) return undefined;
  const messages = (error.data as { messages?: unknown } | null | undefined)?.messages;
  return messages && typeof messages === "object" ? (messages as Messages) : undefined;
}

/** The error boundary's words: the page's messages, with those the failed loader sent. */
export function WithErrorMessages({ error, children }: { error: unknown; children: ReactNode }) {
  const { locale } = useI18n();
  const matches = useMatches();
  const extra = errorMessages(error);
  // An error screen renders seldom: its translator is simply made again.
  const translator = extra
    ? createTranslator(locale, { ...mergeMatchMessages(matches), ...extra })
    : null;
  if (!translator) return <>{children}</>;
  return <I18nProvider translator={translator}>{children}</I18nProvider>;
}

/** A meta function's translator, with the messages of a failed loader's error. */
export function metaI18nWithError({
  matches,
  location,
  error,
}: {
  matches: readonly ({ data?: unknown; loaderData?: unknown } | undefined)[];
  location: { pathname: string };
  error?: unknown;
}): Translator {
  return createTranslator(localeFromPath(location.pathname), {
    ...mergeMatchMessages(matches),
    ...errorMessages(error),
  });
}
