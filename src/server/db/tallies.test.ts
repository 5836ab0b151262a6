import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import { compactTallies, readTally, type TallyName } from "./tallies";

/**
 * The figures the triggers keep (migration 0022) against the same figures counted from the
 * rows, after every kind of write: inserts of many rows at once, updates that change what is
 * counted and updates that do not, deletes, a truncate, and a compaction between.
 */

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDb();
});

afterAll(async () => {
  await database.drop();
});

const run = (query: ReturnType<typeof sql>) => database.db.execute(query);

async function tally(name: TallyName) {
  return Object.fromEntries(await readTally(database.db, name));
}

async function counted(query: ReturnType<typeof sql>) {
  const result = await database.db.execute<{ key: string; n: string }>(query);
  return Object.fromEntries(result.rows.map((row) => [row.key, Number(row.n)]));
}

describe("outgoing mail by status", () => {
  const fromRows = () =>
    counted(sql`select status as key, count(*) as n from outgoing_mail group by status`);

  it("follows inserts, status changes, other updates, deletes and a compaction", async () => {
    const before = await fromRows();
    await run(sql`
      insert into outgoing_mail (kind, to_address, subject, status)
      select 'inquiry_notice', 'n' || n || '@example.com', 'Message ' || n,
        (array['queued', 'sent', 'failed'])[n % 3 + 1]
      from generate_series(1, 300) as n`);
    expect(await tally("outgoing_mail.status")).toEqual(await fromRows());
    expect(await fromRows()).not.toEqual(before);

    await run(sql`update outgoing_mail set status = 'sent' where status = 'queued'`);
    await run(sql`update outgoing_mail set attempts = attempts + 1`);
    expect(await tally("outgoing_mail.status")).toEqual(await fromRows());

    await run(sql`delete from outgoing_mail where status = 'failed'`);
    expect(await tally("outgoing_mail.status")).toEqual(await fromRows());

    const rows = async () =>
      Number(
        (
          await database.db.execute<{ n: string }>(
            sql`select count(*) as n from derived.tallies where name = 'outgoing_mail.status'`,
          )
        ).rows[0]!.n,
      );
    expect(await rows()).toBeGreaterThan(2);
    expect(await compactTallies(database.db)).toBeGreaterThan(0);
    expect(await rows()).toBeLessThanOrEqual(2);
    expect(await tally("outgoing_mail.status")).toEqual(await fromRows());
  });

  it("counts nothing for an update that rolls back", async () => {
    const before = await tally("outgoing_mail.status");
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update outgoing_mail set status = 'failed'`);
        throw new Error("rolled back");
      })
      .catch(() => undefined);
    expect(await tally("outgoing_mail.status")).toEqual(before);
  });
});

describe("tenant files by category and bytes", () => {
  const fromRows = async () => ({
    ...(await counted(
      sql`select category as key, count(*) as n from tenant_files group by category`,
    )),
    bytes: Number(
      (
        await database.db.execute<{ b: string }>(
          sql`select coalesce(sum(size), 0) as b from tenant_files`,
        )
      ).rows[0]!.b,
    ),
  });
  const fromTally = async () => ({
    ...(await tally("tenant_files.category")),
    bytes: (await tally("tenant_files.bytes"))[""] ?? 0,
  });

  it("follows inserts, a change of category and size, and deletes", async () => {
    await run(sql`
      insert into tenant_files (tenant_name, tenant_email, category, filename, original_name, size, mime)
      select 'Tenant ' || n, 't' || n || '@example.com',
        (array['maintenance', 'lease', 'property', 'other'])[n % 4 + 1],
        'tally-' || n || '.pdf', 'File ' || n || '.pdf', 1000 + n, 'application/pdf'
      from generate_series(1, 200) as n`);
    expect(await fromTally()).toEqual(await fromRows());

    await run(sql`update tenant_files set category = 'other', size = size * 2
                  where category = 'lease'`);
    expect(await fromTally()).toEqual(await fromRows());

    await run(sql`delete from tenant_files where category = 'maintenance'`);
    expect(await fromTally()).toEqual(await fromRows());
  });
});

describe("listing alerts: statuses, frequencies, renters and wishes", () => {
  const fromRows = async () => ({
    status: await counted(
      sql`select status as key, count(*) as n from alert_subscriptions group by status`,
    ),
    frequency: await counted(sql`select frequency as key, count(*) as n from alert_subscriptions
                                 where status = 'active' group by frequency`),
    renters: Number(
      (
        await database.db.execute<{ n: string }>(
          sql`select count(distinct email) as n from alert_subscriptions where status = 'active'`,
        )
      ).rows[0]!.n,
    ),
    wishes: await counted(sql`select criteria_key as key, count(distinct email) as n
                              from alert_subscriptions where status = 'active'
                              group by criteria_key`),
  });
  const fromTally = async () => {
    const wishes = await database.db.execute<{ key: string; n: string }>(
      sql`select criteria_key as key, renters as n from derived.alert_wish_counts`,
    );
    return {
      status: await tally("alert_subscriptions.status"),
      frequency: await tally("alert_subscriptions.active_frequency"),
      renters: (await tally("alert_subscriptions.renters"))[""] ?? 0,
      wishes: Object.fromEntries(wishes.rows.map((row) => [row.key, Number(row.n)])),
    };
  };

  // 120 alerts from 40 addresses (three each), over four wishes; statuses and frequencies mixed.
  const insertAlerts = sql`
    insert into alert_subscriptions (email, criteria, frequency, status, lang,
      manage_token_hash, last_activity_at)
    select 'renter' || (n % 40) || '@example.com',
      jsonb_build_object('minBedrooms', n % 4),
      (array['instant', 'daily'])[n % 2 + 1],
      (array['active', 'active', 'paused', 'pending'])[n % 4 + 1], 'en',
      md5(random()::text || n), now()
    from generate_series(1, 120) as n`;

  it("counts each renter once however many alerts they hold, overall and per wish", async () => {
    await run(insertAlerts);
    const figures = await fromTally();
    expect(figures).toEqual(await fromRows());
    expect(figures.renters).toBeGreaterThan(0);
    expect(figures.renters).toBeLessThan(figures.status.active ?? 0);
  });

  it("follows pauses, resumes, changes of criteria, frequency and address, and deletes", async () => {
    await run(sql`update alert_subscriptions set status = 'paused'
                  where status = 'active' and email like 'renter1%'`);
    expect(await fromTally()).toEqual(await fromRows());
    await run(sql`update alert_subscriptions set status = 'active' where status = 'pending'`);
    expect(await fromTally()).toEqual(await fromRows());
    await run(sql`update alert_subscriptions set criteria = '{"minBedrooms": 9}'::jsonb
                  where email like 'renter2%'`);
    await run(sql`update alert_subscriptions set frequency = 'daily' where frequency = 'instant'
                  and email like 'renter3%'`);
    await run(sql`update alert_subscriptions set email = 'moved@example.com'
                  where email like 'renter5%'`);
    await run(sql`update alert_subscriptions set last_activity_at = now()`);
    expect(await fromTally()).toEqual(await fromRows());
    await run(sql`delete from alert_subscriptions where email like 'renter%'`);
    expect(await fromTally()).toEqual(await fromRows());
    await compactTallies(database.db);
    expect(await fromTally()).toEqual(await fromRows());
  });

  it("empties every figure of a truncated table", async () => {
    await run(insertAlerts);
    await run(sql`truncate alert_subscriptions cascade`);
    const figures = await fromTally();
    expect(figures).toEqual(await fromRows());
    expect(figures.renters).toBe(0);
    expect(figures.wishes).toEqual({});
  });
});
