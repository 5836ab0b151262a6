import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminProperty, DashboardStats } from "#domain/admin";
import {
  adminPropertiesApi as api,
  PROPERTIES_PAGE as PAGE_LIMIT,
  PROPERTIES_PAGE_MAX as PAGE_LIMIT_MAX,
} from "#domain/api/admin-properties";
import { encodeCursor } from "#server/db/keyset";
import { loginAs } from "#tests/support/auth";
import { call } from "#tests/support/call";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";

let database: TestDatabase;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof loginAs>>;
const BUILDINGS = 2000;

beforeAll(async () => {
  database = await createTestDb();
  testApp = await createTestApp(database, { env: { AUTH_ATTEMPTS_PER_MINUTE: "1000" } });
  admin = await loginAs(testApp.app, database.db, "admin");
  // Three buildings share each time (ties broken by id); one in ten in Oakville; two units
  // each, the first available.
  await database.db.execute(sql`
    insert into properties (title, type, address, city, state, zip_code, created_at)
    select 'Building ' || n, 'apartment', n || ' Elm Street',
      case when n % 10 = 0 then 'Oakville' else 'Hartford' end, 'CT', '06105',
      timestamptz '2025-01-01 00:00:00+00' + (n / 3) * interval '1 microsecond'
    from generate_series(1, ${BUILDINGS}) as n`);
  await database.db.execute(sql`
    insert into units (property_id, unit_number, bedrooms, bathrooms, square_feet, rent, deposit, available)
    select p.id, u::text, 1, 1, 600, 1200, 1200, u = 1
    from properties p, generate_series(1, 2) as u`);
});

afterAll(async () => {
  await testApp.close();
  await database.drop();
});

const page = (query: Record<string, unknown>) =>
  call(testApp.app, api.list, { query, headers: admin.headers });

/** Every page of one search, following X-Next-Cursor. */
async function walk(query: Record<string, unknown>) {
  const seen: AdminProperty[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const response = await page({ ...query, cursor, limit: PAGE_LIMIT_MAX });
    expect(response.statusCode).toBe(200);
    const answer = response.json() as AdminProperty[];
    expect(answer.length).toBeLessThanOrEqual(PAGE_LIMIT_MAX);
    seen.push(...answer);
    const next = response.headers["x-next-cursor"];
    cursor = typeof next === "string" ? next : undefined;
    if (cursor) expect(response.headers.link).toContain(`cursor=${cursor}>; rel="next"`);
    else expect(response.headers.link).toBeUndefined();
    pages += 1;
  } while (cursor);
  return { seen, pages };
}

const newestFirst = (a: AdminProperty, b: AdminProperty) =>
  b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

describe("paging the back office's buildings", () => {
  it("answers a bare array of the default 20, each with its units, and the next cursor", async () => {
    const response = await page({});
    const answer = response.json() as AdminProperty[];
    expect(answer).toHaveLength(PAGE_LIMIT);
    expect(answer.every((p) => p.units.length === 2)).toBe(true);
    expect(response.headers["x-next-cursor"]).toEqual(expect.any(String));
  });

  it("walks every building exactly once, newest first", async () => {
    const { seen, pages } = await walk({});
    expect(pages).toBe(BUILDINGS / PAGE_LIMIT_MAX);
    expect(new Set(seen.map((p) => p.id)).size).toBe(BUILDINGS);
    expect(seen).toEqual([...seen].sort(newestFirst));
  }, 180_000);

  it("searches title, address and town as word prefixes, across pages", async () => {
    const { seen } = await walk({ q: "oak" });
    expect(seen).toHaveLength(BUILDINGS / 10);
    expect(seen.every((p) => p.city === "Oakville")).toBe(true);
    expect((await walk({ q: "building 1234" })).seen.map((p) => p.title)).toEqual([
      "Building 1234",
    ]);
    expect((await walk({ q: "1234 elm" })).seen).toHaveLength(1);
    expect((await walk({ q: "nowhere" })).seen).toHaveLength(0);
    // What tsquery would read as operators is only text here.
    expect((await page({ q: "oak & | ! ( ' :*" })).statusCode).toBe(200);
  }, 120_000);

  it("refuses a forged cursor and a limit above the maximum with 400", async () => {
    for (const cursor of [
      "not-a-cursor",
      encodeCursor(["yesterday", 1]),
      encodeCursor([1, 2]),
      encodeCursor(["2025-01-01T00:00:00.000000Z"]),
    ]) {
      expect((await page({ cursor })).statusCode).toBe(400);
    }
    expect((await page({ limit: PAGE_LIMIT_MAX + 1 })).statusCode).toBe(400);
  });

  it("counts the figures of every building with one aggregate answer", async () => {
    const response = await call(testApp.app, api.stats, { headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const stats = response.json() as DashboardStats;
    expect(stats).toMatchObject({
      totalProperties: BUILDINGS,
      totalUnits: BUILDINGS * 2,
      availableUnits: BUILDINGS,
      occupancyRate: 50,
    });
    expect(stats.lastUpdated).toEqual(expect.any(String));
  });
});

describe("GET /api/admin/units/to-confirm", () => {
  const DUE = 45;

  beforeAll(async () => {
    // The available units of buildings 1 to 45 were last confirmed 20 days ago and more (the
    // higher the number, the longer ago); building 1 is inactive (renters do not see it), and
    // building 2's unconfirmed unit is the unavailable one.
    await database.db.execute(sql`
      update units u set availability_confirmed_at = now() - interval '20 days' - (p.n * interval '1 minute')
      from (select id, row_number() over (order by id) as n from properties) p
      where u.property_id = p.id and p.n <= ${DUE} and u.unit_number = '1'`);
    await database.db.execute(sql`
      update properties set active = false where id = (select min(id) from properties)`);
    await database.db.execute(sql`
      update units set available = false, availability_confirmed_at = now() - interval '30 days'
      where unit_number = '2' and property_id = (select min(id) + 2 from properties)`);
  });

  it("walks the due units a page at a time, the longest unconfirmed first, with their count", async () => {
    const seen: { unit: { id: number; availabilityConfirmedAt: string }; building: string }[] = [];
    let cursor: string | undefined;
    let total = 0;
    do {
      const response = await call(testApp.app, api.unitsToConfirm, {
        query: cursor ? { cursor } : {},
        headers: admin.headers,
      });
      expect(response.statusCode).toBe(200);
      const answer = response.json() as {
        items: typeof seen;
        nextCursor: string | null;
        total: number;
      };
      expect(answer.items.length).toBeLessThanOrEqual(10);
      seen.push(...answer.items);
      total = answer.total;
      cursor = answer.nextCursor ?? undefined;
    } while (cursor);
    // Building 1 is not shown to renters; building 3's unconfirmed unit is not available.
    expect(total).toBe(DUE - 1);
    expect(seen).toHaveLength(DUE - 1);
    expect(new Set(seen.map((s) => s.unit.id)).size).toBe(DUE - 1);
    const times = seen.map((s) => Date.parse(s.unit.availabilityConfirmedAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(seen[0]!.building).toBe(`Building ${DUE}`);
    expect(seen.map((s) => s.building)).not.toContain("Building 1");
  });

  it("refuses a cursor it did not hand out", async () => {
    const response = await call(testApp.app, api.unitsToConfirm, {
      query: { cursor: encodeCursor([1, 2]) },
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe("GET /api/admin/properties/choices", () => {
  const choices = (query: Record<string, unknown>) =>
    call(testApp.app, api.choices, { query, headers: admin.headers });
  type Choices = {
    items: { id: number; title: string; units: { unitNumber: string }[] }[];
    total: number;
  };

  it("answers the first 50 buildings by name, with their units, and how many there are", async () => {
    const answer = (await choices({})).json() as Choices;
    expect(answer.total).toBe(BUILDINGS);
    expect(answer.items).toHaveLength(50);
    const titles = answer.items.map((item) => item.title);
    expect(titles).toEqual([...titles].sort());
    expect(answer.items[0]!.units.map((u) => u.unitNumber)).toEqual(["1", "2"]);
  });

  it("finds the buildings by the words of their name, address or town", async () => {
    const inTown = (await choices({ q: "oakv" })).json() as Choices;
    expect(inTown.total).toBe(BUILDINGS / 10);
    const one = (await choices({ q: "Building 1234" })).json() as Choices;
    expect(one.items.map((item) => item.title)).toEqual(["Building 1234"]);
    expect(one.total).toBe(1);
  });

  it("always includes the building already chosen", async () => {
    const all = (await choices({ q: "Building 1999" })).json() as Choices;
    const chosen = all.items[0]!;
    const answer = (await choices({ q: "oakville", id: chosen.id })).json() as Choices;
    expect(answer.items[0]).toMatchObject({ id: chosen.id, title: "Building 1999" });
    expect(answer.items.length).toBe(51);
    expect(answer.total).toBe(BUILDINGS / 10);
  });
});
