import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertsApi } from "#domain/api/alerts";
import { privacyApi } from "#domain/api/privacy";
import { type PersonData, privacyMessages } from "#domain/privacy";
import {
  adverseActionNotices,
  applicants,
  applications,
  auditEvents,
  inquiries,
  maintenanceRequests,
  notificationEvents,
  showings,
  tenantFiles,
  users,
  waitlistEntries,
} from "#server/db/schema";
import { maintenanceNoticeUrl } from "#server/modules/maintenance";
import { tenantFileKey } from "#server/storage/keys";
import { createObjectStore, type ObjectStore } from "#server/storage/storage";
import { readObject } from "#server/storage/storage.test-helpers";
import { loginAs } from "#tests/support/auth";
import { call } from "#tests/support/call";
import { insertProperty, insertUnit } from "#tests/support/fixtures";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import { exportPages, personRows } from "./person-data.repository";

let database: TestDatabase;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof loginAs>>;
let store: ObjectStore;

beforeAll(async () => {
  database = await createTestDb();
  testApp = await createTestApp(database);
  admin = await loginAs(testApp.app, database.db, "admin");
  store = createObjectStore(testApp.config);
});

afterAll(async () => {
  await testApp.close();
  await database.drop();
});

const lookup = (email: string) =>
  call(testApp.app, privacyApi.lookup, { headers: admin.headers, payload: { email } });

async function inquiryFrom(email: string, message: string) {
  await database.db
    .insert(inquiries)
    .values({ name: "Rosa Díaz", email, phone: "8605550100", message });
}

async function documentFrom(email: string, tenantId: string | null, content: string) {
  const filename = `${randomUUID()}.pdf`;
  await store.put(tenantFileKey(filename), Buffer.from(content), {
    contentType: "application/pdf",
  });
  await database.db.insert(tenantFiles).values({
    tenantId,
    tenantName: "Rosa Díaz",
    tenantEmail: email,
    category: "lease",
    filename,
    originalName: "pay-stub.pdf",
    size: content.length,
    mime: "application/pdf",
  });
  return filename;
}

/** Every row of every table whose text names the address (audit events apart). */
async function rowsNaming(email: string): Promise<string[]> {
  const tables = await database.db.execute<{ name: string }>(sql`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'`);
  const found: string[] = [];
  for (const { name } of tables.rows) {
    const rows = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(name)} t
          where strpos(lower(t::text), ${email}) > 0`,
    );
    if ((rows.rows[0]?.n ?? 0) > 0) found.push(name);
  }
  return found;
}

describe("a person's data on request", () => {
  it("finds, exports and erases everything held about a visitor's address", async () => {
    const email = "rosa@example.com";
    await inquiryFrom("Rosa@Example.com", "Is the two-bedroom on Elm Street still free?");
    await inquiryFrom(email, "Can I see it on Saturday?");
    const alert = await call(testApp.app, alertsApi.subscribe, {
      payload: { email: "rosa+homes@example.com", criteria: {}, frequency: "daily" },
    });
    expect(alert.statusCode).toBe(202);
    await testApp.outbox();
    const filename = await documentFrom(email, null, "%PDF-1.4 pay stub");

    const found = await lookup(email);
    expect(found.statusCode, found.body).toBe(200);
    const data = found.json() as PersonData;
    expect(data.held.inquiries.count).toBe(2);
    expect(data.held.inquiries.newest.map((item) => item.text)).toEqual([
      "Can I see it on Saturday?",
      "Is the two-bedroom on Elm Street still free?",
    ]);
    expect(data.held.alerts.count).toBe(1);
    expect(data.held.documents).toMatchObject({ count: 1, newest: [{ text: "pay-stub.pdf" }] });
    // The alert's confirmation, sent to the plus-tagged address: the same mailbox.
    expect(data.held.mails.count).toBe(1);
    expect(data.held.account.count).toBe(0);
    expect(data.kept).toEqual([]);

    const exported = await call(testApp.app, privacyApi.exportData, {
      headers: admin.headers,
      payload: { email },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-disposition"]).toMatch(
      /^attachment; filename="personal-data-/,
    );
    const file = JSON.parse(exported.body);
    expect(file.inquiries.map((row: { message: string }) => row.message)).toHaveLength(2);
    expect(file.alerts[0]).toMatchObject({ email: "rosa+homes@example.com", status: "pending" });
    expect(Buffer.from(file.documents[0].content, "base64").toString()).toBe("%PDF-1.4 pay stub");
    // The export is streamed; its audit event is written before the first byte, not after the
    // last (once written after, it raced whatever the reader did next, an erasure included).
    const exportEvents = await database.db
      .select({ detail: auditEvents.detail })
      .from(auditEvents)
      .where(sql`${auditEvents.action} = 'privacy.exported'`);
    expect(exportEvents.map((event) => event.detail)).toEqual([{ email }]);

    // A slip of the finger erases nobody.
    const mistyped = await call(testApp.app, privacyApi.erase, {
      headers: admin.headers,
      payload: { email, confirmEmail: "rosa@example.co" },
    });
    expect(mistyped.statusCode).toBe(400);
    expect(mistyped.body).toContain(privacyMessages.confirmMismatch);
    expect((await lookup(email)).json().held.inquiries.count).toBe(2);

    const erased = await call(testApp.app, privacyApi.erase, {
      headers: admin.headers,
      payload: { email, confirmEmail: email },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json(), erased.body).toMatchObject({
      message: privacyMessages.erased,
      removed: { inquiries: 2, alerts: 1, documents: 1, mails: 1 },
      kept: [],
    });
    expect(await readObject(store, tenantFileKey(filename))).toBeNull();

    // Afterwards the address is nowhere but in the trail's record of the erasure.
    expect(await rowsNaming(email)).toEqual(["audit_events"]);
    const naming = await database.db
      .select({ action: auditEvents.action, detail: auditEvents.detail })
      .from(auditEvents)
      .where(sql`strpos(lower(${auditEvents.detail}::text), ${email}) > 0`);
    expect(naming.map((event) => event.action)).toEqual(["privacy.erased"]);
    expect(naming[0]!.detail).toMatchObject({
      email,
      removed: { inquiries: 2, alerts: 1, documents: 1 },
    });
    expect(JSON.stringify(naming[0]!.detail)).not.toContain("Saturday");
    // The looking up and the export were recorded, and the address taken out of them.
    const earlier = await database.db
      .select({ action: auditEvents.action, detail: auditEvents.detail })
      .from(auditEvents)
      .where(sql`${auditEvents.action} in ('privacy.looked_up', 'privacy.exported')`);
    expect(earlier.map((event) => event.detail)).toContainEqual({ email: "[erased]" });
  });

  it("keeps an active tenant's account and documents, with the reason, and erases the rest", async () => {
    const tenant = await loginAs(testApp.app, database.db, "tenant");
    const email = tenant.email;
    await inquiryFrom(email, "A question before I moved in");
    await documentFrom(email, tenant.uid, "%PDF-1.4 lease");
    const found = (await lookup(email)).json() as PersonData;
    expect(found.held.account.count).toBe(1);
    expect(found.kept.map((k) => k.kind)).toEqual([
      "account",
      "documents",
      "documentRequests",
      "maintenance",
      "auditEntries",
    ]);
    expect(found.kept[0]!.reason).toBe(privacyMessages.keptTenancy);

    const erased = await call(testApp.app, privacyApi.erase, {
      headers: admin.headers,
      payload: { email, confirmEmail: email },
    });
    expect(erased.json()).toMatchObject({ removed: { inquiries: 1, documents: 0, account: 0 } });
    const [account] = await database.db.select().from(users).where(eq(users.id, tenant.uid));
    expect(account).toBeDefined();
    expect((await lookup(email)).json().held.documents.count).toBe(1);
  });

  it("erases a former tenant's maintenance requests with the office's notices of them", async () => {
    const [former] = await database.db
      .insert(users)
      .values({
        email: "former@example.com",
        displayName: "Fran Former",
        role: "tenant",
        passwordHash: "",
        accessEndedAt: new Date(),
      })
      .returning({ id: users.id });
    const [request] = await database.db
      .insert(maintenanceRequests)
      .values({
        tenantId: former!.id,
        tenantName: "Fran Former",
        tenantEmail: "former@example.com",
        title: "Leak",
        description: "Under the sink",
        category: "plumbing",
        urgency: "routine",
        permissionToEnter: true,
      })
      .returning({ id: maintenanceRequests.id });
    await database.db.insert(notificationEvents).values({
      userId: admin.uid,
      title: "New maintenance request: Leak",
      message: "Fran Former, Elm Court unit 2",
      type: "info",
      category: "maintenance",
      priority: "medium",
      actionUrl: maintenanceNoticeUrl(request!.id),
    });
    const erased = await call(testApp.app, privacyApi.erase, {
      headers: admin.headers,
      payload: { email: "former@example.com", confirmEmail: "former@example.com" },
    });
    expect(erased.json()).toMatchObject({ removed: { maintenance: 1, account: 1 }, kept: [] });
    const notices = await database.db
      .select()
      .from(notificationEvents)
      .where(sql`${notificationEvents.message} like 'Fran Former%'`);
    expect(notices).toEqual([]);
  });

  it("finds, exports and erases a renter's showings", async () => {
    const email = "shows@example.com";
    const building = await insertProperty(database.db);
    const home = await insertUnit(database.db, building.id);
    await database.db.insert(showings).values({
      unitId: home.id,
      startsAt: new Date("2027-06-05T14:00:00Z"),
      endsAt: new Date("2027-06-05T14:30:00Z"),
      status: "booked",
      name: "Sam Shows",
      email,
      phone: "8605550100",
      note: "With my dog",
      tokenHash: "shows-token",
    });
    const found = (await lookup(email)).json() as PersonData;
    expect(found.held.showings).toMatchObject({
      count: 1,
      newest: [{ text: "Showing 2027-06-05 14:00 UTC: booked" }],
    });
    const exported = await call(testApp.app, privacyApi.exportData, {
      headers: admin.headers,
      payload: { email },
    });
    expect(JSON.parse(exported.body).showings).toEqual([
      expect.objectContaining({ name: "Sam Shows", note: "With my dog", status: "booked" }),
    ]);
    const erased = await call(testApp.app, privacyApi.erase, {
      headers: admin.headers,
      payload: { email, confirmEmail: email },
    });
    expect(erased.json()).toMatchObject({ removed: { showings: 1 } });
    expect(await rowsNaming(email)).toEqual(["audit_events"]);
  });

  it("finds, exports and erases a renter's applications, but keeps a decided one", async () => {
    const email = "applies@example.com";
    const application = async (status: "submitted" | "denied", place: string) => {
      const [row] = await database.db
        .insert(applications)
        .values({ place, status, household: { children: 1 } })
        .returning({ id: applications.id });
      const [part] = await database.db
        .insert(applicants)
        .values({
          applicationId: row!.id,
          primary: true,
          name: "Ada Applies",
          email,
          tokenHash: `${place}-token`,
          linkExpiresAt: new Date(),
          part: {
            phone: "8605550100",
            income: [{ source: "housing_voucher", monthlyAmount: 900 }],
          },
        })
        .returning({ id: applicants.id });
      return { id: row!.id, applicant: part!.id };
    };
    const open = await application("submitted", "Open Court, unit 1");
    const decided = await application("denied", "Decided Court, unit 2");
    await database.db.insert(adverseActionNotices).values({
      applicationId: decided.id,
      applicantId: decided.applicant,
      facts: { agencyName: "Keystone", agencyAddress: "PO Box 1", agencyPhone: "8005550100" },
      lang: "en",
      body: "Notice of adverse action",
    });
    const found = (await lookup(email)).json() as PersonData;
    expect(found.held.applications.count).toBe(2);
    expect(found.kept).toEqual([
      { kind: "applications", reason: privacyMessages.keptApplications },
    ]);
    const exported = JSON.parse(
      (
        await call(testApp.app, privacyApi.exportData, {
          headers: admin.headers,
          payload: { email },
        })
      ).body,
    );
    expect(exported.applications).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          place: "Decided Court, unit 2",
          household: { children: 1 },
          answers: expect.objectContaining({ phone: "8605550100" }),
          notices: [expect.objectContaining({ body: "Notice of adverse action" })],
        }),
        expect.objectContaining({ place: "Open Court, unit 1", status: "submitted" }),
      ]),
    );
    const erased = await call(testApp.app, privacyApi.erase, {
      headers: admin.headers,
      payload: { email, confirmEmail: email },
    });
    expect(erased.json()).toMatchObject({ removed: { applications: 1 } });
    const left = await database.db.select({ id: applications.id }).from(applications);
    expect(left.map((row) => row.id)).toContain(decided.id);
    expect(left.map((row) => row.id)).not.toContain(open.id);
  });

  it("finds, exports and erases a renter's places on waiting lists", async () => {
    const email = "waits@example.com";
    const building = await insertProperty(database.db, { title: "Waiting Court" });
    await database.db.insert(waitlistEntries).values({
      propertyId: building.id,
      bedrooms: 2,
      name: "Wanda Waits",
      email,
      status: "waiting",
      rank: 1,
      tokenHash: "waits-token",
    });
    const found = (await lookup(email)).json() as PersonData;
    expect(found.held.waitlists).toMatchObject({
      count: 1,
      newest: [{ text: "Waiting list of Waiting Court, 2 bedrooms: waiting" }],
    });
    const exported = JSON.parse(
      (
        await call(testApp.app, privacyApi.exportData, {
          headers: admin.headers,
          payload: { email },
        })
      ).body,
    );
    expect(exported.waitlists).toEqual([
      expect.objectContaining({ building: "Waiting Court", name: "Wanda Waits", bedrooms: 2 }),
    ]);
    const erased = await call(testApp.app, privacyApi.erase, {
      headers: admin.headers,
      payload: { email, confirmEmail: email },
    });
    expect(erased.json()).toMatchObject({ removed: { waitlists: 1 } });
    expect(await rowsNaming(email)).toEqual(["audit_events"]);
  });

  it("pages the export's rows along their ids, each page after the last", async () => {
    const email = "pages@example.com";
    for (let i = 0; i < 5; i++) await inquiryFrom(email, `Message ${i}`);
    const where = personRows(email, null).inquiries;
    const seen: string[] = [];
    for (let after: string | null = null; ; ) {
      const rows = await exportPages.inquiries(database.db, where, after, 2);
      seen.push(...rows.map((row) => row.message));
      if (rows.length < 2) break;
      after = rows.at(-1)!.key;
    }
    expect(seen).toEqual([0, 1, 2, 3, 4].map((i) => `Message ${i}`));
  });

  it("refuses anyone but staff, and a bad address with the form's message", async () => {
    const tenant = await loginAs(testApp.app, database.db, "tenant");
    const asTenant = await call(testApp.app, privacyApi.lookup, {
      headers: tenant.headers,
      payload: { email: tenant.email },
    });
    expect(asTenant.statusCode).toBe(403);
    const anonymous = await call(testApp.app, privacyApi.erase, {
      payload: { email: "a@example.com", confirmEmail: "a@example.com" },
    });
    expect(anonymous.statusCode).toBe(401);
    const bad = await lookup("not an address");
    expect(bad.statusCode).toBe(400);
  });
});
