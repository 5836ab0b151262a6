import { Readable } from "node:stream";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { seoApi } from "#domain/api/listings";
import type { Db } from "#server/db/client";
import { notFound } from "#server/http/errors";
import { type RouteRequest, route } from "#server/http/route";
import { robots, sitemapFile, sitemapIndex } from "./seo.service";

type Deps = { db: Db; publicUrl: string };

/** GET /sitemap.xml (an index), GET /sitemaps/<file> and GET /robots.txt, for search engines. Public. */
export const seoRoutes =
  (deps: Deps): FastifyPluginAsync =>
  async (app) => {
    route(app, seoApi.sitemap, (request, reply) => sendSitemap(deps, request, reply));
    route(app, seoApi.sitemapFile, (request, reply) => sendSitemapFile(deps, request, reply));
    route(app, seoApi.robots, (_request, reply) => sendRobots(deps, reply));
  };

const SITEMAP_CACHE = "public, max-age=3600";

/** Whether the request's If-None-Match names this ETag (compared weakly). */
function matches(request: FastifyRequest, etag: string): boolean {
  const opaque = etag.replace(/^W\//, "");
  return (request.headers["if-none-match"] ?? "")
    .split(",")
    .some((tag) => tag.trim() === "*" || tag.trim().replace(/^W\//, "") === opaque);
}

function xmlHeaders(reply: FastifyReply, etag: string) {
  reply
    .header("content-type", "application/xml; charset=utf-8")
    .header("cache-control", SITEMAP_CACHE)
    .header("etag", etag);
}

async function sendSitemap(deps: Deps, request: FastifyRequest, reply: FastifyReply) {
  const { xml, etag } = await sitemapIndex(deps);
  xmlHeaders(reply, etag);
  if (matches(request, etag)) return reply.status(304).send();
  return reply.send(xml);
}

/** A file is sent as it is read, a batch of records at a time. */
async function sendSitemapFile(
  deps: Deps,
  request: RouteRequest<typeof seoApi.sitemapFile>,
  reply: FastifyReply,
) {
  const file = await sitemapFile(deps, request.params.file);
  if (!file) throw notFound();
  xmlHeaders(reply, file.etag);
  if (matches(request, file.etag)) return reply.status(304).send();
  return reply.send(Readable.from(file.body()));
}

async function sendRobots(deps: Deps, reply: FastifyReply) {
  const { text } = robots(deps);
  reply
    .header("content-type", "text/plain; charset=utf-8")
    .header("cache-control", "public, max-age=86400");
  return reply.send(text);
}
