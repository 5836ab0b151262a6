import { feedsApi } from "#domain/api/feeds";
import { buildUrl } from "#domain/api/wire";
import {
  FEED_PAGE,
  type FeedListing,
  type FeedOffice,
  type FeedPhoto,
  feedListingSchema,
  type ListingFeed,
} from "#domain/feeds";
import type { Photo } from "#domain/listings";
import { IMAGE_WIDTHS, isPlaceholder } from "#domain/photos";
import { site } from "#domain/site";
import type { Db } from "#server/db/client";
import { decodeKey, toPage } from "#server/db/keyset";
import { toUnit } from "#server/modules/listings";
import { groupBy, type PropertyRow, type UnitRow } from "#server/modules/properties";
import { createFeedsRepository } from "./feeds.repository";

type Deps = { db: Db; publicUrl: string };

/** A listing of the feeds, and when its unit or its building last changed. */
export type FeedEntry = { listing: FeedListing; lastUpdated: Date };

/** The width portals are sent: the largest the site keeps. */
const FEED_PHOTO_WIDTH = Math.max(...IMAGE_WIDTHS);

/** The office that answers for every listing: the agency's own details, as the footer shows. */
export function officeOf(publicUrl: string): FeedOffice {
  return {
    name: site.name,
    phone: site.phone,
    email: site.email,
    website: `${publicUrl}/`,
    address: { ...site.address },
  };
}

/** A site path (`/uploads/...`) made absolute on the public address; a full URL stays as is. */
function absolute(publicUrl: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${publicUrl}${url.startsWith("/") ? "" : "/"}${url}`;
}

/**
 * A photo's 1200 px variant, named in its srcSet. A photo narrower than that was never enlarged
 * (the site keeps no variant wider than its original), so its widest, the `url`, is sent.
 */
function feedPhoto(publicUrl: string, photo: Photo): FeedPhoto {
  const variant = photo.srcSet
    .split(",")
    .map((entry) => entry.trim().split(/\s+/))
    .find(([, width]) => width === `${FEED_PHOTO_WIDTH}w`)?.[0];
  return {
    url: absolute(publicUrl, variant ?? photo.url),
    width: photo.width,
    height: photo.height,
    alt: photo.alt,
  };
}

type ListedRow = { unit: UnitRow; property: PropertyRow };

/** The listings of these rows, with their photos (one query for all of them). */
async function entriesOf(
  repo: ReturnType<typeof createFeedsRepository>,
  publicUrl: string,
  listed: readonly ListedRow[],
): Promise<FeedEntry[]> {
  const imagesByUnit = groupBy(
    await repo.imagesOfUnits(listed.map((row) => row.unit.id)),
    (image) => image.unitId,
  );
  return listed.map(({ unit, property }) => {
    const shown = toUnit({ unit, property, images: imagesByUnit.get(unit.id) ?? [] });
    // The schema keeps the fields a feed names and drops the page-only ones (the Spanish text,
    // the image list, featured).
    const listing = feedListingSchema.parse({
      ...shown,
      url: `${publicUrl}/properties/${unit.id}`,
      // The unit's own photos only: the site's illustrative placeholders would show portals
      // a home that is not this one.
      photos: shown.photos
        .filter((photo) => !isPlaceholder(photo))
        .map((photo) => feedPhoto(publicUrl, photo)),
    });
    const lastUpdated = [unit.updatedAt, unit.availabilityConfirmedAt, property.updatedAt].reduce(
      (latest, date) => (date > latest ? date : latest),
    );
    return { listing, lastUpdated };
  });
}

/** Listings the XML feed reads at a time: what it holds in memory, whatever the number of units. */
export const XML_FEED_BATCH = 500;

/**
 * Every available unit of an active building (an inactive building's units never appear) with
 * what the public unit call says of it, its page and its photos as absolute addresses: a batch
 * at a time, by building then unit, two queries a batch.
 */
export async function* listedEntries(
  { db, publicUrl }: Deps,
  batch = XML_FEED_BATCH,
): AsyncGenerator<FeedEntry[]> {
  const repo = createFeedsRepository(db);
  let after: [number, number] | null = null;
  for (;;) {
    const rows = await repo.listedUnitsPage(after, batch);
    const page = rows.slice(0, batch);
    if (page.length > 0) yield await entriesOf(repo, publicUrl, page);
    const last = page.at(-1);
    if (rows.length <= batch || !last) return;
    after = [last.property.id, last.unit.id];
  }
}

/**
 * One page of the JSON feed: the office, `limit` listings after the cursor's, when the latest of
 * them last changed, and the next page's address (absolute, for readers on other sites).
 */
export async function jsonFeedPage(
  { db, publicUrl }: Deps,
  { limit, cursor }: { limit: number; cursor?: string },
): Promise<ListingFeed> {
  const repo = createFeedsRepository(db);
  const rows = await repo.listedUnitsPage(
    cursor === undefined ? null : decodeKey(cursor, ["integer", "integer"]),
    limit,
  );
  const page = toPage(rows, limit, (row) => [row.property.id, row.unit.id]);
  const entries = await entriesOf(repo, publicUrl, page.items);
  const latest = entries.reduce<Date | null>(
    (at, entry) => (at === null || entry.lastUpdated > at ? entry.lastUpdated : at),
    null,
  );
  const next =
    page.nextCursor === null
      ? null
      : `${publicUrl}${buildUrl(feedsApi.listingsJson, undefined, {
          cursor: page.nextCursor,
          limit: limit === FEED_PAGE ? undefined : limit,
        })}`;
  return {
    updatedAt: latest?.toISOString() ?? null,
    office: officeOf(publicUrl),
    listings: entries.map((entry) => entry.listing),
    nextUrl: next,
  };
}
