import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tenantFilesApi } from "#domain/api/tenant-files";
import {
  filesMessages,
  TENANT_FILES_PER_REQUEST_MAX,
  TENANT_MAX_FILES,
  TENANT_MAX_MB,
  UPLOAD_LINK_MAX_FILES,
} from "#domain/tenant-files";
import { tenantFiles, users } from "#server/db/schema";
import { loginAs } from "#tests/support/auth";
import { insertProperty } from "#tests/support/fixtures";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import {
  type FormPart,
  filesIn,
  requestUploadLink,
  samples,
  sendForm,
  tenantFilesDir,
} from "./tenant-files.test-helpers";

/**
 * What an upload link and a tenant's account may hold in all is a limit, not a hope: requests
 * that arrive together are counted one after the other, and a refused batch leaves nothing.
 */

let database: TestDatabase;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof loginAs>>;
let buildingId: number;
let filesDir: string;
/** The advisory lock every insert of files waits on while a test holds it (see allAtOnce). */
const GATE = 4242;

beforeAll(async () => {
  database = await createTestDb();
  testApp = await createTestApp(database, { env: { AUTH_ATTEMPTS_PER_MINUTE: "1000" } });
  filesDir = tenantFilesDir(testApp.dataDir);
  admin = await loginAs(testApp.app, database.db, "admin");
  buildingId = (await insertProperty(database.db)).id;
  await database.pool.query(`
    create function tenant_files_gate() returns trigger language plpgsql as $$
      begin perform pg_advisory_xact_lock_shared(${GATE}); return null; end $$;
    create trigger tenant_files_gate before insert on tenant_files
      for each statement execute function tenant_files_gate();
  `);
});

afterAll(async () => {
  await testApp.close();
  await database.drop();
});

const pdfs = (field: string, count: number): FormPart[] =>
  Array.from({ length: count }, (_, i) => ({
    name: field,
    filename: `page-${i}.pdf`,
    content: samples.pdf(),
  }));

/** Every stored object has its row (seeded rows have no bytes): a refused batch left nothing. */
async function expectNoOrphans() {
  const rows = await database.db.select({ filename: tenantFiles.filename }).from(tenantFiles);
  const uploaded = rows.map((r) => r.filename).filter((name) => !name.startsWith("seeded-"));
  expect(await filesIn(filesDir)).toEqual(uploaded.sort());
}

/** Rows put straight in the table (no bytes), as if the tenant had uploaded them earlier. */
async function seedTenantFiles(tenantId: string, count: number, size = 100) {
  await database.db.insert(tenantFiles).values(
    Array.from({ length: count }, () => ({
      tenantId,
      tenantName: "Seeded",
      tenantEmail: "seeded@example.com",
      category: "other" as const,
      filename: `seeded-${randomUUID()}`,
      originalName: "earlier.pdf",
      size,
      mime: "application/pdf",
    })),
  );
}

async function signedInTenant() {
  const signedIn = await loginAs(testApp.app, database.db, "tenant");
  const [user] = await database.db.select().from(users).where(eq(users.email, signedIn.email));
  return { ...signedIn, id: user!.id };
}

/**
 * Sends the requests together and holds every insert of files at the gate until all of them are
 * waiting in the database: each at the gate with its count made (a check-then-insert race, every
 * time), or behind the one that holds the lock on what they all add to. On its own connection,
 * since the app's pool is exactly as large as the number of requests.
 */
async function allAtOnce<T>(requests: (() => Promise<T>)[]): Promise<T[]> {
  const gate = new pg.Client({ connectionString: database.url });
  await gate.connect();
  try {
    await gate.query("select pg_advisory_lock($1)", [GATE]);
    const answers = Promise.all(requests.map((send) => send()));
    const waiting = async () => {
      const { rows } = await gate.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
      );
      return rows[0]!.n;
    };
    for (let tries = 0; (await waiting()) < requests.length; tries++) {
      if (tries > 500) throw new Error("the requests never all reached the database");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await gate.query("select pg_advisory_unlock($1)", [GATE]);
    return await answers;
  } finally {
    await gate.end();
  }
}

const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode).sort();

describe("an upload link's total", () => {
  it("stores exactly as many files as the link takes when ten requests of 20 arrive at once", async () => {
    const { requestId, token } = await requestUploadLink(testApp, admin, buildingId);
    const upload = (parts: FormPart[]) =>
      sendForm(testApp.app, tenantFilesApi.uploadThroughRequest, parts, { params: { token } });
    // 10 already received: two batches of 20 make exactly 50, whichever two arrive first.
    expect((await upload(pdfs("files", 10))).statusCode).toBe(201);

    const responses = await allAtOnce(
      Array.from({ length: 10 }, () => () => upload(pdfs("files", TENANT_FILES_PER_REQUEST_MAX))),
    );

    expect(statuses(responses)).toEqual([201, 201, 413, 413, 413, 413, 413, 413, 413, 413]);
    for (const refused of responses.filter((r) => r.statusCode === 413)) {
      expect(refused.json().message).toBe(filesMessages.linkFull);
    }
    const rows = await database.db
      .select()
      .from(tenantFiles)
      .where(eq(tenantFiles.requestId, requestId));
    expect(rows).toHaveLength(UPLOAD_LINK_MAX_FILES);
    await expectNoOrphans();
  });
});

describe("a tenant's running total", () => {
  const uploadAs = (headers: Record<string, string>, parts: FormPart[]) =>
    sendForm(testApp.app, tenantFilesApi.tenantUpload, parts, { headers });

  it(`stores at most ${TENANT_MAX_FILES} files of one tenant, however the requests arrive`, async () => {
    const tenant = await signedInTenant();
    await seedTenantFiles(tenant.id, TENANT_MAX_FILES - 40);

    const responses = await allAtOnce(
      Array.from(
        { length: 10 },
        () => () => uploadAs(tenant.headers, pdfs("file", TENANT_FILES_PER_REQUEST_MAX)),
      ),
    );

    expect(statuses(responses)).toEqual([201, 201, 413, 413, 413, 413, 413, 413, 413, 413]);
    for (const refused of responses.filter((r) => r.statusCode === 413)) {
      expect(refused.json().message).toBe(filesMessages.tenantFull);
    }
    const rows = await database.db
      .select()
      .from(tenantFiles)
      .where(eq(tenantFiles.tenantId, tenant.id));
    expect(rows).toHaveLength(TENANT_MAX_FILES);
    await expectNoOrphans();

    // Full: the next file is refused before it is stored.
    const before = await filesIn(filesDir);
    const next = await uploadAs(tenant.headers, pdfs("file", 1));
    expect(next.statusCode).toBe(413);
    expect(next.json().message).toBe(filesMessages.tenantFull);
    expect(await filesIn(filesDir)).toEqual(before);
  });

  it(`refuses a file that would take a tenant past ${TENANT_MAX_MB} MB, and keeps nothing of it`, async () => {
    const tenant = await signedInTenant();
    const room = samples.pdf().length - 1;
    await seedTenantFiles(tenant.id, 1, TENANT_MAX_MB * 1024 * 1024 - room);
    const before = await filesIn(filesDir);

    const refused = await uploadAs(tenant.headers, pdfs("file", 1));
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toBe(filesMessages.tenantFull);
    expect(await filesIn(filesDir)).toEqual(before);

    // Another tenant's total is their own.
    const other = await signedInTenant();
    expect((await uploadAs(other.headers, pdfs("file", 1))).statusCode).toBe(201);
  });
});
