import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminInquiry,
  type InquiriesResponse,
  inquiriesMessages,
} from "#domain/admin-inquiries";
import { inquiriesApi } from "#domain/api/inquiries";
import { inquiries } from "#server/db/schema";
import { loginAs } from "#tests/support/auth";
import { call } from "#tests/support/call";
import { insertProperty, insertUnit } from "#tests/support/fixtures";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";

let database: TestDatabase;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof loginAs>>;
const ids = {} as Record<"building" | "unit" | "contact" | "tour" | "old", number>;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

beforeAll(async () => {
  database = await createTestDb();
  testApp = await createTestApp(database, { env: { AUTH_ATTEMPTS_PER_MINUTE: "1000" } });
  admin = await loginAs(testApp.app, database.db, "admin");
  const building = await insertProperty(database.db, { title: "Riverside Flats" });
  const unit = await insertUnit(database.db, building.id, { unitNumber: "4C" });
  ids.building = building.id;
  ids.unit = unit.id;
  const base = { phone: "(860) 555-0199", message: "Is there parking with the unit?" };
  const rows = await database.db
    .insert(inquiries)
    .values([
      {
        ...base,
        name: "Old Handled",
        email: "old@example.com",
        createdAt: minutesAgo(60),
        handledAt: minutesAgo(30),
      },
      {
        ...base,
        name: "Contact Form",
        email: "contact@example.com",
        subject: "Parking",
        createdAt: minutesAgo(20),
      },
      {
        ...base,
        name: "Tour Request",
        email: "tour@example.com",
        propertyId: building.id,
        unitId: unit.id,
        createdAt: minutesAgo(10),
      },
    ])
    .returning();
  ids.old = rows[0]!.id;
  ids.contact = rows[1]!.id;
  ids.tour = rows[2]!.id;
});

afterAll(async () => {
  await testApp.close();
  await database.drop();
});

async function list(status?: string): Promise<InquiriesResponse> {
  const response = await call(testApp.app, inquiriesApi.list, {
    query: { status },
    headers: admin.headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const mark = (id: number | string, handled: unknown) =>
  call(testApp.app, inquiriesApi.setHandled, {
    params: { id },
    headers: admin.headers,
    payload: { handled },
  });

describe(`${inquiriesApi.list.method} ${inquiriesApi.list.path}`, () => {
  it("lists every inquiry newest first, with its building and unit, and the unhandled count", async () => {
    const { inquiries: all, unhandled } = await list();
    expect(all.map((i) => i.name)).toEqual(["Tour Request", "Contact Form", "Old Handled"]);
    expect(unhandled).toBe(2);
    expect(all[0]).toMatchObject({
      email: "tour@example.com",
      property: { id: ids.building, title: "Riverside Flats" },
      unit: { id: ids.unit, unitNumber: "4C" },
      handledAt: null,
    } satisfies Partial<AdminInquiry>);
    expect(all[1]).toMatchObject({ subject: "Parking", property: null, unit: null });
    expect(all[2]!.handledAt).toEqual(expect.any(String));
  });

  it("filters by status and keeps the unhandled count whatever the filter", async () => {
    const handled = await list("handled");
    expect(handled.inquiries.map((i) => i.name)).toEqual(["Old Handled"]);
    expect(handled.unhandled).toBe(2);
    const open = await list("unhandled");
    expect(open.inquiries.map((i) => i.name)).toEqual(["Tour Request", "Contact Form"]);
    // An unknown status shows everything rather than failing the tab.
    expect((await list("bogus")).inquiries).toHaveLength(3);
  });

  it("answers 401 without a session and 403 for a tenant", async () => {
    expect((await call(testApp.app, inquiriesApi.list)).statusCode).toBe(401);
    const tenant = await loginAs(testApp.app, database.db, "tenant");
    const asTenant = await call(testApp.app, inquiriesApi.list, { headers: tenant.headers });
    expect(asTenant.statusCode).toBe(403);
  });
});

describe(`${inquiriesApi.setHandled.method} ${inquiriesApi.setHandled.path}`, () => {
  it("marks an inquiry handled, then not handled, and the count follows", async () => {
    const before = Date.now();
    const done = await mark(ids.contact, true);
    expect(done.statusCode).toBe(200);
    const handled = done.json() as AdminInquiry;
    expect(handled).toMatchObject({ id: ids.contact, name: "Contact Form" });
    expect(Date.parse(handled.handledAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect((await list()).unhandled).toBe(1);

    const undone = await mark(ids.contact, false);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().handledAt).toBeNull();
    expect((await list()).unhandled).toBe(2);
  });

  it("keeps the first handling time when marked handled twice", async () => {
    const { inquiries: all } = await list("handled");
    const first = all.find((i) => i.id === ids.old)!.handledAt;
    const again = await mark(ids.old, true);
    expect(again.json().handledAt).toBe(first);
  });

  it("answers a linked inquiry with its building and unit", async () => {
    const response = await mark(ids.tour, true);
    expect(response.json()).toMatchObject({
      property: { id: ids.building, title: "Riverside Flats" },
      unit: { id: ids.unit, unitNumber: "4C" },
    });
    await mark(ids.tour, false);
  });

  it.each([999_999, "abc", "0", "-1", "1.5"])("answers 404 for inquiry %j", async (id) => {
    const response = await mark(id, true);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(inquiriesMessages.notFound);
  });

  it("refuses a body without a boolean with 400", async () => {
    expect((await mark(ids.contact, "yes")).statusCode).toBe(400);
  });
});
