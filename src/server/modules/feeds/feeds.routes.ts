import { createHash } from "node:crypto";
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
  (deps: {
    db: Db;
    cache: ResponseCache;
    publicUrl: string;
    now: () => Date;
  }): FastifyPluginAsync =>
  async (app) => {
    const content = () => deps.cache.get<FeedContent>("feeds:content", () => listingFeed(deps));

    // The JSON feed's `generatedAt` is when its content was first built, and is kept while the
    // content stays the same: the body, and so its strong ETag, change only with the listings,
    // not each time the cache is refilled.
    let built: { hash: string; at: string } | null = null;
    const generatedAt = (body: string) => {
      const hash = createHash("sha256").update(body).digest("base64url");
      if (built?.hash !== hash) built = { hash, at: deps.now().toISOString() };
      return built.at;
    };

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
        const at = generatedAt(JSON.stringify(feed));
        return represent(JSON.stringify({ generatedAt: at, ...feed }));
      });
      return sendRepresentation(request, reply, body, FEED_CACHE);
    });
  };
