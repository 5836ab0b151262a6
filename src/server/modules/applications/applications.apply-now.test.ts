import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { applicationsApi as api } from "#domain/api/applications";
import {
  type AdminApplication,
  APPLICATION_STARTS_PER_MAILBOX_PER_DAY,
  APPLICATION_STARTS_PER_MINUTE,
  type ApplicantView,
  applicationMessages,
} from "#domain/applications";
import { properties } from "#server/db/schema";
import type { OutboxMessage } from "#server/mail/outbox";
import { loginAs } from "#tests/support/auth";
import { call } from "#tests/support/call";
import { insertProperty, insertUnit } from "#tests/support/fixtures";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";

/**
 * Apply Now in the product (APPLY_NOW=online), through the API as a renter would: a unit the
 * site shows starts an application whose link goes to the address given, in the renter's
 * language; the office sees where it came from; a mailbox starts only a few a day, the answer the
 * same either way; with the default (the external page) the call does not exist.
 */
let database: TestDatabase;
let online: Awaited<ReturnType<typeof createTestApp>>;
let external: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof loginAs>>;
let clock = new Date("2027-03-01T15:00:00Z");
let unit: number;
let rented: number;
let hidden: number;

beforeAll(async () => {
  database = await createTestDb();
  const env = { PUBLIC_URL: "https://rent.example.com" };
  online = await createTestApp(database, {
    clock: () => clock,
    env: { ...env, APPLY_NOW: "online" },
  });
  external = await createTestApp(database, { clock: () => clock, env });
  admin = await loginAs(online.app, database.db, "admin");
  const building = await insertProperty(database.db, { title: "Elm Court" });
  unit = (await insertUnit(database.db, building.id, { unitNumber: "2B" })).id;
  rented = (await insertUnit(database.db, building.id, { unitNumber: "3C", available: false })).id;
  const closed = await insertProperty(database.db, { title: "Closed Court" });
  hidden = (await insertUnit(database.db, closed.id, { unitNumber: "1A" })).id;
  await database.db.update(properties).set({ active: false }).where(eq(properties.id, closed.id));
});

afterAll(async () => {
  await online.close();
  await external.close();
  await database.drop();
});

// Each case asks from an address of its own: the route's per-client limit is a case of its own.
let client = 0;
let remoteAddress = "";
beforeEach(() => {
  client++;
  remoteAddress = `203.0.113.${client}`;
});
const start = (app: typeof online, unitId: number | string, payload: object) =>
  call(app.app, api.start, { params: { id: String(unitId) }, payload, remoteAddress });
const mailTo = async (to: string): Promise<OutboxMessage[]> =>
  (await online.outbox()).filter((message) => message.to === to);
const tokenOf = (message: OutboxMessage) => /\/apply\/([\w-]{43})/.exec(message.text)?.[1] ?? "";
const officeList = async (q: string) =>
  (
    (await call(online.app, api.list, { query: { q }, headers: admin.headers })).json() as {
      items: AdminApplication[];
    }
  ).items;

describe("Apply Now with APPLY_NOW=online", () => {
  it("starts an application for a listed unit and e-mails its link to the address given", async () => {
    const answer = await start(online, unit, { name: "Rosa Díaz", email: "rosa@example.com" });
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ success: true, message: applicationMessages.started });

    const [mail] = await mailTo("rosa@example.com");
    expect(mail?.text).toContain("https://rent.example.com/apply/");
    const view = await call(online.app, api.view, { params: { token: tokenOf(mail!) } });
    expect(view.statusCode).toBe(200);
    const application = view.json() as ApplicantView;
    expect(application.place).toContain("2B");
    expect(application.applicant).toMatchObject({ name: "Rosa Díaz", primary: true });

    const [row] = await officeList("rosa@example.com");
    expect(row).toMatchObject({ source: "online", status: "draft", unitId: unit });
  });

  it("writes to a renter who asked in Spanish in Spanish, with the Spanish page's link", async () => {
    expect(
      (await start(online, unit, { name: "Ana Ruiz", email: "ana@example.com", lang: "es" }))
        .statusCode,
    ).toBe(202);
    const [mail] = await mailTo("ana@example.com");
    expect(mail?.text).toContain("https://rent.example.com/es/apply/");
    expect(mail?.subject).not.toBe((await mailTo("rosa@example.com"))[0]?.subject);
  });

  it("starts nothing for a unit the site does not show: rented, in a closed building, unknown", async () => {
    for (const id of [rented, hidden, 999_999, "nope"]) {
      const answer = await start(online, id, { name: "Lee Park", email: "lee@example.com" });
      expect(answer.statusCode, String(id)).toBe(404);
    }
    expect(await mailTo("lee@example.com")).toEqual([]);
  });

  it("refuses a form without a name or a real address, and sends nothing", async () => {
    for (const payload of [
      { name: "", email: "kim@example.com" },
      { name: "Kim Lee", email: "not an address" },
      { name: "Kim Lee", email: "kim@example.com", lang: "fr" },
    ]) {
      expect((await start(online, unit, payload)).statusCode).toBe(400);
    }
    expect(await mailTo("kim@example.com")).toEqual([]);
  });

  it("starts at most a few a day for one mailbox, plus-tags included, with the same answer", async () => {
    const addresses = [
      "sam@example.com",
      "sam+1@example.com",
      "Sam@Example.com",
      "sam+2@example.com",
    ];
    for (const email of addresses) {
      const answer = await start(online, unit, { name: "Sam Ortiz", email });
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({ success: true, message: applicationMessages.started });
    }
    const sent = (await online.outbox()).filter((m) => /^sam(\+\d)?@example\.com$/i.test(m.to));
    expect(sent).toHaveLength(APPLICATION_STARTS_PER_MAILBOX_PER_DAY);
    expect(await officeList("sam")).toHaveLength(APPLICATION_STARTS_PER_MAILBOX_PER_DAY);

    // A day later the mailbox may start another.
    clock = new Date(clock.getTime() + 24 * 3600_000 + 1000);
    expect(
      (await start(online, unit, { name: "Sam Ortiz", email: "sam@example.com" })).statusCode,
    ).toBe(202);
    expect(await officeList("sam")).toHaveLength(APPLICATION_STARTS_PER_MAILBOX_PER_DAY + 1);
  });
  it("answers 429 past a client's few forms a minute", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= APPLICATION_STARTS_PER_MINUTE; i++) {
      statuses.push(
        (await start(online, unit, { name: "Max Cruz", email: `max${i}@example.com` })).statusCode,
      );
    }
    expect(statuses).toEqual([...Array(APPLICATION_STARTS_PER_MINUTE).fill(202), 429]);
    expect(await mailTo(`max${APPLICATION_STARTS_PER_MINUTE}@example.com`)).toEqual([]);
  });
});

describe("Apply Now with the default (the external application page)", () => {
  it("has no application of its own to start", async () => {
    const answer = await start(external, unit, { name: "Tom Reyes", email: "tom@example.com" });
    expect(answer.statusCode).toBe(404);
    expect((await external.outbox()).filter((m) => m.to === "tom@example.com")).toEqual([]);
  });
});
