import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_LIMIT_MAX } from "#domain/api/paging";
import { tenantFilesApi } from "#domain/api/tenant-files";
import type { TenantFile } from "#domain/tenant-files";
import { loginAs } from "#tests/support/auth";
import { call } from "#tests/support/call";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";

/** 3,000 files inserted with SQL: many share a second, so the id breaks the ties. */
const ROWS = 3000;

let database: TestDatabase;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof loginAs>>;

beforeAll(async () => {
  database = await createTestDb();
  testApp = await createTestApp(database);
  admin = await loginAs(testApp.app, database.db, "admin");
  await database.db.execute(sql`
    insert into tenant_files
      (tenant_name, tenant_email, category, filename, original_name, size, mime, uploaded_at)
    select
      case when n % 3 = 0 then 'Ana Ruiz' else 'Tom Lee' end,
      case when n % 3 = 0 then 'ana@example.com' else 'tom@example.com' end,
      (array['maintenance', 'lease', 'property', 'other'])[n % 4 + 1],
      gen_random_uuid()::text, 'file-' || n || '.pdf', 1000, 'application/pdf',
      timestamptz '2026-01-01' - (n / 7) * interval '1 second' - (n % 7) * interval '1 microsecond'
    from generate_series(1, ${ROWS}) as n`);
}, 60_000);

afterAll(async () => {
  await testApp.close();
  await database.drop();
});

async function page(query: Record<string, string>) {
  const response = await call(testApp.app, tenantFilesApi.list, { query, headers: admin.headers });
  expect(response.statusCode).toBe(200);
  return response.json() as { files: TenantFile[]; nextCursor: string | null };
}

async function walk(query: Record<string, string>): Promise<TenantFile[]> {
  const seen: TenantFile[] = [];
  let cursor: string | null = null;
  do {
    const next = await page({ ...query, limit: String(PAGE_LIMIT_MAX), ...(cursor && { cursor }) });
    seen.push(...next.files);
    cursor = next.nextCursor;
  } while (cursor);
  return seen;
}

const newestFirst = (files: TenantFile[]) =>
  files.every((file, i) => i === 0 || files[i - 1]!.uploadDate >= file.uploadDate);

describe("the Files tab's pages", () => {
  it("answers 50 by default, then walks every file exactly once, newest first", async () => {
    const first = await page({});
    expect(first.files).toHaveLength(50);
    expect(first.nextCursor).not.toBeNull();
    const all = await walk({});
    expect(all).toHaveLength(ROWS);
    expect(new Set(all.map((file) => file.id)).size).toBe(ROWS);
    expect(newestFirst(all)).toBe(true);
  });

  it("keeps the category and the tenant search across pages", async () => {
    const lease = await walk({ category: "lease" });
    expect(lease).toHaveLength(ROWS / 4);
    expect(lease.every((file) => file.category === "lease")).toBe(true);
    const ana = await walk({ tenant: "ANA@" });
    expect(ana).toHaveLength(ROWS / 3);
    expect(ana.every((file) => file.tenant.name === "Ana Ruiz")).toBe(true);
    expect(newestFirst(ana)).toBe(true);
  });

  it("refuses a forged cursor and a limit over the maximum with 400", async () => {
    const forged = Buffer.from(JSON.stringify(["x", "y"])).toString("base64url");
    for (const query of [
      { cursor: forged },
      { cursor: "!!" },
      { limit: String(PAGE_LIMIT_MAX + 1) },
    ]) {
      const response = await call(testApp.app, tenantFilesApi.list, {
        query,
        headers: admin.headers,
      });
      expect(response.statusCode).toBe(400);
    }
  });
});
