import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { showingsApi } from "#domain/api/showings";
import {
  type ShowingHoursInput,
  type ShowingView,
  type SlotsAnswer,
  showingMessages,
  weekdays,
} from "#domain/showings";
import { showings, users } from "#server/db/schema";
import type { OutboxMessage } from "#server/mail/outbox";
import { loginAs } from "#tests/support/auth";
import { call } from "#tests/support/call";
import { insertProperty, insertUnit } from "#tests/support/fixtures";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";

/**
 * Showings booked online, through the API as a renter and staff use it, on a fake clock: the
 * building's hours, the unit's slots, a booking with its calendar invitation, the same time
 * refused to the next renter (also when both press at once), and the cancellation by the
 * e-mailed link.
 */
let database: TestDatabase;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof loginAs>>;
// Wednesday 2 June 2027, 9:00 in Connecticut.
const clock = new Date("2027-06-02T13:00:00Z");
let building: number;
let unit: number;

const saturdays = (extra: Partial<ShowingHoursInput> = {}): ShowingHoursInput => ({
  weekly: {
    ...(Object.fromEntries(
      weekdays.map((day) => [day, []]),
    ) as unknown as ShowingHoursInput["weekly"]),
    sat: [{ start: "10:00", end: "12:00" }],
  },
  slotMinutes: 30,
  bufferMinutes: 15,
  noticeHours: 24,
  horizonDays: 14,
  booking: "instant",
  datesOff: [],
  ...extra,
});

beforeAll(async () => {
  database = await createTestDb();
  testApp = await createTestApp(database, {
    clock: () => clock,
    env: { PUBLIC_URL: "https://rent.example.com" },
  });
  admin = await loginAs(testApp.app, database.db, "admin");
  building = (await insertProperty(database.db, { title: "Elm Court" })).id;
  unit = (await insertUnit(database.db, building, { unitNumber: "2B" })).id;
});

afterAll(async () => {
  await testApp.close();
  await database.drop();
});

const putHours = (propertyId: number, hours: object) =>
  call(testApp.app, showingsApi.putHours, {
    headers: admin.headers,
    params: { id: propertyId },
    payload: hours,
  });
const slotsOf = async (unitId: number) =>
  (await call(testApp.app, showingsApi.slots, { params: { id: unitId } })).json() as SlotsAnswer;
let client = 0;
const book = (unitId: number, start: string, extra: Record<string, unknown> = {}) =>
  call(testApp.app, showingsApi.book, {
    params: { id: unitId },
    payload: {
      start,
      name: "Ana Ruiz",
      email: "ana@example.com",
      phone: "8605550100",
      ...extra,
    },
    remoteAddress: `10.2.0.${++client}`,
  });

async function mailTo(to: string): Promise<OutboxMessage[]> {
  return (await testApp.outbox()).filter((message) => message.to === to);
}
const ics = (message: OutboxMessage) => message.attachments?.[0]?.content ?? "";
const tokenOf = (message: OutboxMessage) => /\/showings\/([\w-]{43})/.exec(message.text)?.[1] ?? "";

describe("showings booked online", () => {
  it("offers the building's hours as slots, books one with an invitation, and refuses it to the next renter", async () => {
    expect((await slotsOf(unit)).slots).toEqual([]);
    const saved = await putHours(building, saturdays());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ set: true, hours: { slotMinutes: 30 } });

    const { timeZone, slots } = await slotsOf(unit);
    expect(timeZone).toBe("America/New_York");
    expect(slots.slice(0, 3)).toEqual([
      { start: "2027-06-05T10:00:00-04:00", end: "2027-06-05T10:30:00-04:00" },
      { start: "2027-06-05T10:45:00-04:00", end: "2027-06-05T11:15:00-04:00" },
      { start: "2027-06-05T11:30:00-04:00", end: "2027-06-05T12:00:00-04:00" },
    ]);

    const booked = await book(unit, "2027-06-05T10:45:00-04:00", { note: "With my daughter" });
    expect(booked.statusCode, booked.body).toBe(201);
    const showing = booked.json() as ShowingView;
    expect(showing).toMatchObject({
      status: "booked",
      start: "2027-06-05T10:45:00-04:00",
      unit: { number: "2B", building: "Elm Court" },
    });
    const [confirmation] = await mailTo("ana@example.com");
    expect(confirmation!.subject).toBe("Your showing: Elm Court, Unit 2B");
    expect(confirmation!.attachments?.[0]).toMatchObject({
      filename: "showing.ics",
      contentType: "text/calendar; charset=utf-8; method=REQUEST",
    });
    expect(ics(confirmation!)).toContain("METHOD:REQUEST");
    expect(ics(confirmation!)).toContain(`UID:showing-${showing.id}@rent.example.com`);
    expect(ics(confirmation!)).toContain("SEQUENCE:0");
    expect(ics(confirmation!)).toContain("DTSTART:20270605T144500Z");

    // Taken: no longer offered, and refused with the next open times.
    expect((await slotsOf(unit)).slots.map((s) => s.start)).not.toContain(
      "2027-06-05T10:45:00-04:00",
    );
    const again = await book(unit, "2027-06-05T10:45:00-04:00", { email: "ben@example.com" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: showingMessages.slotTaken,
      slots: [
        { start: "2027-06-05T10:00:00-04:00" },
        { start: "2027-06-05T11:30:00-04:00" },
        {},
        {},
        {},
      ],
    });
    // A time no slot offers is refused the same way.
    expect((await book(unit, "2027-06-05T10:05:00-04:00")).statusCode).toBe(409);
  });

  it("gives one of two renters who press at once the time: the database refuses the other", async () => {
    const start = "2027-06-12T10:00:00-04:00";
    // Six at once: one gets it, five are told it is taken (never a 500, never a deadlock).
    const answers = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => book(unit, start, { email: `at-once-${n}@example.com` })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      201, 409, 409, 409, 409, 409,
    ]);
    const held = await database.db.select().from(showings).where(eq(showings.unitId, unit));
    expect(
      held.filter((row) => row.startsAt.toISOString() === "2027-06-12T14:00:00.000Z"),
    ).toHaveLength(1);
  });

  it("is kept apart by the database itself, whatever the code does: a cancelled showing frees the time", async () => {
    const row = (start: string, status: "booked" | "cancelled", tokenHash: string) => ({
      unitId: unit,
      startsAt: new Date(start),
      endsAt: new Date(Date.parse(start) + 30 * 60_000),
      status,
      name: "Direct",
      email: "direct@example.com",
      phone: "8605550100",
      tokenHash,
    });
    await database.db.insert(showings).values(row("2027-06-19T14:00:00Z", "cancelled", "t-1"));
    await database.db.insert(showings).values(row("2027-06-19T14:00:00Z", "booked", "t-2"));
    const overlapping = await database.db
      .insert(showings)
      .values(row("2027-06-19T14:15:00Z", "booked", "t-3"))
      .then(
        () => null,
        (error: { cause?: { code?: string }; code?: string }) => error.cause?.code ?? error.code,
      );
    expect(overlapping).toBe("23P01");
    // Touching ends do not overlap (a range is [start, end)).
    await database.db.insert(showings).values(row("2027-06-19T14:30:00Z", "booked", "t-4"));
  });

  it("cancels by the e-mailed link: the time is free again and calendars are told", async () => {
    const booked = await book(unit, "2027-06-12T11:30:00-04:00", {
      email: "cara@example.com",
      lang: "es",
    });
    expect(booked.statusCode).toBe(201);
    const [confirmation] = await mailTo("cara@example.com");
    expect(confirmation!.subject).toBe("Su visita: Elm Court, unidad 2B");
    expect(confirmation!.text).toContain("https://rent.example.com/es/showings/");
    const token = tokenOf(confirmation!);

    const cancelled = await call(testApp.app, showingsApi.cancel, { params: { token } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [, cancellation] = await mailTo("cara@example.com");
    expect(cancellation!.subject).toBe("Visita cancelada: Elm Court, unidad 2B");
    expect(ics(cancellation!)).toContain("METHOD:CANCEL");
    expect(ics(cancellation!)).toContain("STATUS:CANCELLED");
    expect(ics(cancellation!)).toContain("SEQUENCE:1");
    expect(ics(cancellation!)).toContain(
      `UID:showing-${(booked.json() as ShowingView).id}@rent.example.com`,
    );
    expect((await slotsOf(unit)).slots.map((s) => s.start)).toContain("2027-06-12T11:30:00-04:00");
    // Used up: the link cancels nothing more.
    expect((await call(testApp.app, showingsApi.cancel, { params: { token } })).statusCode).toBe(
      404,
    );
    expect(
      (await call(testApp.app, showingsApi.cancel, { params: { token: "x" } })).statusCode,
    ).toBe(404);
  });

  it("moves by the e-mailed link: a new time, an updated invitation, a new link, the old time free", async () => {
    const row = (await insertProperty(database.db, { title: "Maple Row" })).id;
    const home = (await insertUnit(database.db, row, { unitNumber: "4" })).id;
    expect((await putHours(row, saturdays())).statusCode).toBe(200);
    const booked = await book(home, "2027-06-05T10:00:00-04:00", { email: "moe@example.com" });
    expect(booked.statusCode).toBe(201);
    const token = tokenOf((await mailTo("moe@example.com"))[0]!);
    const move = (to: string, using = token) =>
      call(testApp.app, showingsApi.move, {
        params: { token: using },
        payload: { start: to },
        remoteAddress: `10.2.1.${++client}`,
      });
    // A time another renter holds is refused, with the times still open.
    expect((await book(home, "2027-06-05T10:45:00-04:00")).statusCode).toBe(201);
    const taken = await move("2027-06-05T10:45:00-04:00");
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: "slot_taken", message: showingMessages.slotTaken });

    const moved = await move("2027-06-05T11:30:00-04:00");
    expect(moved.statusCode, moved.body).toBe(200);
    const { path } = moved.json() as { path: string };
    const [, notice] = await mailTo("moe@example.com");
    expect(notice!.subject).toBe("New time for your showing: Maple Row, Unit 4");
    expect(ics(notice!)).toContain("METHOD:REQUEST");
    expect(ics(notice!)).toContain("SEQUENCE:1");
    expect(ics(notice!)).toContain(
      `UID:showing-${(booked.json() as ShowingView).id}@rent.example.com`,
    );
    const newToken = tokenOf(notice!);
    expect(path).toBe(`/showings/${newToken}`);
    expect(newToken).not.toBe(token);
    const open = (await slotsOf(home)).slots.map((s) => s.start);
    expect(open).toContain("2027-06-05T10:00:00-04:00");
    expect(open).not.toContain("2027-06-05T11:30:00-04:00");
    // The old link works no more; the new one does.
    expect((await move("2027-06-05T10:00:00-04:00")).statusCode).toBe(404);
    expect((await call(testApp.app, showingsApi.cancel, { params: { token } })).statusCode).toBe(
      404,
    );
    expect(
      (await call(testApp.app, showingsApi.cancel, { params: { token: newToken } })).statusCode,
    ).toBe(200);
  });

  it("holds a request for the office when the building asks to confirm, without an invitation yet", async () => {
    const other = (await insertProperty(database.db, { title: "Oak Row" })).id;
    const home = (await insertUnit(database.db, other, { unitNumber: "1" })).id;
    expect((await putHours(other, saturdays({ booking: "request" }))).statusCode).toBe(200);
    const asked = await book(home, "2027-06-05T10:00:00-04:00", { email: "dan@example.com" });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({ status: "requested" });
    const [mail] = await mailTo("dan@example.com");
    expect(mail!.subject).toBe("Showing requested: Oak Row, Unit 1");
    expect(mail!.attachments).toBeUndefined();
  });

  it("books a unit with a mode of its own as a request, and refuses a mode for another building's unit", async () => {
    const row = (await insertProperty(database.db, { title: "Ash Lane" })).id;
    const asks = (await insertUnit(database.db, row, { unitNumber: "A" })).id;
    const instant = (await insertUnit(database.db, row, { unitNumber: "B" })).id;
    const foreign = await putHours(row, saturdays({ unitBooking: { [String(unit)]: "request" } }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ message: showingMessages.unitBooking });
    expect(
      (await putHours(row, saturdays({ unitBooking: { [String(asks)]: "request" } }))).statusCode,
    ).toBe(200);
    const asked = await book(asks, "2027-06-05T10:00:00-04:00", { email: "ash-a@example.com" });
    expect(asked.json()).toMatchObject({ status: "requested" });
    const booked = await book(instant, "2027-06-05T10:00:00-04:00", { email: "ash-b@example.com" });
    expect(booked.json()).toMatchObject({ status: "booked" });
  });

  it("keeps a tenant's home from being shown sooner than 24 hours ahead", async () => {
    const other = (await insertProperty(database.db, { title: "Birch Hall" })).id;
    const home = (await insertUnit(database.db, other, { unitNumber: "3" })).id;
    await database.db.insert(users).values({
      email: "at-home@example.com",
      displayName: "Tess Tenant",
      role: "tenant",
      passwordHash: "",
      unitId: home,
    });
    // Every day from 9 to 17, no notice of the building's own: only the tenant's 24 hours.
    const everyDay = Object.fromEntries(
      weekdays.map((day) => [day, [{ start: "09:00", end: "17:00" }]]),
    ) as unknown as ShowingHoursInput["weekly"];
    expect(
      (await putHours(other, saturdays({ weekly: everyDay, noticeHours: 0 }))).statusCode,
    ).toBe(200);
    const { slots } = await slotsOf(home);
    expect(Date.parse(slots[0]!.start)).toBeGreaterThanOrEqual(clock.getTime() + 24 * 3_600_000);
    expect(slots[0]!.start).toBe("2027-06-03T09:00:00-04:00");
    expect((await book(home, "2027-06-02T15:00:00-04:00")).statusCode).toBe(409);
  });

  it("refuses bad hours with the form's words, an unknown unit, and a booking without hours", async () => {
    const bad = await putHours(building, { ...saturdays(), slotMinutes: 1, datesOff: ["soon"] });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(showingMessages.slotMinutes);
    expect(bad.body).toContain(showingMessages.dateOff);
    expect((await putHours(999_999, saturdays())).statusCode).toBe(404);
    expect(
      (await call(testApp.app, showingsApi.slots, { params: { id: 999_999 } })).statusCode,
    ).toBe(404);
    const bare = (await insertProperty(database.db, { title: "No Hours" })).id;
    const bareUnit = (await insertUnit(database.db, bare, { unitNumber: "9" })).id;
    const refused = await book(bareUnit, "2027-06-05T10:00:00-04:00");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(showingMessages.noHours);
    const invalid = await book(unit, "Saturday morning", { email: "nope", phone: "1" });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain(showingMessages.start);
  });
});
