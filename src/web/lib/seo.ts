import type { MetaDescriptor } from "react-router";
import { site } from "#domain/site";
import { pageTitle } from "./meta";

type Seo = {
  title?: string;
  description: string;
  /** The page's path, e.g. /buildings/3: the canonical URL is PUBLIC_URL + path. */
  path: string;
  publicUrl: string;
  /** A photo URL (absolute or site-relative) for link previews. */
  image?: string;
  type?: "website" | "article";
  jsonLd?: Record<string, unknown>;
};

export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl)
    ? pathOrUrl
    : `${publicUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** Title, description, canonical URL, Open Graph and Twitter tags, and JSON-LD for one page. */
export function seo({
  title,
  description,
  path,
  publicUrl,
  image,
  type = "website",
  jsonLd,
}: Seo): MetaDescriptor[] {
  const fullTitle = pageTitle(title);
  const url = absoluteUrl(publicUrl, path);
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: site.name },
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
export type RootData = { publicUrl: string };

export function rootData(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
): RootData {
  const root = matches.find((m) => m?.id === "root")?.data as RootData | undefined;
  return root ?? { publicUrl: "" };
}
