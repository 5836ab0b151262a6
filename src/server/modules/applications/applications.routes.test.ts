import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationsApi } from "#domain/api/applications";
import { applicationChargeMessages } from "#domain/application-charges";
import { loginAs } from "#tests/support/auth";
import { call } from "#tests/support/call";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";

/**
 * The applications' settings through the API, on a fake clock: the statute's $50 until staff
 * record the year's cap, a cap that applies from a later day not yet in force, and refusals.
 */
let database: TestDatabase;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof loginAs>>;
// Monday 1 March 2027, 10:00 in Connecticut.
const clock = new Date("2027-03-01T15:00:00Z");

beforeAll(async () => {
  database = await createTestDb();
  testApp = await createTestApp(database, { clock: () => clock });
  admin = await loginAs(testApp.app, database.db, "admin");
});

afterAll(async () => {
  await testApp.close();
  await database.drop();
});

const settings = async () =>
  (await call(testApp.app, applicationsApi.getSettings, { headers: admin.headers })).json();
const record = (payload: object) =>
  call(testApp.app, applicationsApi.putSettings, { headers: admin.headers, payload });

describe("the screening fee's cap", () => {
  it("is the statute's $50 until staff record the year's, which applies from its day", async () => {
    expect(await settings()).toEqual({ screeningFeeCap: 50, statutoryCap: 50, caps: [] });
    expect((await record({ screeningFeeCap: 52, appliesFrom: "2027-01-01" })).statusCode).toBe(200);
    const later = await record({ screeningFeeCap: 55, appliesFrom: "2028-01-01" });
    expect(later.statusCode).toBe(200);
    expect(later.json()).toEqual({
      screeningFeeCap: 52,
      statutoryCap: 50,
      caps: [
        { appliesFrom: "2028-01-01", screeningFeeCap: 55 },
        { appliesFrom: "2027-01-01", screeningFeeCap: 52 },
      ],
    });
  });

  // Tenants' 403 on every admin route is the access tests' (src/server/http/access.test.ts).
  it("refuses a bad day or amount, and anyone not signed in", async () => {
    const badDay = await record({ screeningFeeCap: 50, appliesFrom: "2027-13-01" });
    expect(badDay.statusCode).toBe(400);
    expect(badDay.body).toContain(applicationChargeMessages.capDate);
    expect((await record({ screeningFeeCap: -5, appliesFrom: "2027-06-01" })).statusCode).toBe(400);
    expect((await call(testApp.app, applicationsApi.getSettings, {})).statusCode).toBe(401);
    expect((await settings()).caps).toHaveLength(2);
  });
});
