import type { Messages } from "#domain/i18n/translator";
import type { Locale } from "#domain/locale";

/** What a page's loader adds to its data: the language of the request and its messages. */
export type PageMessages = { locale: Locale; messages: Messages };

/** The messages that route loaders sent: each match's `messages`, merged (later ones win). */
export function mergeMatchMessages(
  matches: readonly ({ data?: unknown; loaderData?: unknown } | undefined)[],
): Messages {
  const merged: Messages = {};
  for (const match of matches) {
    const data = (match?.loaderData ?? match?.data) as { messages?: Messages } | null | undefined;
    if (data && typeof data === "object" && data.messages) Object.assign(merged, data.messages);
  }
  return merged;
}
