import type { Db } from "#server/db/client";
import { type Representation, type ResponseCache, represent } from "#server/http/response-cache";
import { type FeedContent, jsonFeedPage, listingFeed } from "./feeds.service";
import { hotPadsFeed } from "./hotpads-feed";

/**
 * The XML feed is built from one read of the listings, the JSON feed a page at a time; both are
 * kept in the response cache that every write invalidating the listings empties before its
 * answer leaves, so a change staff make shows in the next feed, under a new ETag.
 */

type Deps = { db: Db; cache: ResponseCache; publicUrl: string };

const content = (deps: Deps) =>
  deps.cache.get<FeedContent>("feeds:content", () => listingFeed(deps));

/** The Zillow Group (HotPads) XML feed. */
export function cachedXmlFeed(deps: Deps): Promise<Representation> {
  return deps.cache.get("feeds:xml", async () =>
    represent(hotPadsFeed(await content(deps)), "application/xml; charset=utf-8"),
  );
}

/** A page of the JSON feed, each page kept on its own. */
export function cachedJsonFeed(
  deps: Deps,
  page: { limit: number; cursor?: string },
): Promise<Representation> {
  return deps.cache.get(`feeds:json:${page.limit}:${page.cursor ?? ""}`, async () =>
    represent(JSON.stringify(await jsonFeedPage(deps, page))),
  );
}
