import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingsApi } from "#domain/api/listings";
import { BUILDINGS_PAGE } from "#domain/listings";
import { call } from "#tests/support/call";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";

/**
 * The public list of buildings in pages, at 2,000 buildings inserted with SQL: the Link header's
 * cursor walks every building exactly once, in the list's order, with the filters kept.
 */
let database: TestDatabase;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
const BUILDINGS = 2_000;

beforeAll(async () => {
  database = await createTestDb();
  testApp = await createTestApp(database);
  await database.db.execute(sql`
    insert into properties (title, type, address, city, state, zip_code, description, amenities, active, featured)
    select 'Paged ' || g, 'apartment', g || ' Page Street', 'Hartford', 'CT', '06103', 'A building.',
      '{}', g % 10 <> 0, g % 97 = 0
    from generate_series(1, ${BUILDINGS}) g`);
  // Every third building has an available two-bedroom; the others one rented studio.
  await database.db.execute(sql`
    insert into units (property_id, unit_number, rent, bedrooms, available)
    select id, '1', 1500, case when id % 3 = 0 then 2 else 0 end, id % 3 = 0
    from properties where title like 'Paged %'`);
});

afterAll(async () => {
  await testApp.close();
  await database.drop();
});

type Listed = { id: number; featured: boolean; availableUnits: number; totalUnits: number };

/** Follows the Link headers from a first page; every page's body and size. */
async function walk(query: Record<string, string | number>) {
  const seen: Listed[] = [];
  let pages = 0;
  let url: string | null = `${listingsApi.listBuildings.path}?${new URLSearchParams(
    Object.entries(query).map(([k, v]) => [k, String(v)]),
  )}`;
  while (url) {
    const response = await testApp.app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(200);
    expect(response.body.length).toBeLessThan(256 * 1024);
    const page = response.json<Listed[]>();
    expect(page.length).toBeLessThanOrEqual(Number(query.limit ?? 50));
    seen.push(...page);
    pages++;
    const link = response.headers.link as string | undefined;
    url = link ? link.match(/^<([^>]+)>; rel="next"$/)![1]! : null;
  }
  return { seen, pages };
}

describe("GET /api/properties/buildings in pages", () => {
  it("answers a page of 18 by default (the list page's own), and walks every active building once in order", async () => {
    const first = await call(testApp.app, listingsApi.listBuildings);
    expect(first.json<Listed[]>()).toHaveLength(BUILDINGS_PAGE);
    const { seen, pages } = await walk({ limit: 100 });
    const active = BUILDINGS - BUILDINGS / 10;
    expect(seen).toHaveLength(active);
    expect(new Set(seen.map((b) => b.id)).size).toBe(active);
    expect(pages).toBe(Math.ceil(active / 100));
    const rank = (b: Listed) => [b.featured ? 0 : 1, b.availableUnits > 0 ? 0 : 1, b.id];
    const sorted = [...seen].sort((a, b) => {
      const [x, y] = [rank(a), rank(b)];
      return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
    });
    expect(seen.map((b) => b.id)).toEqual(sorted.map((b) => b.id));
  });

  it("keeps the filters across pages", async () => {
    const { seen } = await walk({ beds: 2, available: "true", limit: 40 });
    expect(seen.length).toBeGreaterThan(40);
    expect(seen.every((b) => b.availableUnits > 0 && b.id % 3 === 0)).toBe(true);
    const expected = await database.db.execute<{ n: number }>(sql`
      select count(*)::int n from properties where title like 'Paged %' and active and id % 3 = 0`);
    expect(seen).toHaveLength(Number((expected.rows ?? expected)[0]!.n));
  });

  it("refuses a forged cursor and a limit above 100 with 400", async () => {
    for (const query of [
      { cursor: "not-a-cursor" },
      { cursor: Buffer.from('["a","b","c"]').toString("base64url") },
      { cursor: Buffer.from("[1,2]").toString("base64url") },
      // Well formed, but no place the list's order has: ranks are 0 or 1, ids fit an integer.
      { cursor: Buffer.from("[7,0,1]").toString("base64url") },
      { cursor: Buffer.from("[0,0,-1]").toString("base64url") },
      { cursor: Buffer.from("[0,0,1.5]").toString("base64url") },
      { cursor: Buffer.from("[0,0,9999999999999]").toString("base64url") },
      { limit: 101 },
      { limit: 0 },
    ]) {
      const response = await call(testApp.app, listingsApi.listBuildings, {
        query: query as never,
      });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
    }
  });
});
