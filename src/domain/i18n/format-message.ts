import type { CompiledMessage } from "@lingui/message-utils/compileMessage";
import { formatNumber, pluralRules } from "./intl-formats";

/**
 * A message as the server sends it: Lingui's compiled form (text runs, `[name]` arguments,
 * `[name, "plural" | "selectordinal" | "select", cases]`), or a plain string when it has no
 * argument at all.
 */
export type Compiled = string | CompiledMessage;
export type Values = Record<string, unknown>;
/** A page's messages by id. */
export type Messages = Record<string, Compiled>;

type Cases = Record<string, CompiledMessage> & { offset?: number };

/**
 * Fills a compiled message in, the way Lingui's runtime does (a test compares the two over every
 * message of the catalogues): a plural picks the exact case (`=0`) first, then the locale's
 * plural category, then `other`, and writes its number for `#`; a select picks its case or
 * `other`; an argument without a value writes nothing. The browser carries this instead of
 * Lingui's runtime (2.2 KB gzip), since the messages arrive compiled and use nothing else.
 */
export function formatMessage(message: Compiled, values: Values, locale: string): string {
  const walk = (tokens: Compiled, count?: number): string => {
    if (typeof tokens === "string") return tokens;
    let out = "";
    for (const token of tokens) {
      if (typeof token === "string") {
        out += token === "#" && count !== undefined ? formatNumber(count, locale) : token;
        continue;
      }
      const [name, type, format] = token;
      const value = values[name];
      if (type === "plural" || type === "selectordinal") {
        const { offset = 0, ...cases } = format as Cases;
        const n = Number(value);
        const rules = pluralRules(locale, { type: type === "plural" ? "cardinal" : "ordinal" });
        const chosen = cases[String(value)] ?? cases[rules.select(n - offset)] ?? cases.other;
        out += walk(chosen ?? "", n - offset);
      } else if (type === "select") {
        const cases = format as Cases;
        out += walk(cases[String(value)] ?? cases.other ?? "");
      } else if (value != null) {
        out += String(value);
      }
    }
    return out;
  };
  return walk(message);
}
