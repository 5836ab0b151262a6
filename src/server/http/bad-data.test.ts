import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminMessages } from "#domain/admin";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { tenantFilesApi } from "#domain/api/tenant-files";
import { loginAs } from "#tests/support/auth";
import { call } from "#tests/support/call";
import { insertProperty } from "#tests/support/fixtures";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";

/** Data PostgreSQL refuses (NUL characters, numbers beyond its integers) is a 400, never a 500. */
let database: TestDatabase;
let app: FastifyInstance;
let close: () => Promise<void>;
let admin: { authorization: string };
let propertyId: number;

beforeAll(async () => {
  database = await createTestDb();
  ({ app, close } = await createTestApp(database));
  admin = (await loginAs(app, database.db, "admin")).headers;
  propertyId = (await insertProperty(database.db)).id;
});

afterAll(async () => {
  await close();
  await database.drop();
});

describe("data the database cannot store", () => {
  it("a NUL character in a search is a 400", async () => {
    const response = await call(app, tenantFilesApi.list, {
      query: { tenant: "\u0000" },
      headers: admin,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "bad_request", message: expect.any(String) });
  });

  it("a NUL character in a unit number is a 400 and nothing is written", async () => {
    const response = await call(app, adminPropertiesApi.createUnit, {
      headers: admin,
      payload: { propertyId, unitNumber: "4\u0000A", rent: 1200 },
    });
    expect(response.statusCode).toBe(400);
    const { rows } = await database.pool.query("select count(*)::int as n from units");
    expect(rows[0].n).toBe(0);
  });

  it("a building id beyond PostgreSQL's integers in a document request is a 400", async () => {
    const response = await call(app, tenantFilesApi.createRequest, {
      headers: admin,
      payload: {
        tenantName: "Dana Whitfield",
        tenantEmail: "dana@example.com",
        propertyId: 99_999_999_999,
        category: "lease",
      },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe("the order of the property checks", () => {
  it("reports the required-field message before an out-of-range year", async () => {
    const response = await call(app, adminPropertiesApi.createProperty, {
      headers: admin,
      payload: { title: "", yearBuilt: 1500 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].msg).toBe(adminMessages.propertyRequired);
  });

  it("reports the unit's required message before a range", async () => {
    const response = await call(app, adminPropertiesApi.createUnit, {
      headers: admin,
      payload: { propertyId, unitNumber: "", bedrooms: 25 },
    });
    expect(response.json().details[0].msg).toBe(adminMessages.unitRequired);
    const ranged = await call(app, adminPropertiesApi.createUnit, {
      headers: admin,
      payload: { propertyId, unitNumber: "9Z", rent: 1000, bedrooms: 25 },
    });
    expect(ranged.json().details[0].msg).toBe(adminMessages.unitRanges);
  });
});
