import type { FastifyPluginAsync } from "fastify";
import { seoApi } from "#domain/api/listings";
import { API_PREFIX } from "#domain/api/wire";
import type { Db } from "#server/db/client";
import { route } from "#server/http/route";
import { sitemapEntries } from "../listings/listings.service";

/** Public pages a search engine should know; listings are added from the database. */
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
  API_PREFIX,
];

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function urlEntry(loc: string, lastmod?: Date): string {
  const modified = lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : "";
  return `<url><loc>${escapeXml(loc)}</loc>${modified}</url>`;
}

/** GET /sitemap.xml and GET /robots.txt, for search engines. Public. */
export const seoRoutes =
  (deps: { db: Db; publicUrl: string }): FastifyPluginAsync =>
  async (app) => {
    route(app, seoApi.sitemap, async (_request, reply) => {
      const { buildings, units } = await sitemapEntries(deps);
      const entries = [
        ...STATIC_PAGES.map((page) => urlEntry(`${deps.publicUrl}${page}`)),
        ...buildings.map((b) => urlEntry(`${deps.publicUrl}/buildings/${b.id}`, b.updatedAt)),
        ...units.map((u) => urlEntry(`${deps.publicUrl}/properties/${u.id}`, u.updatedAt)),
      ];
      reply
        .header("content-type", "application/xml; charset=utf-8")
        .header("cache-control", "public, max-age=3600");
      return reply.send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`,
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
