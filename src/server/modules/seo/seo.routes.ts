import type { FastifyPluginAsync } from "fastify";
import { seoApi } from "#domain/api/listings";
import { API_PREFIX } from "#domain/api/wire";
import { locales, localizedPath } from "#domain/locale";
import type { Db } from "#server/db/client";
import { route } from "#server/http/route";
import { escapeXml } from "#server/shared/xml";
import { sitemapEntries } from "../listings/listings.service";

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

/** GET /sitemap.xml and GET /robots.txt, for search engines. Public. */
export const seoRoutes =
  (deps: { db: Db; publicUrl: string }): FastifyPluginAsync =>
  async (app) => {
    route(app, seoApi.sitemap, async (_request, reply) => {
      const { buildings, units } = await sitemapEntries(deps);
      const { publicUrl } = deps;
      const entries = [
        ...STATIC_PAGES.flatMap((page) => urlEntries(publicUrl, page)),
        ...buildings.flatMap((b) => urlEntries(publicUrl, `/buildings/${b.id}`, b.updatedAt)),
        ...units.flatMap((u) => urlEntries(publicUrl, `/properties/${u.id}`, u.updatedAt)),
      ];
      reply
        .header("content-type", "application/xml; charset=utf-8")
        .header("cache-control", "public, max-age=3600");
      return reply.send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join("\n")}\n</urlset>\n`,
      );
    });

    route(app, seoApi.robots, async (_request, reply) => {
      reply
        .header("content-type", "text/plain; charset=utf-8")
        .header("cache-control", "public, max-age=86400");
      return reply.send(
        [
          "User-agent: *",
          "Allow: /",
          ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
          "",
          `Sitemap: ${deps.publicUrl}/sitemap.xml`,
          "",
        ].join("\n"),
      );
    });
  };
