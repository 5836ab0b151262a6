import type { FastifyPluginAsync } from "fastify";
import { feedsApi } from "#domain/api/feeds";
import type { Db } from "#server/db/client";
import { createFileKeeper, sendKeptFile } from "#server/http/kept-files";
import { type ResponseCache, sendRepresentation } from "#server/http/response-cache";
import { route } from "#server/http/route";
import { cachedJsonFeed, cachedXmlFeed } from "./feeds.cache";

type Deps = { db: Db; cache: ResponseCache; publicUrl: string };

/**
 * Portals and aggregators poll a feed: they may keep it 5 minutes, then revalidate it with its
 * ETag (a 304 while nothing changed).
 */
const FEED_CACHE = "public, max-age=300";

/**
 * GET /feeds/listings.xml and /feeds/listings.json. Public, and counted by the app-wide rate
 * limit like every public route.
 */
export const feedsRoutes =
  (deps: Deps): FastifyPluginAsync =>
  async (app) => {
    const files = createFileKeeper("feeds");
    app.addHook("onClose", () => files.close());
    const feeds = { ...deps, files };
    route(app, feedsApi.listingsXml, async (request, reply) =>
      sendKeptFile(request, reply, await cachedXmlFeed(feeds), FEED_CACHE),
    );
    route(app, feedsApi.listingsJson, async (request, reply) =>
      sendRepresentation(request, reply, await cachedJsonFeed(feeds, request.query), FEED_CACHE),
    );
  };
