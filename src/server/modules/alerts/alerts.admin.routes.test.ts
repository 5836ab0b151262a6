import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminMessages } from "#domain/admin";
import type { AlertSubscribersPage, AlertSummary } from "#domain/admin-alerts";
import type { AlertCriteria } from "#domain/alerts";
import { adminAlertsApi } from "#domain/api/admin-alerts";
import { alertDeliveries, alertSubscriptions, units } from "#server/db/schema";
import { loginAs } from "#tests/support/auth";
import { call } from "#tests/support/call";
import { insertProperty, insertUnit } from "#tests/support/fixtures";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";

let database: TestDatabase;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let admin: { authorization: string };
let tenant: { authorization: string };
/** The alerts' clock: Tuesday, November 24, 2026, 7:00 in Connecticut (12:00 UTC). */
const now = new Date("2026-11-24T12:00:00Z");
const building = {} as Record<"hartford" | "newBritain" | "hidden", number>;
/** A Hartford unit, occupied; a few subscriptions were already told about it. */
let unitId: number;
const subscription = {} as Record<string, string>;

let seeded = 0;
/** A subscription row as the service stores it, created a minute after the previous one. */
async function seed(
  key: string,
  email: string,
  criteria: AlertCriteria,
  values: Partial<typeof alertSubscriptions.$inferInsert> = {},
) {
  seeded += 1;
  const id = randomUUID();
  const createdAt = new Date(Date.UTC(2026, 10, 1, 12, seeded));
  await database.db.insert(alertSubscriptions).values({
    id,
    email,
    criteria,
    frequency: "instant",
    lang: "en",
    status: "active",
    manageTokenHash: `test-hash-${id}`,
    confirmedAt: createdAt,
    createdAt,
    lastActivityAt: createdAt,
    ...values,
  });
  subscription[key] = id;
}

const wanted = { bedroomsMin: 2, rentMax: 1800, towns: ["Hartford"] };

beforeAll(async () => {
  database = await createTestDb();
  testApp = await createTestApp(database, {
    clock: () => now,
    env: { AUTH_ATTEMPTS_PER_MINUTE: "1000" },
  });
  admin = (await loginAs(testApp.app, database.db, "admin")).headers;
  tenant = (await loginAs(testApp.app, database.db, "tenant")).headers;
  building.hartford = (await insertProperty(database.db, { city: "Hartford" })).id;
  building.newBritain = (await insertProperty(database.db, { city: "New Britain" })).id;
  building.hidden = (await insertProperty(database.db, { city: "Hartford", active: false })).id;
  unitId = (
    await insertUnit(database.db, building.hartford, { bedrooms: 2, rent: 1450, available: false })
  ).id;

  // Three renters want the same thing (in any key order); Ana asks twice, at both frequencies.
  await seed("ana", "ana@example.com", wanted);
  await seed("ben", "ben@example.com", wanted, { frequency: "daily", lang: "es" });
  await seed("cy", "cy@example.com", { towns: ["Hartford"], rentMax: 1800, bedroomsMin: 2 });
  await seed("anaDaily", "ana@example.com", wanted, { frequency: "daily" });
  await seed("dee", "dee@example.com", { rentMax: 1500 });
  await seed("eve", "eve@example.com", { rentMax: 1500 });
  await seed("fay", "fay@example.com", { bedroomsMin: 3, availableNow: true });
  await seed("gus", "gus@example.com", { towns: ["New Britain"] }, { frequency: "daily" });
  await seed("hal", "hal@example.com", {});
  await seed("ivy", "ivy@example.com", { bedroomsMin: 1, towns: ["New Britain"] });
  await seed("pam", "pam@example.com", {}, { status: "paused" });
  await seed("quinn", "quinn@example.com", wanted, {
    status: "pending",
    confirmedAt: null,
    confirmExpiresAt: new Date("2026-11-30T12:00:00Z"),
  });
  // Past its link's time: removed by the next purge, no longer awaiting anything.
  await seed("rob", "rob@example.com", wanted, {
    status: "pending",
    confirmedAt: null,
    confirmExpiresAt: new Date("2026-11-20T12:00:00Z"),
  });
  // Dee was sent the unit; Ana's instant alert knew it (it was listed when she confirmed).
  await database.db.insert(alertDeliveries).values([
    {
      subscriptionId: subscription.dee!,
      unitId,
      state: "sent",
      sentAt: new Date("2026-11-10T15:00:00Z"),
    },
    { subscriptionId: subscription.ana!, unitId, state: "known" },
  ]);
});

afterAll(async () => {
  await testApp.close();
  await database.drop();
});

describe("the summary", () => {
  it("counts alerts by status and frequency, and the renters behind the active ones", async () => {
    const response = await call(testApp.app, adminAlertsApi.summary, { headers: admin });
    expect(response.statusCode).toBe(200);
    const summary: AlertSummary = response.json();
    expect(summary).toMatchObject({
      active: 10,
      paused: 1,
      awaitingConfirmation: 1,
      renters: 9,
      byFrequency: { instant: 7, daily: 3 },
    });
  });

  it("lists the five most wanted criteria, most renters first, each in words", async () => {
    const summary: AlertSummary = (
      await call(testApp.app, adminAlertsApi.summary, { headers: admin })
    ).json();
    expect(summary.topCriteria.map(({ words, renters }) => `${words}: ${renters}`)).toEqual([
      // Ana's two alerts are one renter.
      "2+ bedrooms, up to $1,800, in Hartford: 3",
      "up to $1,500: 2",
      // Equals: the longest wanted first, so Ivy's (the newest) is left out.
      "3+ bedrooms, available now: 1",
      "in New Britain: 1",
      "any home: 1",
    ]);
    expect(summary.topCriteria[0]!.criteria).toEqual(wanted);
  });
});

describe("the subscribers", () => {
  const list = (query: Record<string, unknown> = {}) =>
    call(testApp.app, adminAlertsApi.subscribers, { query, headers: admin });

  it("lists every subscription with its address, newest first", async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const page: AlertSubscribersPage = response.json();
    expect(page).toMatchObject({ total: 13, pageSize: 50, nextCursor: null });
    expect(page.subscribers.map((s) => s.email).slice(0, 3)).toEqual([
      "rob@example.com",
      "quinn@example.com",
      "pam@example.com",
    ]);
    const ben = page.subscribers.find((s) => s.email === "ben@example.com");
    expect(ben).toEqual({
      id: subscription.ben,
      email: "ben@example.com",
      criteria: wanted,
      words: "2+ bedrooms, up to $1,800, in Hartford",
      frequency: "daily",
      status: "active",
      lang: "es",
      createdAt: "2026-11-01T12:02:00.000Z",
      lastActivityAt: "2026-11-01T12:02:00.000Z",
      lastAlertAt: null,
    });
    expect(page.subscribers.find((s) => s.email === "dee@example.com")?.lastAlertAt).toBe(
      "2026-11-10T15:00:00.000Z",
    );
  });

  it("filters by status and pages through them", async () => {
    const pending: AlertSubscribersPage = (await list({ status: "pending" })).json();
    expect(pending.subscribers.map((s) => s.email)).toEqual([
      "rob@example.com",
      "quinn@example.com",
    ]);
    expect(pending.total).toBe(2);
    // Pages of 5 by the cursor: every subscription once, newest first, the total on each.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const next: AlertSubscribersPage = (
        await list({ limit: 5, ...(cursor && { cursor }) })
      ).json();
      expect(next.total).toBe(13);
      seen.push(...next.subscribers.map((s) => s.email));
      cursor = next.nextCursor;
    } while (cursor);
    const all: AlertSubscribersPage = (await list()).json();
    expect(seen).toEqual(all.subscribers.map((s) => s.email));
  });

  it("refuses a cursor, a limit or a status that is not one", async () => {
    const forged = Buffer.from(JSON.stringify(["x", "y"])).toString("base64url");
    for (const query of [
      { cursor: forged },
      { cursor: "!!" },
      { limit: 101 },
      { status: "ended" },
    ]) {
      const response = await list(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
    }
  });
});

describe("a unit's reach", () => {
  const reach = (query: Record<string, unknown>) =>
    call(testApp.app, adminAlertsApi.reach, { query, headers: admin });
  const counted = async (query: Record<string, unknown>) => {
    const response = await reach(query);
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it("counts the renters whose active alerts match, by the building's town", async () => {
    // Ana, Ben, Cy (2+ under $1,800 in Hartford), Dee, Eve (under $1,500) and Hal (anything).
    expect(await counted({ propertyId: building.hartford, bedrooms: 2, rent: 1450 })).toEqual({
      renters: 6,
      later: 0,
      buildingActive: true,
    });
    // Gus and Ivy (New Britain) and Hal.
    expect(await counted({ propertyId: building.newBritain, bedrooms: 2, rent: 1900 })).toEqual({
      renters: 3,
      later: 0,
      buildingActive: true,
    });
  });

  it("counts those who want homes available now on the unit's date, when it is later", async () => {
    const unit = { propertyId: building.hartford, bedrooms: 3, rent: 1450 };
    expect(await counted({ ...unit, availableFrom: "2026-12-15" })).toEqual({
      renters: 6,
      later: 1,
      buildingActive: true,
    });
    expect(await counted({ ...unit, availableFrom: "2026-11-24" })).toEqual({
      renters: 7,
      later: 0,
      buildingActive: true,
    });
  });

  it("says that a hidden building's unit reaches nobody until the building is shown", async () => {
    expect(await counted({ propertyId: building.hidden, bedrooms: 2, rent: 1450 })).toEqual({
      renters: 6,
      later: 0,
      buildingActive: false,
    });
  });

  it("answers 404 for an unknown building and 400 for values that are not a unit's", async () => {
    const unknown = await reach({ propertyId: 999_999, bedrooms: 2, rent: 1450 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(adminMessages.propertyNotFound);
    for (const query of [
      { bedrooms: 2, rent: 1450 },
      { propertyId: building.hartford, bedrooms: 2, rent: 0 },
      { propertyId: building.hartford, bedrooms: 1.5, rent: 1450 },
      { propertyId: building.hartford, bedrooms: 2, rent: 1450, availableFrom: "2026-02-30" },
    ]) {
      expect((await reach(query)).statusCode, JSON.stringify(query)).toBe(400);
    }
  });

  /** The subscriptions with a delivery of the unit (waiting, sent or known). */
  const told = () =>
    database.db
      .select({ id: alertSubscriptions.id, email: alertSubscriptions.email })
      .from(alertDeliveries)
      .innerJoin(alertSubscriptions, eq(alertSubscriptions.id, alertDeliveries.subscriptionId))
      .where(eq(alertDeliveries.unitId, unitId));

  it("leaves out those told about the unit already, and the runner alerts exactly the rest", async () => {
    // Dee was sent it and Ana's instant alert knew it, but Ana's daily alert has not: she hears.
    const answer = await counted({
      propertyId: building.hartford,
      bedrooms: 2,
      rent: 1450,
      unitId,
    });
    expect(answer).toEqual({ renters: 5, later: 0, buildingActive: true });

    const toldBefore = await told();
    await database.db.update(units).set({ available: true }).where(eq(units.id, unitId));
    await testApp.app.alertRunner.runOnce();
    const alerted = (await told()).filter((row) => !toldBefore.some((r) => r.id === row.id));
    expect([...new Set(alerted.map((r) => r.email))].sort()).toEqual([
      "ana@example.com",
      "ben@example.com",
      "cy@example.com",
      "eve@example.com",
      "hal@example.com",
    ]);
    // Everyone has heard of it now.
    expect(
      await counted({ propertyId: building.hartford, bedrooms: 2, rent: 1450, unitId }),
    ).toEqual({ renters: 0, later: 0, buildingActive: true });
  });
});

describe("who may read them", () => {
  const contracts = Object.values(adminAlertsApi);
  const query = { propertyId: 1, bedrooms: 2, rent: 1450 };

  it.each(contracts.map((c) => [c.id, c] as const))(
    "%s refuses a tenant (403) and anybody signed out (401)",
    async (_id, contract) => {
      const asTenant = await call(testApp.app, contract, { query, headers: tenant });
      expect(asTenant.statusCode).toBe(403);
      const signedOut = await call(testApp.app, contract, { query });
      expect(signedOut.statusCode).toBe(401);
      expect(JSON.stringify([asTenant.json(), signedOut.json()])).not.toContain("@example.com");
    },
  );
});
