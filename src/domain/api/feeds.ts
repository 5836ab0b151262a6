import { listingFeedSchema } from "#domain/feeds";
import { defineApi, notModified } from "./contract";
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
    summary: "Every listed unit as JSON, with its photos, facts and page, and the office",
    guard: "public",
    reads: "listings",
    responses: { 200: listingFeedSchema, 304: notModified },
  },
});
