import { FEED_PAGE, FEED_PAGE_MAX, listingFeedSchema } from "#domain/feeds";
import { z } from "#domain/zod";
import { defineApi, notModified } from "./contract";
import { pageQueryShape } from "./paging";
import { raw } from "./wire";

/**
 * The public listings for other sites to read: every available unit of an active building. Both
 * answers carry an ETag (weak: a hash of the content) and a short public Cache-Control; a
 * conditional request whose ETag matches gets a 304. Any write that invalidates the listings
 * shows in the next answer.
 */
export const feedsApi = defineApi("feeds", {
  listingsXml: {
    method: "GET",
    path: "/feeds/listings.xml",
    summary: "Every listed unit in the Zillow Group rental listings feed format (HotPads 2.1)",
    guard: "public",
    reads: "listings",
    responses: {
      200: raw("application/xml", 'A <hotPadsItems version="2.1"> document: one Listing per unit.'),
      304: notModified,
    },
  },
  listingsJson: {
    method: "GET",
    path: "/feeds/listings.json",
    summary: `The listed units as JSON, with their photos, facts and pages, and the office: ${FEED_PAGE} a page (a limit up to ${FEED_PAGE_MAX}), by building then unit, each page naming the next one's address`,
    guard: "public",
    reads: "listings",
    query: z.object(pageQueryShape({ limit: FEED_PAGE, max: FEED_PAGE_MAX })),
    responses: { 200: listingFeedSchema, 304: notModified },
  },
});
