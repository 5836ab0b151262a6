import { gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedsApi } from "#domain/api/feeds";
import { FEED_PAGE, FEED_PAGE_MAX, type ListingFeed, listingFeedSchema } from "#domain/feeds";
import { encodeCursor } from "#server/db/keyset";
import { call } from "#tests/support/call";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import { XML_FEED_BATCH } from "./feeds.service";

/**
 * The feeds at a size no reader should take in one answer, nor the server build in one read:
 * 30 buildings of 40 units, one in four rented and one building inactive, so 870 listed units,
 * the JSON feed read a page at a time, the XML feed written XML_FEED_BATCH at a time.
 */
const origin = "https://rent.example.com";
const BUILDINGS = 30;
const UNITS = 40;
let database: TestDatabase;
let app: FastifyInstance;
let close: () => Promise<void>;
let listed: number[];

beforeAll(async () => {
  database = await createTestDb();
  ({ app, close } = await createTestApp(database, { env: { PUBLIC_URL: origin } }));
  await database.db.execute(sql`
    insert into properties (title, type, address, city, state, zip_code, active)
    select 'Building ' || n, 'apartment', n || ' Elm Street', 'Hartford', 'CT', '06105', n <> 7
    from generate_series(1, ${BUILDINGS}) as n`);
  await database.db.execute(sql`
    insert into units (property_id, unit_number, bedrooms, bathrooms, square_feet, rent, deposit, available)
    select p.id, u::text, 1, 1, 600, 1200, 1200, u % 4 <> 0
    from properties p, generate_series(1, ${UNITS}) as u`);
  const rows = await database.db.execute<{ id: number }>(sql`
    select u.id from units u join properties p on p.id = u.property_id
    where u.available and p.active order by u.property_id, u.id`);
  listed = rows.rows.map((row) => row.id);
});

afterAll(async () => {
  await close();
  await database.drop();
});

/** A page by its address, as a reader follows nextUrl (the origin is the public one). */
async function fetchPage(url: string) {
  const response = await app.inject({ method: "GET", url: url.replace(origin, "") });
  expect(response.statusCode, url).toBe(200);
  return listingFeedSchema.parse(response.json()) satisfies ListingFeed;
}

async function walk(first: string) {
  const seen: number[] = [];
  const sizes: number[] = [];
  let next: string | null = first;
  while (next) {
    const page: ListingFeed = await fetchPage(next);
    seen.push(...page.listings.map((listing) => listing.id));
    sizes.push(page.listings.length);
    expect(page.office.website).toBe(`${origin}/`);
    if (page.nextUrl)
      expect(page.nextUrl).toMatch(/^https:\/\/rent\.example\.com\/feeds\/listings\.json\?/);
    next = page.nextUrl;
  }
  return { seen, sizes };
}

describe("the JSON feed in pages", () => {
  it("walks every listed unit exactly once, by building then unit, 200 a page", async () => {
    expect(listed).toHaveLength((BUILDINGS - 1) * UNITS * 0.75);
    const { seen, sizes } = await walk(feedsApi.listingsJson.path);
    expect(seen).toEqual(listed);
    expect(sizes).toEqual([FEED_PAGE, FEED_PAGE, FEED_PAGE, FEED_PAGE, listed.length % FEED_PAGE]);
  });

  it("keeps a reader's limit in the next page's address, up to 500", async () => {
    const { seen, sizes } = await walk(`${feedsApi.listingsJson.path}?limit=${FEED_PAGE_MAX}`);
    expect(seen).toEqual(listed);
    expect(sizes).toEqual([FEED_PAGE_MAX, listed.length - FEED_PAGE_MAX]);
  });

  it("gives each page its own ETag, and a 304 to a reader who has it", async () => {
    const first = await app.inject({ method: "GET", url: feedsApi.listingsJson.path });
    const nextUrl = (first.json() as ListingFeed).nextUrl!;
    const second = await app.inject({ method: "GET", url: nextUrl.replace(origin, "") });
    expect(second.headers.etag).not.toBe(first.headers.etag);
    const again = await app.inject({
      method: "GET",
      url: nextUrl.replace(origin, ""),
      headers: { "if-none-match": second.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it("refuses what is not a page of the feed with 400, never 500", async () => {
    for (const query of [
      { cursor: "not-a-cursor" },
      { cursor: encodeCursor([1]) },
      { cursor: encodeCursor(["a", 2]) },
      { cursor: encodeCursor([1.5, 2]) },
      { limit: FEED_PAGE_MAX + 1 },
      { limit: 0 },
    ]) {
      const response = await call(app, feedsApi.listingsJson, { query });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
    }
  });
});

describe("the XML feed, written a batch at a time", () => {
  it("holds every listed unit exactly once, by building then unit, across its batches", async () => {
    expect(listed.length).toBeGreaterThan(XML_FEED_BATCH);
    const response = await call(app, feedsApi.listingsXml, {});
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-length"]).toBe(String(response.rawPayload.length));
    const ids = [...response.body.matchAll(/<Listing id="(\d+)"/g)].map((m) => Number(m[1]));
    expect(ids).toEqual(listed);
    expect(response.body.endsWith("</hotPadsItems>\n")).toBe(true);
  });

  it("sends its gzip form, the same document, under the same ETag", async () => {
    const plain = await call(app, feedsApi.listingsXml, {});
    const gzipped = await call(app, feedsApi.listingsXml, {
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.headers.etag).toBe(plain.headers.etag);
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(gunzipSync(gzipped.rawPayload).toString("utf8")).toBe(plain.body);
  });

  it("keeps its ETag when built again from the same listings", async () => {
    const first = await call(app, feedsApi.listingsXml, {});
    app.invalidate("listings");
    const pool = database.pool;
    const original = pool.query.bind(pool);
    let queries = 0;
    pool.query = ((...args: Parameters<typeof pool.query>) => {
      queries++;
      return (original as (...a: unknown[]) => unknown)(...args);
    }) as typeof pool.query;
    try {
      const again = await call(app, feedsApi.listingsXml, {
        headers: { "if-none-match": first.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
    } finally {
      pool.query = original;
    }
    // Built again (two batches, two queries each), under the same ETag.
    expect(queries).toBeGreaterThanOrEqual(4);
  });
});
