import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Compiled, Messages } from "./format-message";

/** A message that is text only travels as that text (most of them), else in its compiled form. */
function compact(compiled: ReturnType<typeof compileMessage>): Compiled {
  return compiled.every((token) => typeof token === "string") ? compiled.join("") : compiled;
}

/**
 * One catalogue file's ICU messages compiled for `createTranslator`. The web app's catalogues go
 * through it (its catalogue.server.ts finds the files with Vite); so does server code that says
 * something in the site's own words, importing the file it needs as JSON.
 */
export function compileMessages(entries: Record<string, string>): Messages {
  const byId: Messages = {};
  for (const [id, message] of Object.entries(entries)) byId[id] = compact(compileMessage(message));
  return byId;
}
