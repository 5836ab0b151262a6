import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertsApi } from "#domain/api/alerts";
import { applicationsApi } from "#domain/api/applications";
import { inquiriesApi } from "#domain/api/inquiries";
import { listingsApi } from "#domain/api/listings";
import { tenantFilesApi } from "#domain/api/tenant-files";
import { createManageTokens } from "#server/modules/alerts";
import { loadJwtSecret } from "#server/modules/auth";
import { sweepOrphans } from "#server/storage/orphan-sweep";
import { createObjectStore, type ObjectStore } from "#server/storage/storage";
import { loginAs } from "#tests/support/auth";
import { call } from "#tests/support/call";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import {
  describeScaleLoad,
  loadScaleSeed,
  type ScaleSeedResult,
  scaleFactorOf,
} from "./scale-seed";
import { scaledSizes } from "./scale-sizes";

/** About five thousand rows in all: every table, every kind of row, in a couple of seconds. */
const FACTOR = 0.003;
const sizes = scaledSizes(FACTOR);

let database: TestDatabase;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let store: ObjectStore;
let result: ScaleSeedResult;

async function load(): Promise<ScaleSeedResult> {
  const client = await database.pool.connect();
  try {
    return await loadScaleSeed(
      { client, store, secret: await loadJwtSecret(testApp.config) },
      { factor: FACTOR },
    );
  } finally {
    client.release();
  }
}

const count = async (sql: string) =>
  Number((await database.pool.query<{ n: string }>(sql)).rows[0]!.n);

beforeAll(async () => {
  database = await createTestDb();
  testApp = await createTestApp(database, { env: { AUTH_ATTEMPTS_PER_MINUTE: "1000" } });
  store = createObjectStore(testApp.config);
  result = await load();
});

afterAll(async () => {
  await store.close();
  await testApp.close();
  await database.drop();
});

describe("the scale seed", () => {
  it("writes the sizes asked for, and the tables hold them", () => {
    if (!result.loaded) throw new Error(result.reason);
    const { written, tables } = result;
    expect(written).toMatchObject({
      properties: sizes.buildings,
      units: sizes.units,
      users: sizes.tenants,
      inquiries: sizes.inquiries,
      maintenance_requests: sizes.maintenanceRequests,
      maintenance_comments: sizes.maintenanceComments,
      document_requests: sizes.documentRequests,
      tenant_files: sizes.tenantFiles,
      alert_subscriptions: sizes.alertSubscriptions,
      audit_events: sizes.auditEvents,
      outgoing_mail: sizes.outgoingMail,
      showings: sizes.showings,
      applications: sizes.applications,
    });
    // Two in five applications have a second adult.
    expect(written.applicants! / sizes.applications).toBeGreaterThan(1.2);
    expect(written.applicants! / sizes.applications).toBeLessThan(1.6);
    // The test database starts empty: every row is the load's, and every one of them went in
    // past the tables' CHECK constraints and foreign keys.
    expect(tables).toEqual(written);
    expect(describeScaleLoad(result)).toContain(`inquiries`);
  });

  it("makes rows that agree with each other", async () => {
    // Tenants live in rented units, one to a unit, and file requests only since their invitation.
    expect(
      await count(
        "select count(*) as n from users u join units x on x.id = u.unit_id where x.available",
      ),
    ).toBe(0);
    expect(await count("select count(distinct unit_id) as n from users")).toBe(sizes.tenants);
    expect(
      await count(
        "select count(*) as n from maintenance_requests r join users u on u.id = r.tenant_id where r.created_at < u.invited_at",
      ),
    ).toBe(0);
    // A few percent of inquiries wait for the office; tour requests name their unit's building.
    const open = await count("select count(*) as n from inquiries where handled_at is null");
    expect(open / sizes.inquiries).toBeGreaterThan(0.01);
    expect(open / sizes.inquiries).toBeLessThan(0.08);
    expect(
      await count(
        "select count(*) as n from inquiries i join units u on u.id = i.unit_id where u.property_id <> i.property_id",
      ),
    ).toBe(0);
    // Showings that hold their time are ahead, one a unit; requests waiting were made today.
    expect(
      await count(
        "select count(*) as n from showings where status in ('requested', 'booked') and starts_at < now()",
      ),
    ).toBe(0);
    expect(
      await count(
        "select count(*) as n from showings where status = 'requested' and created_at < now() - interval '1 day'",
      ),
    ).toBe(0);
    // Their ids are version 4 uuids, as the office's calendar answers them (a check it makes).
    expect(
      await count(
        "select count(*) as n from showings where id::text !~ '^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-'",
      ),
    ).toBe(0);
    // The units' ids are the identity's: the next building staff add gets the next id.
    const next = await database.pool.query<{ id: number }>(
      "insert into properties (title, type, address, city, state, zip_code) values ('New', 'condo', '1 Main Street', 'Hartford', 'CT', '06103') returning id",
    );
    expect(next.rows[0]!.id).toBe(sizes.buildings + 1);
    await database.pool.query("delete from properties where id = $1", [next.rows[0]!.id]);
  });

  it("refuses a second load into the same database", async () => {
    const again = await load();
    expect(again).toEqual({
      loaded: false,
      reason: "This database already holds the scale data set: it is not loaded twice.",
    });
    expect(await count("select count(*) as n from inquiries")).toBe(sizes.inquiries);
  });

  it("names a file on disk for every document row, which the orphan sweep leaves alone", async () => {
    const folder = path.join(testApp.dataDir, "tenant-files");
    const files = await readdir(folder);
    expect(files).toHaveLength(sizes.tenantFiles);
    // A few samples' bytes, linked under every row's name.
    const inodes = new Set(
      await Promise.all(files.map(async (name) => (await stat(path.join(folder, name))).ino)),
    );
    expect(inodes.size).toBeLessThanOrEqual(8);
    const report = await sweepOrphans({ db: database.db, store, minAgeMs: 0 });
    expect(report).toEqual({ removed: [], missing: [] });
  });

  it("lets the office download a document row's file", async () => {
    const admin = await loginAs(testApp.app, database.db, "admin");
    const {
      rows: [row],
    } = await database.pool.query<{ id: string; filename: string; size: number }>(
      "select id, filename, size from tenant_files order by uploaded_at desc limit 1",
    );
    const link = await call(testApp.app, tenantFilesApi.downloadLink, {
      params: { id: row!.id },
      headers: admin.headers,
    });
    expect(link.statusCode).toBe(200);
    const token = (link.json() as { downloadUrl: string }).downloadUrl.split("/").pop()!;
    const download = await call(testApp.app, tenantFilesApi.download, { params: { token } });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toHaveLength(row!.size);
    expect(
      download.rawPayload.equals(
        await readFile(path.join(testApp.dataDir, "tenant-files", row!.filename)),
      ),
    ).toBe(true);
  });

  it("leaves the alert runner nothing to send: confirmed alerts know what is listed", async () => {
    if (!result.loaded) throw new Error(result.reason);
    const pass = await testApp.app.alertRunner.runOnce();
    expect(pass).toEqual({ matched: 0, sent: 0, summarized: 0 });
    expect(await count("select count(*) as n from alert_deliveries")).toBe(
      result.written.alert_deliveries,
    );
    expect(await testApp.outbox()).toEqual([]);
  });

  it("gives every alert a manage link that works, as its e-mails would carry it", async () => {
    const manageToken = createManageTokens(await loadJwtSecret(testApp.config));
    const { rows } = await database.pool.query<{ id: string; email: string }>(
      "select id, email from alert_subscriptions order by created_at desc limit 3",
    );
    for (const row of rows) {
      const response = await call(testApp.app, alertsApi.manage, {
        params: { token: manageToken(row.id) },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ email: row.email });
    }
  });

  it("is what the public building list and the office's inquiries list answer", async () => {
    // Every answer is checked against its contract (test-app.ts): the rows fit the API's schemas.
    const buildings = await call(testApp.app, listingsApi.listBuildings);
    expect(buildings.statusCode).toBe(200);
    expect((buildings.json() as unknown[]).length).toBeGreaterThan(0);
    const admin = await loginAs(testApp.app, database.db, "admin");
    const list = await call(testApp.app, inquiriesApi.list, { headers: admin.headers });
    expect(list.statusCode).toBe(200);
    expect((list.json() as { unhandled: number }).unhandled).toBe(
      await count("select count(*) as n from inquiries where handled_at is null"),
    );
    // The applications too: the list, and a denied one whole with the notice it sent.
    const applications = await call(testApp.app, applicationsApi.list, { headers: admin.headers });
    expect(applications.statusCode).toBe(200);
    expect((applications.json() as { waiting: number }).waiting).toBe(
      await count("select count(*) as n from applications where status = 'submitted'"),
    );
    const { rows } = await database.pool.query<{ id: string }>(
      "select application_id as id from adverse_action_notices limit 1",
    );
    if (rows[0]) {
      const denied = await call(testApp.app, applicationsApi.get, {
        headers: admin.headers,
        params: { id: rows[0].id },
      });
      expect(denied.statusCode).toBe(200);
      expect(denied.json()).toMatchObject({
        status: "denied",
        notices: [{ agencyName: "Keystone Tenant Screening" }],
      });
    }
  });
});

describe("the seed's command line", () => {
  it("reads --scale alone as the whole size, --scale=0.01 as a part, nothing as none", () => {
    expect(scaleFactorOf([])).toBeUndefined();
    expect(scaleFactorOf(["--scale"])).toBe(1);
    expect(scaleFactorOf(["--scale=0.01"])).toBe(0.01);
    expect(() => scaleFactorOf(["--scale=none"])).toThrow(/scale factor/);
    expect(() => scaleFactorOf(["--sacle"])).toThrow(/unknown argument/);
  });
});
