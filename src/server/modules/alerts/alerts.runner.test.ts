import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AlertCriteria, matchesCriteria } from "#domain/alerts";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { loginAs } from "#tests/support/auth";
import { call } from "#tests/support/call";
import { insertProperty, insertUnit } from "#tests/support/fixtures";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";

/**
 * The runner at more than demo size: thousands of subscriptions written by SQL (as confirming
 * leaves them), a unit opened by staff. The save only records the change; the runner's pass
 * matches it in SQL and e-mails a page of subscriptions per transaction, each once. The
 * runner's own timer is stopped: only the test's passes run.
 */

let database: TestDatabase;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let admin: { authorization: string };
/** Tuesday, November 24, 2026, 7:00 in Connecticut: before the daily summaries' hour. */
let now = new Date("2026-11-24T12:00:00Z");
let hartford: number;

const SUBSCRIPTIONS = 2_000;

beforeAll(async () => {
  database = await createTestDb();
  testApp = await createTestApp(database, {
    clock: () => now,
    env: { AUTH_ATTEMPTS_PER_MINUTE: "1000" },
  });
  await testApp.app.ready();
  await testApp.app.alertRunner.stop();
  admin = (await loginAs(testApp.app, database.db, "admin")).headers;
  hartford = (await insertProperty(database.db, { title: "Asylum Hill Flats", city: "Hartford" }))
    .id;
}, 60_000);

afterAll(async () => {
  await testApp.close();
  await database.drop();
});

const count = async (query: string, values: unknown[] = []) =>
  Number((await database.pool.query<{ n: string }>(query, values)).rows[0]!.n);

type Row = {
  id: string;
  email: string;
  criteria: AlertCriteria;
  frequency: string;
  status: string;
};

/**
 * Renters wanting one of five things (two of which the opened unit matches), every tenth one
 * daily and every seventh one paused, in one statement.
 */
async function seedSubscriptions(): Promise<Row[]> {
  await database.pool.query(
    `insert into alert_subscriptions
       (email, criteria, frequency, lang, status, manage_token_hash, confirmed_at)
     select 'renter-' || g || '@example.com',
       (array['{"towns":["Hartford"],"bedroomsMin":2}', '{"towns":["New Britain"]}',
              '{"rentMax":1000}', '{"bedroomsMin":3}', '{}'])[1 + g % 5]::jsonb,
       case when g % 10 = 0 then 'daily' else 'instant' end,
       case when g % 3 = 0 then 'es' else 'en' end,
       case when g % 7 = 0 then 'paused' else 'active' end,
       'scale-test-' || g, now()
     from generate_series(1, $1::int) g`,
    [SUBSCRIPTIONS],
  );
  const { rows } = await database.pool.query<Row>(
    "select id, email, criteria, frequency, status from alert_subscriptions",
  );
  return rows;
}

/** Each subscription's deliveries of the unit, as "state" by subscription id. */
async function deliveriesOf(unitId: number) {
  const { rows } = await database.pool.query<{ id: string; states: string[] }>(
    `select subscription_id as id, array_agg(state) as states from alert_deliveries
     where unit_id = $1 group by subscription_id`,
    [unitId],
  );
  return new Map(rows.map((row) => [row.id, row.states]));
}

describe("a unit opened to thousands of subscriptions", () => {
  it("is matched and e-mailed by the runner, not the save, once to each match", async () => {
    const subscriptions = await seedSubscriptions();
    const opened = { bedrooms: 2, rent: 1500, city: "Hartford", availableFrom: null };
    const wants = subscriptions.filter(
      (s) => s.status === "active" && matchesCriteria(s.criteria, opened, "2026-11-24"),
    );
    const instant = wants.filter((s) => s.frequency === "instant");
    const daily = wants.filter((s) => s.frequency === "daily");
    // More than a page of subscriptions, both frequencies, and some that do not match.
    expect(instant.length).toBeGreaterThan(500);
    expect(daily.length).toBeGreaterThan(50);
    expect(wants.length).toBeLessThan(subscriptions.length / 2);

    const response = await call(testApp.app, adminPropertiesApi.createUnit, {
      headers: admin,
      payload: { propertyId: hartford, unitNumber: "2B", bedrooms: 2, rent: 1500, available: true },
    });
    expect(response.statusCode).toBe(201);
    const unitId = (response.json() as { id: number }).id;
    // The save recorded the change and nothing per subscriber.
    expect(
      await count("select count(*) as n from alert_unit_changes where unit_id = $1", [unitId]),
    ).toBe(1);
    expect(await count("select count(*) as n from alert_deliveries")).toBe(0);
    expect(
      await count("select count(*) as n from outgoing_mail where kind like 'listing_alert%'"),
    ).toBe(0);

    const pass = await testApp.app.alertRunner.runOnce();
    expect(pass).toEqual({ matched: wants.length, sent: instant.length, summarized: 0 });
    expect(await count("select count(*) as n from alert_unit_changes")).toBe(0);
    const deliveries = await deliveriesOf(unitId);
    expect(deliveries.size).toBe(wants.length);
    for (const s of instant) expect(deliveries.get(s.id)).toEqual(["sent"]);
    for (const s of daily) expect(deliveries.get(s.id)).toEqual(["pending"]);
    const { rows: queued } = await database.pool.query<{ to: string }>(
      "select to_address as to from outgoing_mail where kind = 'listing_alert'",
    );
    expect(queued.map((m) => m.to).sort()).toEqual(instant.map((s) => s.email).sort());

    // Another pass finds nothing: each alert went out once.
    expect(await testApp.app.alertRunner.runOnce()).toEqual({ matched: 0, sent: 0, summarized: 0 });
    expect(await count("select count(*) as n from outgoing_mail")).toBe(queued.length);

    // 8:00: one summary for each daily match, and again nothing more after it.
    now = new Date("2026-11-24T13:00:00Z");
    expect(await testApp.app.alertRunner.runOnce()).toEqual({
      matched: 0,
      sent: 0,
      summarized: daily.length,
    });
    expect(await testApp.app.alertRunner.runOnce()).toEqual({ matched: 0, sent: 0, summarized: 0 });
    const { rows: digests } = await database.pool.query<{ to: string }>(
      "select to_address as to from outgoing_mail where kind = 'listing_alert_digest'",
    );
    expect(digests.map((m) => m.to).sort()).toEqual(daily.map((s) => s.email).sort());

    await database.pool.query("delete from alert_subscriptions where email like 'renter-%'");
  }, 120_000);
});

describe("what makes a unit news", () => {
  /** Units alerted to the address since the last look (one pass first). */
  const alertedTo = async (email: string) => {
    await testApp.app.alertRunner.runOnce();
    const { rows } = await database.pool.query<{ unit: number }>(
      `select d.unit_id as unit from alert_deliveries d
       join alert_subscriptions s on s.id = d.subscription_id
       where s.email = $1 and d.state = 'sent' order by d.unit_id`,
      [email],
    );
    return rows.map((row) => row.unit);
  };

  async function subscribe(email: string, criteria: AlertCriteria) {
    await database.pool.query(
      `insert into alert_subscriptions
         (email, criteria, frequency, status, manage_token_hash, confirmed_at)
       values ($1, $2, 'instant', 'active', $1, now())`,
      [email, JSON.stringify(criteria)],
    );
  }

  it("a unit that opens on a later day reaches an 'available now' alert on that day", async () => {
    now = new Date("2026-11-24T12:00:00Z");
    await subscribe("now@example.com", { towns: ["New Britain"], availableNow: true });
    await subscribe("any@example.com", { towns: ["New Britain"] });
    const building = await insertProperty(database.db, { city: "New Britain" });
    const unit = await insertUnit(database.db, building.id, {
      unitNumber: "1",
      availableFrom: "2026-11-26",
    });
    expect(await alertedTo("any@example.com")).toEqual([unit.id]);
    expect(await alertedTo("now@example.com")).toEqual([]);
    now = new Date("2026-11-25T12:00:00Z");
    expect(await alertedTo("now@example.com")).toEqual([]);
    now = new Date("2026-11-26T12:00:00Z");
    expect(await alertedTo("now@example.com")).toEqual([unit.id]);
    expect(await alertedTo("any@example.com")).toEqual([unit.id]);
  });

  it("a building made active brings its units; a change that cannot matter brings none", async () => {
    await subscribe("towns@example.com", { towns: ["Middletown"] });
    const building = await insertProperty(database.db, { city: "Middletown", active: false });
    const unit = await insertUnit(database.db, building.id, { unitNumber: "3" });
    expect(await alertedTo("towns@example.com")).toEqual([]);
    await database.pool.query("update properties set active = true where id = $1", [building.id]);
    expect(await alertedTo("towns@example.com")).toEqual([unit.id]);
    // A description, a touch of the building: nothing recorded to match.
    await database.pool.query("update units set description = 'Freshly painted' where id = $1", [
      unit.id,
    ]);
    await database.pool.query("update properties set updated_at = now() where id = $1", [
      building.id,
    ]);
    expect(await count("select count(*) as n from alert_unit_changes")).toBe(0);
  });
});
