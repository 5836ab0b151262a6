import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inquiriesApi } from "#domain/api/inquiries";
import { composeInquiryMessage, contactMessages } from "#domain/inquiries";
import { site } from "#domain/site";
import { inquiries } from "#server/db/schema";
import { call } from "#tests/support/call";
import { insertProperty, insertUnit } from "#tests/support/fixtures";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";

let database: TestDatabase;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
const ids = {} as Record<string, number>;

const valid = {
  name: "Dana Renter",
  email: "dana@example.com",
  phone: "(860) 555-0199",
  message: composeInquiryMessage("Parking", "Is there a parking space with the unit?"),
  propertyId: null,
};

beforeAll(async () => {
  database = await createTestDb();
  testApp = await createTestApp(database);
  const building = await insertProperty(database.db, { title: "Riverside Flats" });
  ids.building = building.id;
  ids.unit = (await insertUnit(database.db, building.id, { unitNumber: "4C" })).id;
  ids.hidden = (await insertProperty(database.db, { active: false })).id;
});

afterAll(async () => {
  await testApp.close();
  await database.drop();
});

const post = (payload: unknown, app = testApp.app) =>
  call(app, inquiriesApi.send, { payload: payload as object });

describe(`${inquiriesApi.send.method} ${inquiriesApi.send.path}`, () => {
  it("stores a contact message with its subject and mails the office", async () => {
    const response = await post(valid);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ success: true, message: contactMessages.sentDefault });
    const rows = await database.db.select().from(inquiries);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Dana Renter",
      email: "dana@example.com",
      subject: "Parking",
      message: "Is there a parking space with the unit?",
      propertyId: null,
      handledAt: null,
    });
    const [mail] = await testApp.outbox();
    expect(mail).toMatchObject({ to: site.email, replyTo: "dana@example.com" });
    expect(mail!.subject).toContain("Parking");
    expect(mail!.text).toContain("Is there a parking space with the unit?");
  });

  it("links a tour request to its unit and building", async () => {
    const response = await post({ ...valid, propertyId: ids.building, unitId: ids.unit });
    expect(response.statusCode).toBe(201);
    const mails = await testApp.outbox();
    expect(mails.at(-1)!.text).toContain("About: Riverside Flats, Unit 4C.");
    expect(mails.at(-1)!.text).toContain(`/properties/${ids.unit}`);
  });

  it("keeps the inquiry when the mail transport throws", async () => {
    const broken = await createTestApp(database, {
      env: { MAIL_RETRY_LIMIT: "0" },
      mailer: {
        send: async () => {
          throw new Error("SMTP is down");
        },
        close: async () => {},
      },
    });
    const before = (await database.db.select().from(inquiries)).length;
    const response = await post({ ...valid, name: "Mail Down" }, broken.app);
    expect(response.statusCode).toBe(201);
    const rows = await database.db.select().from(inquiries);
    expect(rows).toHaveLength(before + 1);
    expect(rows.some((r) => r.name === "Mail Down")).toBe(true);
    await broken.close();
  });

  it.each([
    [{ name: "D" }, "name", contactMessages.name],
    [{ email: "not-an-email" }, "email", contactMessages.email],
    [{ phone: "555" }, "phone", contactMessages.phone],
    [{ message: "short" }, "message", contactMessages.message],
  ])("refuses %j with the form's message and stores nothing", async (change, path, msg) => {
    const fresh = await createTestApp(database);
    const before = (await database.db.select().from(inquiries)).length;
    const response = await post({ ...valid, ...change }, fresh.app);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual({ path, msg });
    expect(await database.db.select().from(inquiries)).toHaveLength(before);
    await fresh.close();
  });

  it.each([
    ["an unknown building", { propertyId: 999999 }, "propertyId"],
    ["an inactive building", () => ({ propertyId: ids.hidden }), "propertyId"],
    ["a unit of another building", () => ({ propertyId: ids.hidden, unitId: ids.unit }), "unitId"],
    ["an unknown unit", { unitId: 424242 }, "unitId"],
  ])("refuses an inquiry about %s with 400", async (_label, change, path) => {
    const fresh = await createTestApp(database);
    const values = typeof change === "function" ? change() : change;
    const response = await post({ ...valid, ...values }, fresh.app);
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].path).toBe(path);
    await fresh.close();
  });

  it("refuses a body over its contract's limit (64 KB) with 413", async () => {
    const fresh = await createTestApp(database);
    const response = await post(
      { ...valid, message: "x".repeat(inquiriesApi.send.bodyLimit + 1) },
      fresh.app,
    );
    expect(response.statusCode).toBe(413);
    await fresh.close();
  });

  it("takes the longest message in any script (6,000 characters of 3 bytes each)", async () => {
    const fresh = await createTestApp(database);
    const response = await post({ ...valid, message: "漢".repeat(6_000) }, fresh.app);
    expect(response.statusCode).toBe(201);
    await fresh.close();
  });

  it("answers a burst from one address with 429 and Retry-After", async () => {
    const fresh = await createTestApp(database);
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i < 6; i++) {
      last = await post({ ...valid, name: `Burst ${i}` }, fresh.app);
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect(Number(last!.headers["retry-after"])).toBeGreaterThan(0);
    expect(last!.json()).toMatchObject({ error: "too_many_requests" });
    await fresh.close();
  });
});
