import { cloneElement, Fragment, type ReactElement, type ReactNode } from "react";
import type { Values } from "#domain/i18n/translator";
import { useI18n } from "./i18n-provider";

const TAG = /<([a-zA-Z0-9]+)>([\s\S]*?)<\/\1>/;

/**
 * Text with marked-up parts, e.g. "Call <phone>(860) 555-0142</phone> or <link>write to us</link>":
 * each `<name>…</name>` becomes a copy of `elements[name]` holding that text (tags may nest). Words
 * and markup stay in one message, so a translation can move the parts where its grammar needs.
 */
export function richText(message: string, elements: Record<string, ReactElement>): ReactNode[] {
  const out: ReactNode[] = [];
  let rest = message;
  let index = 0;
  for (let match = TAG.exec(rest); match; match = TAG.exec(rest)) {
    if (match.index > 0) out.push(rest.slice(0, match.index));
    const [whole, name, inner] = match as unknown as [string, string, string];
    const element = elements[name];
    const children = richText(inner, elements);
    out.push(
      element ? (
        cloneElement(element, { key: index++ }, ...children)
      ) : (
        <Fragment key={index++}>{children}</Fragment>
      ),
    );
    rest = rest.slice(match.index + whole.length);
  }
  if (rest) out.push(rest);
  return out;
}

/** A message of the page's language with marked-up parts (see `richText`). */
export function Rich({
  id,
  values,
  elements,
}: {
  id: string;
  values?: Values;
  elements: Record<string, ReactElement>;
}) {
  const { t } = useI18n();
  return <>{richText(t(id, values), elements)}</>;
}
