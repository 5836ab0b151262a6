import type { Db } from "#server/db/client";
import type { FileKeeper, KeptFile } from "#server/http/kept-files";
import { type Representation, type ResponseCache, represent } from "#server/http/response-cache";
import { jsonFeedPage, listedEntries, officeOf } from "./feeds.service";
import { hotPadsFeed } from "./hotpads-feed";

/**
 * The XML feed is one document of every listing (HotPads reads one file), written to a kept file
 * a batch of listings at a time; the JSON feed is answered a page at a time. Both are kept in
 * the response cache (the XML feed as the file's name and ETag), which every write invalidating
 * the listings empties before its answer leaves, so a change staff make shows in the next feed,
 * under a new ETag.
 */

type Deps = { db: Db; cache: ResponseCache; publicUrl: string; files: FileKeeper };

/** The Zillow Group (HotPads) XML feed. */
export function cachedXmlFeed(deps: Deps): Promise<KeptFile> {
  return deps.cache.get("feeds:xml", () =>
    deps.files.keep(hotPadsFeed(officeOf(deps.publicUrl), listedEntries(deps)), {
      name: "listings.xml",
      contentType: "application/xml; charset=utf-8",
    }),
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
