import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { feedsApi } from "#domain/api/feeds";
import type { Db } from "#server/db/client";
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
    route(app, feedsApi.listingsXml, (request, reply) => sendXmlFeed(deps, request, reply));
    route(app, feedsApi.listingsJson, async (request, reply) =>
      sendRepresentation(request, reply, await cachedJsonFeed(deps, request.query), FEED_CACHE),
    );
  };

async function sendXmlFeed(deps: Deps, request: FastifyRequest, reply: FastifyReply) {
  return sendRepresentation(request, reply, await cachedXmlFeed(deps), FEED_CACHE);
}
