import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { showingsApi } from "#domain/api/showings";
import { type ShowingHoursInput, type SlotsAnswer, weekdays } from "#domain/showings";
import { loginAs } from "#tests/support/auth";
import { call } from "#tests/support/call";
import { insertProperty, insertUnit } from "#tests/support/fixtures";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";

/**
 * The showings' clockwork on a fake clock: a request nobody confirmed in 24 hours is let go and
 * its renter told; a booked showing's renter is reminded a day and two hours before, each once,
 * however many passes (or instances) run.
 */
let database: TestDatabase;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof loginAs>>;
// Monday 7 June 2027, 9:00 in Connecticut.
const start = new Date("2027-06-07T13:00:00Z");
let clock = start;
const HOUR = 3_600_000;

const everyDay = (booking: "instant" | "request"): ShowingHoursInput => ({
  weekly: Object.fromEntries(
    weekdays.map((day) => [day, [{ start: "09:00", end: "17:00" }]]),
  ) as unknown as ShowingHoursInput["weekly"],
  slotMinutes: 60,
  bufferMinutes: 0,
  noticeHours: 0,
  horizonDays: 14,
  booking,
  datesOff: [],
});

beforeAll(async () => {
  database = await createTestDb();
  testApp = await createTestApp(database, { clock: () => clock });
  admin = await loginAs(testApp.app, database.db, "admin");
});

afterAll(async () => {
  await testApp.close();
  await database.drop();
});

async function unitWithHours(booking: "instant" | "request") {
  const building = (await insertProperty(database.db)).id;
  const unit = (await insertUnit(database.db, building)).id;
  const saved = await call(testApp.app, showingsApi.putHours, {
    headers: admin.headers,
    params: { id: building },
    payload: everyDay(booking),
  });
  expect(saved.statusCode).toBe(200);
  return unit;
}

let client = 0;
const book = (unit: number, at: string, email: string) =>
  call(testApp.app, showingsApi.book, {
    params: { id: unit },
    payload: { start: at, name: "Ana Ruiz", email, phone: "8605550100" },
    remoteAddress: `10.3.0.${++client}`,
  });
const mailTo = async (to: string) =>
  (await testApp.outbox()).filter((message) => message.to === to).map((m) => m.subject);
const slotsOf = async (unit: number) =>
  ((await call(testApp.app, showingsApi.slots, { params: { id: unit } })).json() as SlotsAnswer)
    .slots;

describe("the showings' runner", () => {
  it("lets a request go after 24 hours unconfirmed, frees its time and tells the renter once", async () => {
    clock = start;
    const unit = await unitWithHours("request");
    const at = "2027-06-10T10:00:00-04:00";
    expect((await book(unit, at, "waiting@example.com")).statusCode).toBe(201);
    clock = new Date(start.getTime() + 23 * HOUR);
    await testApp.app.showingRunner.runOnce();
    expect((await slotsOf(unit)).map((s) => s.start)).not.toContain(at);
    clock = new Date(start.getTime() + 24 * HOUR + 60_000);
    await Promise.all([testApp.app.showingRunner.runOnce(), testApp.app.showingRunner.runOnce()]);
    await testApp.app.showingRunner.runOnce();
    expect(await mailTo("waiting@example.com")).toEqual([
      expect.stringMatching(/^Showing requested: /),
      expect.stringMatching(/^Showing not confirmed: /),
    ]);
    expect((await slotsOf(unit)).map((s) => s.start)).toContain(at);
  });

  it("reminds a renter a day and two hours before, each once, across passes run at once", async () => {
    clock = start;
    const unit = await unitWithHours("instant");
    // Wednesday 9 June at 10:00: 49 hours ahead.
    expect((await book(unit, "2027-06-09T10:00:00-04:00", "early@example.com")).statusCode).toBe(
      201,
    );
    const runner = testApp.app.showingRunner;
    await runner.runOnce();
    expect(await mailTo("early@example.com")).toHaveLength(1);

    clock = new Date("2027-06-08T14:30:00Z"); // 23.5 hours before
    await Promise.all([runner.runOnce(), runner.runOnce()]);
    await runner.runOnce();
    expect(await mailTo("early@example.com")).toEqual([
      expect.stringMatching(/^Your showing: /),
      expect.stringMatching(/^Reminder: your showing at /),
    ]);

    clock = new Date("2027-06-09T12:30:00Z"); // 1.5 hours before
    await Promise.all([runner.runOnce(), runner.runOnce()]);
    expect(await mailTo("early@example.com")).toHaveLength(3);
    const last = (await testApp.outbox()).filter((m) => m.to === "early@example.com").at(-1)!;
    expect(last.text).toContain("Your showing is soon");
    expect(last.text).toMatch(/\/showings\/[\w-]{43}/);

    // After it began, nothing more.
    clock = new Date("2027-06-09T15:00:00Z");
    await runner.runOnce();
    expect(await mailTo("early@example.com")).toHaveLength(3);
  });

  it("sends no day-before reminder for a showing booked less than a day ahead", async () => {
    clock = start;
    const unit = await unitWithHours("instant");
    // Booked at 9:00 for 15:00 the same day: only the two-hour reminder applies.
    expect((await book(unit, "2027-06-07T15:00:00-04:00", "late@example.com")).statusCode).toBe(
      201,
    );
    clock = new Date(start.getTime() + 60_000);
    await testApp.app.showingRunner.runOnce();
    expect(await mailTo("late@example.com")).toHaveLength(1);
    clock = new Date("2027-06-07T17:30:00Z"); // 13:30, 1.5 hours before
    await testApp.app.showingRunner.runOnce();
    expect(await mailTo("late@example.com")).toEqual([
      expect.stringMatching(/^Your showing: /),
      expect.stringMatching(/^Reminder: /),
    ]);
  });
});
