import { LISTING_PHOTOS_MAX, unitFactsSchema, unitSchema } from "./listings";
import { z } from "./zod";

/**
 * The syndication feeds of the public listings (/feeds/listings.json and .xml): every available
 * unit of an active building, with the office to contact. The JSON feed names a unit's fields as
 * the public unit call does; its addresses are absolute, for readers on other sites.
 */

/** An address a reader elsewhere can follow: with its scheme and host. */
const absoluteUrl = z.string().regex(/^https?:\/\/[^/]+/);

/** One photo at the feeds' width (the 1200 px variant, or the widest kept of a smaller one). */
export const feedPhotoSchema = z.object({
  url: absoluteUrl,
  width: z.number(),
  height: z.number(),
  alt: z.string(),
});
export type FeedPhoto = z.infer<typeof feedPhotoSchema>;

export const feedListingSchema = unitSchema
  .pick({
    id: true,
    unitNumber: true,
    title: true,
    type: true,
    bedrooms: true,
    bathrooms: true,
    squareFeet: true,
    rent: true,
    deposit: true,
    availableFrom: true,
    description: true,
    amenities: true,
    address: true,
    city: true,
    state: true,
    zipCode: true,
    building: true,
    availabilityConfirmedAt: true,
  })
  .extend(unitFactsSchema.shape)
  .extend({
    /** The unit's page on the site. */
    url: absoluteUrl,
    /** The unit's own photos: at most the public unit's (LISTING_PHOTOS_MAX, the upload limit). */
    photos: z.array(feedPhotoSchema).max(LISTING_PHOTOS_MAX),
  });
export type FeedListing = z.infer<typeof feedListingSchema>;

/** The agency's office: who answers for every listing of the feed. */
export const feedOfficeSchema = z.object({
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  website: absoluteUrl,
  address: z.object({
    street: z.string(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
  }),
});
export type FeedOffice = z.infer<typeof feedOfficeSchema>;

/** The listings of one page of the JSON feed, unless its `limit` asks fewer. */
export const FEED_PAGE = 200;
/** The most listings one page of the JSON feed carries. */
export const FEED_PAGE_MAX = 500;

export const listingFeedSchema = z.object({
  /**
   * The latest change among this page's units and their buildings (a save, a building edit, a
   * "Still available"), ISO; null when nothing is listed. Read from the data, so every instance
   * sends the same body, and ETag, for the same listings.
   */
  updatedAt: z.string().nullable(),
  office: feedOfficeSchema,
  /** A page of the listed units, by building then unit. */
  listings: z.array(feedListingSchema).max(FEED_PAGE_MAX),
  /** The address of the next page (absolute), null on the last one. */
  nextUrl: z.string().nullable(),
});
export type ListingFeed = z.infer<typeof listingFeedSchema>;
