import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InquiriesResponse } from "#domain/admin-inquiries";
import { inquiriesApi } from "#domain/api/inquiries";
import { PAGE_LIMIT, PAGE_LIMIT_MAX } from "#domain/api/paging";
import { encodeCursor } from "#server/db/keyset";
import { loginAs } from "#tests/support/auth";
import { call } from "#tests/support/call";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";

let database: TestDatabase;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof loginAs>>;
const ROWS = 3000;

beforeAll(async () => {
  database = await createTestDb();
  testApp = await createTestApp(database, { env: { AUTH_ATTEMPTS_PER_MINUTE: "1000" } });
  admin = await loginAs(testApp.app, database.db, "admin");
  // Three rows share each time (ties broken by id), a microsecond apart from the next; every
  // third row handled; one word in ten rows' messages; days spread over 2025-01-01 to -30.
  await database.db.execute(sql`
    insert into inquiries (name, email, phone, subject, message, created_at, handled_at)
    select 'Person ' || n, 'person' || n || '@example.com', '555', 'Subject ' || n,
      case when n % 10 = 0 then 'Is there parking nearby?' else 'A question' end,
      timestamptz '2025-01-01 00:00:00+00' + ((n / 3) % 30) * interval '1 day'
        + (n / 3) * interval '1 microsecond',
      case when n % 3 = 0 then now() end
    from generate_series(1, ${ROWS}) as n`);
});

afterAll(async () => {
  await testApp.close();
  await database.drop();
});

const page = (query: Record<string, unknown>) =>
  call(testApp.app, inquiriesApi.list, { query, headers: admin.headers });

/** Every page of one filter, following nextCursor. */
async function walk(query: Record<string, unknown>) {
  const seen: InquiriesResponse["inquiries"] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const response = await page({ ...query, cursor, limit: PAGE_LIMIT_MAX });
    expect(response.statusCode).toBe(200);
    const answer = response.json() as InquiriesResponse;
    expect(answer.inquiries.length).toBeLessThanOrEqual(PAGE_LIMIT_MAX);
    seen.push(...answer.inquiries);
    cursor = answer.nextCursor ?? undefined;
    pages += 1;
  } while (cursor);
  return { seen, pages };
}

const newestFirst = (a: { createdAt: string; id: number }, b: { createdAt: string; id: number }) =>
  b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

describe("paging the Inquiries list", () => {
  it("answers the default page of 50 with a cursor, and the unhandled count of the whole table", async () => {
    const answer = (await page({})).json() as InquiriesResponse;
    expect(answer.inquiries).toHaveLength(PAGE_LIMIT);
    expect(answer.nextCursor).toEqual(expect.any(String));
    expect(answer.unhandled).toBe(ROWS - ROWS / 3);
  });

  it("walks every row exactly once, newest first", async () => {
    const { seen, pages } = await walk({});
    expect(pages).toBe(ROWS / PAGE_LIMIT_MAX);
    expect(new Set(seen.map((i) => i.id)).size).toBe(ROWS);
    expect(seen).toEqual([...seen].sort(newestFirst));
  });

  it("keeps the status filter across pages", async () => {
    const { seen } = await walk({ status: "handled" });
    expect(seen).toHaveLength(ROWS / 3);
    expect(seen.every((i) => i.handledAt !== null)).toBe(true);
    const open = await walk({ status: "unhandled" });
    expect(open.seen).toHaveLength(ROWS - ROWS / 3);
    expect(open.seen.every((i) => i.handledAt === null)).toBe(true);
  });

  it("searches words as prefixes in the name, e-mail, subject and message, across pages", async () => {
    const { seen } = await walk({ q: "park" });
    expect(seen).toHaveLength(ROWS / 10);
    expect(seen.every((i) => i.message.includes("parking"))).toBe(true);
    const both = await walk({ q: "PARKING nearby", status: "handled" });
    expect(both.seen).toHaveLength(ROWS / 30);
    const byMail = await walk({ q: "person1234@" });
    expect(byMail.seen.map((i) => i.name)).toEqual(["Person 1234"]);
    // What tsquery would read as operators is only text here.
    expect((await page({ q: "park & | ! ( ' :*" })).statusCode).toBe(200);
  });

  it("filters by days, the last one included", async () => {
    const { seen } = await walk({ from: "2025-01-02", to: "2025-01-03" });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((i) => i.createdAt >= "2025-01-02" && i.createdAt < "2025-01-04")).toBe(true);
  });

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
    expect((await page({ from: "January" })).statusCode).toBe(400);
  });
});
