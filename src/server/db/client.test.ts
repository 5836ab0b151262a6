import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmptyTestDb, createTestDb, type TestDatabase } from "#tests/support/test-db";
import {
  connect,
  DatabaseUnreachableError,
  LOCKS,
  runMigrations,
  withAdvisoryLock,
} from "./client";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDb();
});

afterAll(async () => {
  await database.drop();
});

describe("migrations", () => {
  it("creates every table of the data model", async () => {
    const { rows } = await database.pool.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' order by 1",
    );
    expect(rows.map((r) => r.table_name)).toEqual([
      "adverse_action_notices",
      "alert_deliveries",
      "alert_subscriptions",
      "alert_unit_changes",
      "applicants",
      "applications",
      "audit_events",
      "auth_codes",
      "document_requests",
      "images",
      "inquiries",
      "maintenance_comments",
      "maintenance_photos",
      "maintenance_requests",
      "mfa_challenges",
      "notification_events",
      "notification_preferences",
      "outgoing_mail",
      "passkeys",
      "privacy_requests",
      "properties",
      "recovery_codes",
      "screening_fee_caps",
      "sessions",
      "showing_hours",
      "showings",
      "tenant_files",
      "tenant_sign_in_links",
      "totp_factors",
      "units",
      "users",
      "waitlist_entries",
      "webauthn_challenges",
    ]);
  });

  it("installs the job queue's own tables beside them", async () => {
    const { rows } = await database.pool.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_schema = 'pgboss' and table_name in ('job', 'queue', 'version')",
    );
    expect(rows[0]!.n).toBe(3);
  });

  it("applies nothing twice, even when several instances start at once", async () => {
    const others = await Promise.all([
      connect(database.url),
      connect(database.url),
      connect(database.url),
    ]);
    await Promise.all([runMigrations(database), ...others.map((other) => runMigrations(other))]);
    await Promise.all(others.map((other) => other.close()));
    const { rows } = await database.pool.query(
      "select count(*)::int as n from drizzle.__drizzle_migrations",
    );
    expect(rows[0].n).toBeGreaterThan(0);
    const { rows: again } = await database.pool.query(
      "select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash having count(*) > 1",
    );
    expect(again).toEqual([]);
  });

  it("installs everything once when several instances start together on an empty database", async () => {
    // Repeated: the race between instances creating the same schema is a matter of timing.
    for (let round = 0; round < 5; round++) {
      const empty = await createEmptyTestDb();
      const instances = await Promise.all([0, 1, 2, 3].map(() => connect(empty.url)));
      try {
        const outcomes = await Promise.allSettled(instances.map((i) => runMigrations(i)));
        expect(outcomes.filter((o) => o.status === "rejected")).toEqual([]);
        const { rows } = await empty.pool.query<{ n: number }>(
          "select count(*)::int as n from pgboss.version",
        );
        expect(rows[0]!.n).toBe(1);
      } finally {
        await Promise.all(instances.map((i) => i.close()));
        await empty.drop();
      }
    }
  });
});

describe("withAdvisoryLock", () => {
  it("runs one start-up step at a time across instances, and frees the lock after a failure", async () => {
    const others = await Promise.all([connect(database.url), connect(database.url)]);
    const spans: [number, number][] = [];
    const step = async () => {
      const start = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 60));
      spans.push([start, performance.now()]);
    };
    const failing = withAdvisoryLock(others[1]!, LOCKS.demoContent, async () => {
      throw new Error("seed failed");
    });
    await expect(failing).rejects.toThrow("seed failed");
    await Promise.all(
      [database, ...others].map((instance) => withAdvisoryLock(instance, LOCKS.demoContent, step)),
    );
    await Promise.all(others.map((other) => other.close()));
    spans.sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < spans.length; i++)
      expect(spans[i]![0]).toBeGreaterThanOrEqual(spans[i - 1]![1]);
    expect(spans).toHaveLength(3);
  });
});

describe("connect", () => {
  it("refuses an unreachable server with one clear line", async () => {
    const attempt = connect("postgres://nobody:secret@127.0.0.1:1/nothing");
    await expect(attempt).rejects.toThrow(DatabaseUnreachableError);
    await expect(connect("postgres://nobody:secret@127.0.0.1:1/nothing")).rejects.toThrow(
      /^the database at 127\.0\.0\.1:1\/nothing is unreachable \(.*\)$/,
    );
  });
});
