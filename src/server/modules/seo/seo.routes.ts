import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { seoApi } from "#domain/api/listings";
import type { Db } from "#server/db/client";
import { notFound } from "#server/http/errors";
import { createFileKeeper, type FileKeeper, sendKeptFile } from "#server/http/kept-files";
import { etagMatches, type ResponseCache } from "#server/http/response-cache";
import { type RouteRequest, route } from "#server/http/route";
import { robots, sitemapFile, sitemapIndex } from "./seo.service";

type Deps = { db: Db; publicUrl: string; cache: ResponseCache };

/** GET /sitemap.xml (an index), GET /sitemaps/<file> and GET /robots.txt, for search engines. Public. */
export const seoRoutes =
  (deps: Deps): FastifyPluginAsync =>
  async (app) => {
    const files = createFileKeeper("sitemaps");
    app.addHook("onClose", () => files.close());
    route(app, seoApi.sitemap, (request, reply) => sendSitemap(deps, request, reply));
    route(app, seoApi.sitemapFile, (request, reply) =>
      sendSitemapFile({ ...deps, files }, request, reply),
    );
    route(app, seoApi.robots, (_request, reply) => sendRobots(deps, reply));
  };

const SITEMAP_CACHE = "public, max-age=3600";
const XML = "application/xml; charset=utf-8";

function xmlHeaders(reply: FastifyReply, etag: string) {
  reply.header("content-type", XML).header("cache-control", SITEMAP_CACHE).header("etag", etag);
}

async function sendSitemap(deps: Deps, request: FastifyRequest, reply: FastifyReply) {
  const { xml, etag } = await sitemapIndex(deps);
  xmlHeaders(reply, etag);
  if (etagMatches(request, etag)) return reply.status(304).send();
  return reply.send(xml);
}

/**
 * A file is written a batch of records at a time to a kept file (with its gzip form) the first
 * time its version is asked for, then sent from disk; its ETag comes from an aggregate, so a
 * 304 reads no rows and builds nothing.
 */
async function sendSitemapFile(
  deps: Deps & { files: FileKeeper },
  request: RouteRequest<typeof seoApi.sitemapFile>,
  reply: FastifyReply,
) {
  const name = request.params.file;
  const file = await sitemapFile(deps, name);
  if (!file) throw notFound();
  if (etagMatches(request, file.etag)) {
    xmlHeaders(reply, file.etag);
    return reply.status(304).send();
  }
  const kept = await deps.cache.get(`sitemap:${name}:${file.etag}`, () =>
    deps.files.keep(file.body(), { name, contentType: XML, etag: file.etag }),
  );
  return sendKeptFile(request, reply, kept, SITEMAP_CACHE);
}

async function sendRobots(deps: Deps, reply: FastifyReply) {
  const { text } = robots(deps);
  reply
    .header("content-type", "text/plain; charset=utf-8")
    .header("cache-control", "public, max-age=86400");
  return reply.send(text);
}
