import { compileMessages } from "#domain/i18n/compile-messages";
import type { Messages } from "#domain/i18n/format-message";
import { type Locale, localeFromPath, locales } from "#domain/locale";
import { type Namespace, ROOT_NAMESPACES } from "./namespaces";
import type { PageMessages } from "./route-messages";

/**
 * The catalogues, one per language: `src/domain/i18n/messages/<locale>/<namespace>.json` (below
 * both tiers: the server's e-mails say some of their words too), flat keys that begin with their
 * file's namespace (`home.hero.title` lives in `home.json`), ICU message values. They are compiled
 * once, here on the server; each page's loader sends the browser the compiled messages of its own
 * namespaces in its own language only.
 */
const files = import.meta.glob<Record<string, string>>("../../domain/i18n/messages/*/*.json", {
  eager: true,
  import: "default",
});

type Catalogues = Record<Locale, Map<string, Messages>>;

function compileAll(): Catalogues {
  const compiled = Object.fromEntries(locales.map((l) => [l, new Map()])) as Catalogues;
  for (const [file, entries] of Object.entries(files)) {
    const match = /\/messages\/([a-z]+)\/([a-z0-9-]+)\.json$/.exec(file);
    if (!match) continue;
    const [, locale, namespace] = match as unknown as [string, Locale, string];
    compiled[locale]?.set(namespace, compileMessages(entries));
  }
  return compiled;
}

const catalogues = compileAll();

/** The compiled messages of some namespaces in one language. */
export function messagesFor(locale: Locale, namespaces: readonly Namespace[]): Messages {
  const slice: Messages = {};
  for (const namespace of namespaces) Object.assign(slice, catalogues[locale].get(namespace));
  return slice;
}

/**
 * The messages a route's page needs, in the language of the request's path. Every route that
 * shows words returns these from its loader (the root loader sends the shell's).
 */
export function pageMessages(request: Request, namespaces: readonly Namespace[]): PageMessages {
  const locale = localeFromPath(new URL(request.url).pathname);
  return { locale, messages: messagesFor(locale, namespaces) };
}

/** The root loader's share: the words of the header, footer, banners and panels of every page. */
export function rootMessages(request: Request): PageMessages {
  return pageMessages(request, ROOT_NAMESPACES);
}
