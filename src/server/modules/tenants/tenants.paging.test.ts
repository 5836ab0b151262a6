import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminMaintenanceApi as api } from "#domain/api/admin-maintenance";
import { PAGE_LIMIT_MAX } from "#domain/api/paging";
import { TENANTS_PAGE, type Tenant } from "#domain/maintenance";
import { encodeCursor } from "#server/db/keyset";
import { loginAs } from "#tests/support/auth";
import { call } from "#tests/support/call";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";

/**
 * The tenants list at a size no screen could show whole: 1,200 tenants with access in 300 units
 * (four each), 100 more whose access ended, read a page at a time by address, per unit and by
 * the words of a name or address.
 */
let database: TestDatabase;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof loginAs>>;
let unitIds: number[];
const UNITS = 300;
const PER_UNIT = 4;
const TENANTS = UNITS * PER_UNIT;

beforeAll(async () => {
  database = await createTestDb();
  testApp = await createTestApp(database, { env: { AUTH_ATTEMPTS_PER_MINUTE: "1000" } });
  admin = await loginAs(testApp.app, database.db, "admin");
  await database.db.execute(sql`
    insert into properties (title, type, address, city, state, zip_code)
    values ('Tower Court', 'apartment', '1 Tower Court', 'Hartford', 'CT', '06105')`);
  await database.db.execute(sql`
    insert into units (property_id, unit_number, bedrooms, bathrooms, square_feet, rent, deposit, available)
    select p.id, u::text, 1, 1, 600, 1200, 1200, false
    from properties p, generate_series(1, ${UNITS}) as u`);
  const units = await database.db.execute<{ id: number }>(sql`select id from units order by id`);
  unitIds = units.rows.map((row) => row.id);
  // Addresses tenant-0001@example.com ... in the order of n; every tenth is a "Rivera".
  await database.db.execute(sql`
    insert into users (email, display_name, role, password_hash, unit_id, invited_at)
    select 'tenant-' || lpad(n::text, 4, '0') || '@example.com',
      case when n % 10 = 0 then 'Ana Rivera ' || n else 'Tenant ' || n end,
      'tenant', '', u.id, now()
    from generate_series(1, ${TENANTS}) as n
    join units u on u.unit_number = (((n - 1) / ${PER_UNIT}) + 1)::text`);
  await database.db.execute(sql`
    insert into users (email, display_name, role, password_hash, unit_id, invited_at, access_ended_at)
    select 'gone-' || n || '@example.com', 'Gone ' || n, 'tenant', '', ${unitIds[0]}, now(), now()
    from generate_series(1, 100) as n`);
  // Tenant 1 signed in twice: the newer one is their last sign-in.
  await database.db.execute(sql`
    insert into sessions (user_id, created_at, expires_at)
    select id, at, at + interval '1 day' from users,
      (values (timestamptz '2026-03-01T10:00:00Z'), (timestamptz '2026-04-02T09:30:00Z')) as t(at)
    where email = 'tenant-0001@example.com'`);
});

afterAll(async () => {
  await testApp.close();
  await database.drop();
});

const read = (query: Record<string, unknown>) =>
  call(testApp.app, api.tenants, { query, headers: admin.headers });

type Answer = { tenants: Tenant[]; nextCursor: string | null; total: number };

describe("the tenants list, a page at a time", () => {
  it("answers the first 50 by address, how many there are, and the next cursor", async () => {
    const response = await read({});
    expect(response.statusCode).toBe(200);
    const answer = response.json() as Answer;
    expect(answer.tenants).toHaveLength(TENANTS_PAGE);
    expect(answer.total).toBe(TENANTS);
    expect(answer.tenants[0]).toMatchObject({
      email: "tenant-0001@example.com",
      name: "Tenant 1",
      unit: { unitNumber: "1", propertyName: "Tower Court" },
      lastSignInAt: "2026-04-02T09:30:00.000Z",
    });
    expect(answer.tenants[1]?.lastSignInAt).toBeNull();
    expect(answer.nextCursor).toEqual(expect.any(String));
  });

  it("walks every tenant with access exactly once, by address, none whose access ended", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const answer = (await read({ limit: PAGE_LIMIT_MAX, cursor })).json() as Answer;
      expect(answer.tenants.length).toBeLessThanOrEqual(PAGE_LIMIT_MAX);
      seen.push(...answer.tenants.map((t) => t.email));
      cursor = answer.nextCursor ?? undefined;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(TENANTS / PAGE_LIMIT_MAX);
    expect(new Set(seen).size).toBe(TENANTS);
    expect(seen).toEqual([...seen].sort());
    expect(seen.some((email) => email.startsWith("gone-"))).toBe(false);
  });

  it("answers the tenants of a card's units, whatever the building holds", async () => {
    const shown = unitIds.slice(-5);
    const answer = (await read({ units: shown.join(","), limit: PAGE_LIMIT_MAX })).json() as Answer;
    expect(answer.total).toBe(5 * PER_UNIT);
    expect(answer.tenants).toHaveLength(5 * PER_UNIT);
    expect(new Set(answer.tenants.map((t) => t.unit?.id))).toEqual(new Set(shown));
    expect(answer.nextCursor).toBeNull();
  });

  it("finds tenants by the words of a name or an address, any case, counted in SQL", async () => {
    const rivera = (await read({ q: "rIVERA" })).json() as Answer;
    expect(rivera.total).toBe(TENANTS / 10);
    expect(rivera.tenants).toHaveLength(TENANTS_PAGE);
    expect(rivera.tenants.every((t) => t.name.startsWith("Ana Rivera"))).toBe(true);

    const both = (await read({ q: "ana 0120" })).json() as Answer;
    expect(both.tenants.map((t) => t.email)).toEqual(["tenant-0120@example.com"]);

    // LIKE's wildcards are plain characters to the search.
    const wildcard = (await read({ q: "tenant_0%" })).json() as Answer;
    expect(wildcard.total).toBe(0);
  });

  it("refuses what is not a page of this list with 400, never 500", async () => {
    for (const query of [
      { cursor: "not-a-cursor" },
      { cursor: encodeCursor([12]) },
      { cursor: encodeCursor(["a", "b"]) },
      { limit: PAGE_LIMIT_MAX + 1 },
      { limit: 0 },
      { units: "1,,2" },
      { units: "9999999999" },
      { units: Array.from({ length: 101 }, (_, i) => i + 1).join(",") },
    ]) {
      const response = await read(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
    }
  });
});
