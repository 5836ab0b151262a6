import type { FastifyPluginAsync } from "fastify";
import { feedsApi } from "#domain/api/feeds";
import type { Db } from "#server/db/client";
import { type ResponseCache, represent, sendRepresentation } from "#server/http/response-cache";
import { route } from "#server/http/route";
import { type FeedContent, listingFeed } from "./feeds.service";
import { hotPadsFeed } from "./hotpads-feed";

/**
 * Portals and aggregators poll a feed: they may keep it 5 minutes, then revalidate it with its
 * ETag (a 304 while nothing changed).
 */
const FEED_CACHE = "public, max-age=300";

/**
 * GET /feeds/listings.xml and /feeds/listings.json. Public, and counted by the app-wide rate
 * limit like every public route. Both are built from one read of the listings, kept in the
 * response cache that every write invalidating the listings empties before its answer leaves,
 * so a change staff make shows in the next feed, under a new ETag.
 */
export const feedsRoutes =
  (deps: { db: Db; cache: ResponseCache; publicUrl: string }): FastifyPluginAsync =>
  async (app) => {
    const content = () => deps.cache.get<FeedContent>("feeds:content", () => listingFeed(deps));

    route(app, feedsApi.listingsXml, async (request, reply) => {
      const body = await deps.cache.get("feeds:xml", async () =>
        represent(hotPadsFeed(await content()), "application/xml; charset=utf-8"),
      );
      return sendRepresentation(request, reply, body, FEED_CACHE);
    });

    route(app, feedsApi.listingsJson, async (request, reply) => {
      const body = await deps.cache.get("feeds:json", async () => {
        const { office, entries } = await content();
        const feed = { office, listings: entries.map((entry) => entry.listing) };
        const latest = entries.reduce<Date | null>(
          (at, entry) => (at === null || entry.lastUpdated > at ? entry.lastUpdated : at),
          null,
        );
        return represent(JSON.stringify({ updatedAt: latest?.toISOString() ?? null, ...feed }));
      });
      return sendRepresentation(request, reply, body, FEED_CACHE);
    });
  };
