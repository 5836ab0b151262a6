import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outgoingMailApi } from "#domain/api/outgoing-mail";
import { PAGE_LIMIT, PAGE_LIMIT_MAX } from "#domain/api/paging";
import type { OutgoingMailResponse } from "#domain/outgoing-mail";
import { encodeCursor } from "#server/db/keyset";
import { loginAs } from "#tests/support/auth";
import { call } from "#tests/support/call";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";

let database: TestDatabase;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof loginAs>>;
const ROWS = 2400;

beforeAll(async () => {
  database = await createTestDb();
  testApp = await createTestApp(database, { env: { AUTH_ATTEMPTS_PER_MINUTE: "1000" } });
  admin = await loginAs(testApp.app, database.db, "admin");
  // Four messages share each time (ties broken by id); statuses in turn sent, sent, failed, queued.
  await database.db.execute(sql`
    insert into outgoing_mail (kind, to_address, subject, status, created_at)
    select 'inquiry_notice', 'office' || n || '@example.com', 'Message ' || n,
      (array['sent', 'sent', 'failed', 'queued'])[n % 4 + 1],
      timestamptz '2025-01-01 00:00:00+00' + (n / 4) * interval '1 microsecond'
    from generate_series(1, ${ROWS}) as n`);
});

afterAll(async () => {
  await testApp.close();
  await database.drop();
});

const page = (query: Record<string, unknown>) =>
  call(testApp.app, outgoingMailApi.list, { query, headers: admin.headers });

async function walk(query: Record<string, unknown>) {
  const seen: OutgoingMailResponse["messages"] = [];
  let cursor: string | undefined;
  do {
    const response = await page({ ...query, cursor, limit: PAGE_LIMIT_MAX });
    expect(response.statusCode).toBe(200);
    const answer = response.json() as OutgoingMailResponse;
    seen.push(...answer.messages);
    cursor = answer.nextCursor ?? undefined;
  } while (cursor);
  return seen;
}

describe("paging the Outgoing mail list", () => {
  it("answers 50 by default, and the counts of the whole table by status", async () => {
    const answer = (await page({})).json() as OutgoingMailResponse;
    expect(answer.messages).toHaveLength(PAGE_LIMIT);
    expect(answer.nextCursor).toEqual(expect.any(String));
    expect(answer.counts).toEqual({ sent: ROWS / 2, failed: ROWS / 4, queued: ROWS / 4 });
  });

  it("walks every message exactly once, newest first", async () => {
    const seen = await walk({});
    expect(new Set(seen.map((m) => m.id)).size).toBe(ROWS);
    // The order the database keeps (the answer's times stop at the millisecond).
    const { rows } = await database.db.execute<{ id: string }>(
      sql`select id from outgoing_mail order by created_at desc, id desc`,
    );
    expect(seen.map((m) => m.id)).toEqual(rows.map((row) => row.id));
  });

  it("keeps the status filter across pages", async () => {
    const failed = await walk({ status: "failed" });
    expect(failed).toHaveLength(ROWS / 4);
    expect(failed.every((m) => m.status === "failed")).toBe(true);
  });

  it("refuses a forged cursor and a limit above the maximum with 400", async () => {
    for (const cursor of [
      "nope",
      encodeCursor(["2025-01-01T00:00:00.000000Z", 7]),
      encodeCursor(["2025-01-01T00:00:00.000000Z", "not-a-uuid"]),
      encodeCursor(["soon", "6f1c1d3e-8b7a-4c1e-9a3b-2d4e5f607182"]),
    ]) {
      expect((await page({ cursor })).statusCode).toBe(400);
    }
    expect((await page({ limit: PAGE_LIMIT_MAX + 1 })).statusCode).toBe(400);
  });
});
