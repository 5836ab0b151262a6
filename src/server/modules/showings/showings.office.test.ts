import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditApi } from "#domain/api/audit";
import { showingsApi } from "#domain/api/showings";
import {
  type AdminShowingDetail,
  type AdminShowingsPage,
  type ShowingHoursInput,
  type ShowingView,
  showingAdminMessages,
  weekdays,
} from "#domain/showings";
import { site } from "#domain/site";
import { inquiries, notificationEvents, showings, users } from "#server/db/schema";
import type { OutboxMessage } from "#server/mail/outbox";
import { loginAs } from "#tests/support/auth";
import { call } from "#tests/support/call";
import { insertProperty, insertUnit } from "#tests/support/fixtures";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";

/**
 * The office's side of showings through the API, on a clock the test moves: the day's and the
 * week's calendar, a request confirmed or declined, a showing cancelled or marked, the follow-up,
 * each e-mailed to the renter and in the audit trail; and the tenant at home told by e-mail and
 * in the portal when a showing of their home is set and when it is off.
 */
let database: TestDatabase;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof loginAs>>;
// Wednesday 2 June 2027, 9:00 in Connecticut.
const start = new Date("2027-06-02T13:00:00Z");
let now = start;
let building: number;
let unit: number;
let tenantId: string;

const everyDay = (booking: "instant" | "request"): ShowingHoursInput => ({
  weekly: Object.fromEntries(
    weekdays.map((day) => [day, [{ start: "10:00", end: "12:00" }]]),
  ) as unknown as ShowingHoursInput["weekly"],
  slotMinutes: 30,
  bufferMinutes: 0,
  noticeHours: 0,
  horizonDays: 14,
  booking,
  datesOff: [],
});

beforeAll(async () => {
  database = await createTestDb();
  testApp = await createTestApp(database, {
    clock: () => now,
    env: { PUBLIC_URL: "https://rent.example.com" },
  });
  admin = await loginAs(testApp.app, database.db, "admin");
  building = (await insertProperty(database.db, { title: "Elm Court" })).id;
  unit = (await insertUnit(database.db, building, { unitNumber: "2B" })).id;
  const [tenant] = await database.db
    .insert(users)
    .values({
      email: "tess@example.com",
      displayName: "Tess Tenant",
      role: "tenant",
      passwordHash: "",
      unitId: unit,
      language: "es",
    })
    .returning({ id: users.id });
  tenantId = tenant!.id;
  await call(testApp.app, showingsApi.putHours, {
    headers: admin.headers,
    params: { id: building },
    payload: everyDay("request"),
  });
  await database.db.insert(inquiries).values({
    name: "Ana Ruiz",
    email: "ana@example.com",
    phone: "8605550100",
    subject: "Tour request",
    message: "Is 2B still free?",
    propertyId: building,
    unitId: unit,
  });
});

afterAll(async () => {
  await testApp.close();
  await database.drop();
});

let client = 0;
async function book(startIso: string, email: string): Promise<ShowingView> {
  const booked = await call(testApp.app, showingsApi.book, {
    params: { id: unit },
    payload: { start: startIso, name: "Ana Ruiz", email, phone: "8605550100" },
    remoteAddress: `10.3.0.${++client}`,
  });
  expect(booked.statusCode, booked.body).toBe(201);
  return booked.json() as ShowingView;
}
const act = (id: string, action: string) =>
  call(testApp.app, showingsApi.act, {
    headers: admin.headers,
    params: { id },
    payload: { action },
  });
const list = async (query: Record<string, string | number> = {}) => {
  const answer = await call(testApp.app, showingsApi.list, { headers: admin.headers, query });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as AdminShowingsPage;
};
const mailTo = async (to: string): Promise<OutboxMessage[]> =>
  (await testApp.outbox()).filter((message) => message.to === to);
const lastAudit = async () => {
  const trail = await call(testApp.app, auditApi.list, { headers: admin.headers });
  return (trail.json() as { events: Record<string, unknown>[] }).events[0]!;
};

describe("the office's showings", () => {
  it("tells the tenant at home when a showing of their home is asked for, in their language", async () => {
    const asked = await book("2027-06-04T10:00:00-04:00", "ana@example.com");
    expect(asked.status).toBe("requested");
    const [notice] = await mailTo("tess@example.com");
    expect(notice!.subject).toBe("Aviso: una visita a su vivienda, Elm Court, unidad 2B");
    expect(notice!.text).toContain("hora de Connecticut");
    const portal = await database.db
      .select()
      .from(notificationEvents)
      .where(eq(notificationEvents.userId, tenantId));
    expect(portal).toMatchObject([
      { title: "Una visita a su vivienda", actionUrl: "/es/tenant-portal" },
    ]);
  });

  it("lists the week's showings soonest first, with the requests waiting and the unit's inquiries", async () => {
    const page = await list({ days: 7 });
    expect(page).toMatchObject({ from: "2027-06-02", to: "2027-06-08", requested: 1 });
    expect(page.showings).toMatchObject([
      {
        status: "requested",
        start: "2027-06-04T10:00:00-04:00",
        unit: { number: "2B", building: "Elm Court", propertyId: building },
        name: "Ana Ruiz",
        occupied: true,
        followUp: null,
      },
    ]);
    // Today only: nothing yet.
    expect((await list()).showings).toEqual([]);
    const detail = await call(testApp.app, showingsApi.get, {
      headers: admin.headers,
      params: { id: page.showings[0]!.id },
    });
    expect((detail.json() as AdminShowingDetail).inquiries).toMatchObject([
      { subject: "Tour request", message: "Is 2B still free?", handled: false },
    ]);
  });

  it("confirms a request: the renter gets the invitation, the trail the change; twice is a 409", async () => {
    const [showing] = (await list({ days: 7 })).showings;
    const confirmed = await act(showing!.id, "confirm");
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      showing: { status: "booked" },
      message: showingAdminMessages.confirmed,
    });
    const booked = (await mailTo("ana@example.com")).find((m) =>
      m.subject.startsWith("Your showing:"),
    );
    expect(booked!.attachments?.[0]?.content).toContain("METHOD:REQUEST");
    expect(await lastAudit()).toMatchObject({
      action: "showing.status_changed",
      targetType: "showing",
      targetId: showing!.id,
    });
    expect((await act(showing!.id, "confirm")).statusCode).toBe(409);
    expect((await list({ days: 7 })).requested).toBe(0);
  });

  it("marks the outcome only once the time has begun, then sends the application", async () => {
    const [showing] = (await list({ days: 7 })).showings;
    const early = await act(showing!.id, "completed");
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: showingAdminMessages.notYet });
    now = new Date("2027-06-04T14:05:00Z");
    expect((await act(showing!.id, "completed")).statusCode).toBe(200);
    const sent = await call(testApp.app, showingsApi.followUp, {
      headers: admin.headers,
      params: { id: showing!.id },
      payload: { followUp: "application_sent" },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ showing: { followUp: "application_sent" } });
    const application = (await mailTo("ana@example.com")).find((m) =>
      m.subject.startsWith("Apply for"),
    );
    expect(application!.html).toContain(site.applyUrl);
    expect(await lastAudit()).toMatchObject({ action: "showing.followed_up" });
    now = start;
  });

  it("declines a request and cancels a booked showing: renter and tenant told, the time free", async () => {
    const asked = await book("2027-06-05T10:00:00-04:00", "ben@example.com");
    expect((await act(asked.id, "decline")).statusCode).toBe(200);
    expect((await mailTo("ben@example.com")).map((m) => m.subject)).toContain(
      "Showing request declined: Elm Court, Unit 2B",
    );
    const again = await book("2027-06-05T10:00:00-04:00", "cy@example.com");
    expect((await act(again.id, "confirm")).statusCode).toBe(200);
    expect((await act(again.id, "cancel")).statusCode).toBe(200);
    const cancelled = (await mailTo("cy@example.com")).find((m) =>
      m.subject.startsWith("Showing cancelled"),
    );
    expect(cancelled!.attachments?.[0]?.content).toContain("METHOD:CANCEL");
    const tenantMail = (await mailTo("tess@example.com")).map((m) => m.subject);
    expect(tenantMail.filter((s) => s.startsWith("Visita cancelada"))).toHaveLength(2);
    const [row] = await database.db.select().from(showings).where(eq(showings.id, again.id));
    expect(row!.status).toBe("cancelled");
  });

  it("refuses what cannot be: an unknown showing, a bad action, a follow-up before the outcome", async () => {
    const unknown = await act("00000000-0000-4000-8000-000000000000", "confirm");
    expect(unknown.statusCode).toBe(404);
    expect((await act("not-a-uuid", "confirm")).statusCode).toBe(404);
    const asked = await book("2027-06-06T10:00:00-04:00", "dee@example.com");
    expect((await act(asked.id, "fly")).statusCode).toBe(400);
    const early = await call(testApp.app, showingsApi.followUp, {
      headers: admin.headers,
      params: { id: asked.id },
      payload: { followUp: "lead_lost" },
    });
    expect(early.statusCode).toBe(409);
    const badDay = await call(testApp.app, showingsApi.list, {
      headers: admin.headers,
      query: { from: "2027-13-01" },
    });
    expect(badDay.statusCode).toBe(400);
  });
});
