import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminProperty, AdminUnit } from "#domain/admin";
import { adminPropertiesApi as api } from "#domain/api/admin-properties";
import { listingsApi } from "#domain/api/listings";
import { units } from "#server/db/schema";
import { loginAs } from "#tests/support/auth";
import { call } from "#tests/support/call";
import { insertProperty, insertUnit } from "#tests/support/fixtures";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";

/**
 * "Still available": staff confirm that an available unit's availability is right, which moves
 * its confirmation date and nothing else. (The guards are proven route by route in
 * guards.test.ts and access.test.ts, the audit event in audit.test.ts.)
 */
let database: TestDatabase;
let app: FastifyInstance;
let close: () => Promise<void>;
let admin: { authorization: string };

beforeAll(async () => {
  database = await createTestDb();
  ({ app, close } = await createTestApp(database));
  admin = (await loginAs(app, database.db, "admin")).headers;
});

afterAll(async () => {
  await close();
  await database.drop();
});

const LONG_AGO = new Date("2026-01-05T15:00:00Z");

/** An available unit of an active building, last confirmed and changed LONG_AGO. */
async function staleUnit() {
  const building = await insertProperty(database.db, { title: "Pearl Street Lofts" });
  const unit = await insertUnit(database.db, building.id, {
    unitNumber: "2B",
    available: true,
    availabilityConfirmedAt: LONG_AGO,
    updatedAt: LONG_AGO,
  });
  return { building, unit };
}

const adminUnit = async (id: number): Promise<AdminUnit> => {
  const list = (await call(app, api.list, { headers: admin })).json<AdminProperty[]>();
  return list.flatMap((p) => p.units).find((u) => u.id === id)!;
};

const confirm = (id: number | string) =>
  call(app, api.confirmAvailability, { headers: admin, params: { id } });

describe("confirming a unit's availability", () => {
  it("sets the confirmation to now and answers the unit, everything else as it was", async () => {
    const { unit } = await staleUnit();
    const before = await adminUnit(unit.id);
    const startedAt = Date.now();

    const response = await confirm(unit.id);

    expect(response.statusCode, response.body).toBe(200);
    const confirmed = response.json<AdminUnit>();
    const at = Date.parse(confirmed.availabilityConfirmedAt);
    expect(at).toBeGreaterThanOrEqual(startedAt - 1_000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1_000);
    // Not a change to the listing: updatedAt (the sitemap's lastmod) stays.
    expect(confirmed).toEqual({
      ...before,
      availabilityConfirmedAt: confirmed.availabilityConfirmedAt,
    });
    expect(confirmed.updatedAt).toBe(LONG_AGO.toISOString());
    expect(await adminUnit(unit.id)).toEqual(confirmed);
  });

  it("shows on the public unit page at once (the public cache is emptied)", async () => {
    const { unit } = await staleUnit();
    const publicUnit = () => call(app, listingsApi.getUnit, { params: { id: unit.id } });
    // Read once, so that the page is cached with the old date.
    expect((await publicUnit()).json().availabilityConfirmedAt).toBe(LONG_AGO.toISOString());

    const confirmed = (await confirm(unit.id)).json<AdminUnit>();

    expect((await publicUnit()).json().availabilityConfirmedAt).toBe(
      confirmed.availabilityConfirmedAt,
    );
  });

  it("is confirmed by a save of the unit too", async () => {
    const { unit } = await staleUnit();
    const saved = await call(app, api.updateUnit, {
      headers: admin,
      params: { id: unit.id },
      payload: { unitNumber: "2B", rent: 1600, available: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(Date.parse(saved.json<AdminUnit>().availabilityConfirmedAt)).toBeGreaterThan(
      Date.now() - 60_000,
    );
  });

  it("answers 404 for a unit that does not exist, or a malformed id, and changes nothing", async () => {
    const { unit } = await staleUnit();
    for (const id of ["999999", "99999999999", "abc", "0"]) {
      const response = await confirm(id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toMatchObject({ error: "not_found", message: expect.any(String) });
    }
    const [row] = await database.db.select().from(units).where(eq(units.id, unit.id));
    expect(row?.availabilityConfirmedAt).toEqual(LONG_AGO);
  });

  it("refuses a tenant (403) and a visitor (401)", async () => {
    const { unit } = await staleUnit();
    const tenant = await loginAs(app, database.db, "tenant");
    const refused = await call(app, api.confirmAvailability, {
      headers: tenant.headers,
      params: { id: unit.id },
    });
    expect(refused.statusCode).toBe(403);
    expect((await call(app, api.confirmAvailability, { params: { id: unit.id } })).statusCode).toBe(
      401,
    );
    const [row] = await database.db.select().from(units).where(eq(units.id, unit.id));
    expect(row?.availabilityConfirmedAt).toEqual(LONG_AGO);
  });
});
