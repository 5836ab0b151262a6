import { applicationsApi } from "#domain/api/applications";
import { applicationMessages } from "#domain/applications";
import { translateMessage } from "#web/i18n/translate-message";
import { contractQuery } from "#web/lib/query";

/** The application an e-mailed link opens (the token is the permission). */
export const applicationQuery = (token: string) =>
  contractQuery(applicationsApi.view, { params: { token } });

const keyOf = new Map<string, string>(
  Object.entries(applicationMessages).flatMap(([key, text]) =>
    typeof text === "string" ? [[text, key]] : [],
  ),
);

/**
 * A refusal of the application's schema or of the server, in the page's language: the page's own
 * catalogue holds the application's words (`apply.error.<name>`), the shared one the rest.
 */
export function applicationErrorText(t: (id: string) => string, text: string): string {
  const key = keyOf.get(text);
  return key ? t(`apply.error.${key}`) : translateMessage(t, text);
}
