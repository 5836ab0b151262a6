import type { MetaDescriptor } from "react-router";
import type { Thing, WithContext } from "schema-dts";
import { type Locale, locales, localizedPath } from "#domain/locale";
import { site } from "#domain/site";
import type { PageMessages } from "#web/i18n/route-messages";
import { pageTitle } from "./meta";

type Seo = {
  title?: string;
  /** The whole title of a page that is not "<page> | <site>" (the home page's). */
  fullTitle?: string;
  description: string;
  /**
   * The page's path without its language, e.g. /buildings/3: the canonical URL is PUBLIC_URL +
   * the path in the page's language, and each language's address is listed as an alternate.
   */
  path: string;
  /** The page's language (English when not given). */
  locale?: Locale;
  publicUrl: string;
  /** A photo URL (absolute or site-relative) for link previews. */
  image?: string;
  type?: "website" | "article";
  /** Structured data: a schema.org type with its context, checked against schema.org's types. */
  jsonLd?: WithContext<Thing>;
};

export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl)
    ? pathOrUrl
    : `${publicUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** Title, description, canonical URL, Open Graph and Twitter tags, and JSON-LD for one page. */
export function seo({
  title,
  fullTitle: wholeTitle,
  description,
  path,
  locale = "en",
  publicUrl,
  image,
  type = "website",
  jsonLd,
}: Seo): MetaDescriptor[] {
  const fullTitle = wholeTitle ?? pageTitle(title);
  const url = absoluteUrl(publicUrl, localizedPath(path, locale));
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    ...locales.map((language) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: language,
      href: absoluteUrl(publicUrl, localizedPath(path, language)),
    })),
    {
      tagName: "link",
      rel: "alternate",
      hrefLang: "x-default",
      href: absoluteUrl(publicUrl, localizedPath(path, "en")),
    },
    { property: "og:site_name", content: site.name },
    { property: "og:locale", content: locale === "es" ? "es_US" : "en_US" },
    { property: "og:type", content: type },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
  ];
  if (image) {
    const imageUrl = absoluteUrl(publicUrl, image);
    tags.push(
      { property: "og:image", content: imageUrl },
      { name: "twitter:image", content: imageUrl },
    );
  }
  if (jsonLd) tags.push({ "script:ld+json": jsonLd });
  return tags;
}

/** The root loader's data, which every page's meta function can read. */
export type RootData = PageMessages & {
  publicUrl: string;
  /** APPLY_NOW=online: Apply Now opens the site's own application, not the external page. */
  applyOnline: boolean;
};

export function rootData(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
): RootData {
  const root = matches.find((m) => m?.id === "root")?.data as RootData | undefined;
  return root ?? { publicUrl: "", applyOnline: false, locale: "en", messages: {} };
}
