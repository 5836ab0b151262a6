import { createHash } from "node:crypto";
import { API_PREFIX } from "#domain/api/wire";
import { locales, localizedPath } from "#domain/locale";
import type { Db } from "#server/db/client";
import { escapeXml } from "#server/shared/xml";
import { type SitemapKind, sitemapBatch, sitemapFiles, sitemapFileVersion } from "./seo.repository";

/** What search engines are told: the pages worth listing, and those not worth crawling. */

/**
 * Public pages a search engine should know, by their English path; listings are added from the
 * database. Each is listed in every language (`/x` and `/es/x`).
 */
const STATIC_PAGES = [
  "/",
  "/properties",
  "/services",
  "/contact",
  "/accessibility",
  "/privacy",
  "/terms",
];

/** Pages that are private, per-visitor or transactional: of no use in search results. */
const PRIVATE_PATHS = [
  "/admin-dashboard",
  "/login",
  "/register",
  "/reset-password",
  "/verify-email",
  "/reset-users",
  "/tenant-portal",
  "/notifications",
  "/settings/",
  "/upload/",
  // The same pages in Spanish.
  "/es/notifications",
  "/es/settings/",
  "/es/upload/",
  "/es/tenant-portal",
  API_PREFIX,
];

/**
 * One `<url>` per language of a page (path without its language), each naming every language's
 * address as an alternate, the English one also as x-default: the same links the pages' own
 * heads carry.
 */
function urlEntries(publicUrl: string, path: string, lastmod?: Date): string[] {
  const address = (locale: (typeof locales)[number]) =>
    escapeXml(`${publicUrl}${localizedPath(path, locale)}`);
  const link = (hreflang: string, href: string) =>
    `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${href}"/>`;
  const alternates = [
    ...locales.map((locale) => link(locale, address(locale))),
    link("x-default", address("en")),
  ].join("");
  const modified = lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : "";
  return locales.map(
    (locale) => `<url><loc>${address(locale)}</loc>${modified}${alternates}</url>`,
  );
}

/**
 * The sitemap protocol's limits per file are 50,000 URLs and 50 MB. A listing file holds 20,000
 * records, each listed in both languages: 40,000 URLs of about 350 bytes (14 MB), under both.
 */
export const RECORDS_PER_FILE = 20_000;

/** Records read from the database at a time while a file is written. */
const BATCH = 1_000;

const KINDS = ["buildings", "units"] as const satisfies SitemapKind[];

const PATH_OF: Record<SitemapKind, (id: number) => string> = {
  buildings: (id) => `/buildings/${id}`,
  units: (id) => `/properties/${id}`,
};

type Deps = { db: Db; publicUrl: string; recordsPerFile?: number };

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN = `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n`;
const URLSET_CLOSE = "</urlset>\n";

const etagOf = (text: string) =>
  `W/"${createHash("sha1").update(text).digest("base64url").slice(0, 27)}"`;

/**
 * The sitemap index: the static pages' file, then each non-empty file of buildings and of
 * units with its latest change. One grouped query per kind; small whatever the data.
 */
export async function sitemapIndex(deps: Deps): Promise<{ xml: string; etag: string }> {
  const size = deps.recordsPerFile ?? RECORDS_PER_FILE;
  const entry = (name: string, lastmod?: Date) =>
    `<sitemap><loc>${escapeXml(`${deps.publicUrl}/sitemaps/${name}.xml`)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ""}</sitemap>`;
  const files = [entry("pages-1")];
  for (const kind of KINDS) {
    for (const { n, lastmod } of await sitemapFiles(deps, kind, size)) {
      files.push(entry(`${kind}-${n}`, lastmod));
    }
  }
  const xml = `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files.join("\n")}\n</sitemapindex>\n`;
  return { xml, etag: etagOf(xml) };
}

/** A file's name in the index: `pages-1`, `buildings-<n>` or `units-<n>`, with `.xml`. */
function parseFileName(name: string): { kind: SitemapKind | "pages"; n: number } | null {
  const match = /^(pages|buildings|units)-([1-9]\d{0,8})\.xml$/.exec(name);
  if (!match) return null;
  const kind = match[1] as SitemapKind | "pages";
  const n = Number(match[2]);
  return kind === "pages" && n !== 1 ? null : { kind, n };
}

/**
 * One file of the index: its ETag (from an aggregate, so a 304 reads no rows) and its body as a
 * stream of keyset batches, so a file's records are never all in memory. Null for a name the
 * index does not use.
 */
export async function sitemapFile(
  deps: Deps,
  name: string,
): Promise<{ etag: string; body: () => AsyncIterable<string> } | null> {
  const file = parseFileName(name);
  if (!file) return null;
  const { publicUrl } = deps;
  if (file.kind === "pages") {
    const xml = `${URLSET_OPEN}${STATIC_PAGES.flatMap((page) => urlEntries(publicUrl, page)).join("\n")}\n${URLSET_CLOSE}`;
    return {
      etag: etagOf(xml),
      body: async function* () {
        yield xml;
      },
    };
  }
  const { kind, n } = file;
  const size = deps.recordsPerFile ?? RECORDS_PER_FILE;
  const version = await sitemapFileVersion(deps, kind, n, size);
  return {
    etag: etagOf(`${publicUrl} ${name} ${version}`),
    body: () => listingUrls(deps, kind, n, size),
  };
}

async function* listingUrls(deps: Deps, kind: SitemapKind, n: number, size: number) {
  yield URLSET_OPEN;
  let afterId = 0;
  for (;;) {
    const batch = await sitemapBatch(deps, kind, { n, size, afterId, batch: BATCH });
    if (batch.length > 0) {
      yield `${batch.flatMap((r) => urlEntries(deps.publicUrl, PATH_OF[kind](r.id), r.updatedAt)).join("\n")}\n`;
    }
    if (batch.length < BATCH) break;
    afterId = batch.at(-1)!.id;
  }
  yield URLSET_CLOSE;
}

/** Everything may be crawled but the private paths; the sitemap is named. */
export function robots({ publicUrl }: { publicUrl: string }): { text: string } {
  return {
    text: [
      "User-agent: *",
      "Allow: /",
      ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
      "",
      `Sitemap: ${publicUrl}/sitemap.xml`,
      "",
    ].join("\n"),
  };
}
