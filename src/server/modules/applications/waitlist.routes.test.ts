import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditApi } from "#domain/api/audit";
import { waitlistsApi as api } from "#domain/api/waitlists";
import { type AdminWaitlistEntry, type WaitlistView, waitlistMessages } from "#domain/waitlists";
import { waitlistEntries } from "#server/db/schema";
import type { OutboxMessage } from "#server/mail/outbox";
import { loginAs } from "#tests/support/auth";
import { call } from "#tests/support/call";
import { insertProperty, insertUnit } from "#tests/support/fixtures";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";

/**
 * A building's waiting lists through the API, on a clock the test moves: a join confirmed by its
 * link (double opt-in), the office's list in order, a move only with a reason, the next person
 * invited to apply when a unit opens, and the six-month question: a yes keeps the place, silence
 * removes the entry two weeks later and says so.
 */
let database: TestDatabase;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof loginAs>>;
const start = new Date("2027-03-01T15:00:00Z");
let now = start;
const DAY = 86_400_000;
let building: number;
let unit: number;

beforeAll(async () => {
  database = await createTestDb();
  testApp = await createTestApp(database, {
    clock: () => now,
    env: { PUBLIC_URL: "https://rent.example.com" },
  });
  admin = await loginAs(testApp.app, database.db, "admin");
  building = (await insertProperty(database.db, { title: "Oak Terrace" })).id;
  unit = (await insertUnit(database.db, building, { unitNumber: "5", bedrooms: 2 })).id;
});

afterAll(async () => {
  await testApp.close();
  await database.drop();
});

const mailTo = async (to: string): Promise<OutboxMessage[]> =>
  (await testApp.outbox()).filter((message) => message.to === to);
const tokenOf = (message: OutboxMessage) => /\/waitlist\/([\w-]{43})/.exec(message.text)?.[1] ?? "";
let client = 0;
/** A join from a client of its own (the form allows a few a minute per client). */
const joinAs = (email: string, bedrooms = 2, lang = "en") =>
  call(testApp.app, api.join, {
    params: { id: String(building) },
    payload: { name: "Nia Renter", email, bedrooms, lang },
    remoteAddress: `10.0.7.${++client}`,
  });
const view = (token: string) => call(testApp.app, api.view, { params: { token } });
const confirm = (token: string) => call(testApp.app, api.confirm, { params: { token } });
const list = async () =>
  (
    await call(testApp.app, api.list, {
      headers: admin.headers,
      query: { propertyId: String(building), bedrooms: "2" },
    })
  ).json() as { items: AdminWaitlistEntry[] };

/** Joins and confirms; answers the person's link token. */
async function onTheList(email: string) {
  expect((await joinAs(email)).statusCode).toBe(202);
  const token = tokenOf((await mailTo(email)).at(-1)!);
  expect((await confirm(token)).statusCode).toBe(200);
  return token;
}

let first: string;
let second: string;

describe("a waiting list", () => {
  it("takes a join only once its e-mailed link confirms it", async () => {
    const asked = await joinAs("Nia@Example.com", 2, "es");
    expect(asked.statusCode).toBe(202);
    expect(asked.json().message).toBe(waitlistMessages.checkEmail);
    const [mail] = await mailTo("nia@example.com");
    expect(mail!.subject).toBe(
      "Confirme su lugar en la lista de espera: Oak Terrace, 2 dormitorios",
    );
    expect(mail!.text).toContain("https://rent.example.com/es/waitlist/");
    first = tokenOf(mail!);
    expect(((await view(first)).json() as WaitlistView).status).toBe("pending");
    expect((await list()).items).toEqual([]);
    // Asking again within the hour sends nothing more; the same 202.
    expect((await joinAs("nia@example.com", 2, "es")).statusCode).toBe(202);
    expect(await mailTo("nia@example.com")).toHaveLength(1);

    const confirmed = await confirm(first);
    expect(confirmed.json()).toMatchObject({ status: "waiting", position: 1 });
    // Pressing it again changes nothing.
    expect((await confirm(first)).json()).toMatchObject({ status: "waiting", position: 1 });
    expect((await joinAs("nobody@example.com", 1)).statusCode).toBe(202);
    expect(
      (
        await call(testApp.app, api.join, {
          params: { id: "999999" },
          payload: { name: "Nia", email: "x@example.com", bedrooms: 2 },
        })
      ).statusCode,
    ).toBe(404);
  });

  it("is the office's in order, and moves someone only with a reason", async () => {
    now = new Date(start.getTime() + 60_000);
    second = await onTheList("omar@example.com");
    expect((await list()).items.map((e) => [e.email, e.position])).toEqual([
      ["nia@example.com", 1],
      ["omar@example.com", 2],
    ]);
    const omar = (await list()).items[1]!;
    const move = (payload: object) =>
      call(testApp.app, api.move, { params: { id: omar.id }, headers: admin.headers, payload });
    expect((await move({ position: 1 })).statusCode).toBe(400);
    const moved = await move({ position: 1, reason: "Reasonable accommodation: ground floor" });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ from: 2, to: 1 });
    const after = (await list()).items;
    expect(after.map((e) => e.email)).toEqual(["omar@example.com", "nia@example.com"]);
    expect(after[0]!.moves).toMatchObject([
      { from: 2, to: 1, reason: "Reasonable accommodation: ground floor" },
    ]);
    const trail = await call(testApp.app, auditApi.list, { headers: admin.headers });
    expect((trail.json() as { events: unknown[] }).events[0]).toMatchObject({
      action: "waitlist.moved",
      changes: { position: { before: 2, after: 1 } },
    });
  });

  it("invites the next person waiting to apply when a unit opens", async () => {
    const invited = await call(testApp.app, api.inviteNext, {
      params: { id: String(unit) },
      headers: admin.headers,
      payload: { count: 1 },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json().invited).toHaveLength(1);
    const invitation = (await mailTo("omar@example.com")).at(-1)!;
    expect(invitation.subject).toBe("Apply for Oak Terrace, unit 5");
    // Omar keeps his row in the list's order, invited; Nia is first of those waiting.
    expect((await list()).items.map((e) => [e.email, e.status, e.position])).toEqual([
      ["omar@example.com", "invited", null],
      ["nia@example.com", "waiting", 1],
    ]);
  });

  it("asks every six months: a yes keeps the place, silence removes the entry and says so", async () => {
    const silent = await onTheList("quiet@example.com");
    now = new Date(start.getTime() + 183 * DAY);
    await testApp.app.waitlistRunner.runOnce();
    const asked = (await mailTo("nia@example.com")).at(-1)!;
    expect(asked.subject).toBe("¿Sigue interesado? Oak Terrace, 2 dormitorios");
    expect(((await view(first)).json() as WaitlistView).checkPending).toBe(true);
    expect((await mailTo("quiet@example.com")).at(-1)!.subject).toBe(
      "Are you still interested? Oak Terrace, 2 bedrooms",
    );
    // Nia answers; the quiet one does not.
    expect((await confirm(first)).json()).toMatchObject({ checkPending: false, position: 1 });
    now = new Date(now.getTime() + 15 * DAY);
    await testApp.app.waitlistRunner.runOnce();
    expect((await view(silent)).statusCode).toBe(404);
    expect((await mailTo("quiet@example.com")).at(-1)!.subject).toBe(
      "You were taken off the waiting list: Oak Terrace, 2 bedrooms",
    );
    expect((await view(first)).json()).toMatchObject({ status: "waiting", position: 1 });
    // Asked only once a period: another pass sends Nia nothing.
    const before = (await mailTo("nia@example.com")).length;
    await testApp.app.waitlistRunner.runOnce();
    expect(await mailTo("nia@example.com")).toHaveLength(before);
  });

  it("deletes a join never confirmed after a week, and an entry whose person leaves", async () => {
    expect((await joinAs("late@example.com", 1)).statusCode).toBe(202);
    const late = tokenOf((await mailTo("late@example.com")).at(-1)!);
    now = new Date(now.getTime() + 8 * DAY);
    expect((await view(late)).statusCode).toBe(404);
    await testApp.app.waitlistRunner.runOnce();
    const left = await database.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.email, "late@example.com"));
    expect(left).toEqual([]);

    const gone = await call(testApp.app, api.leave, { params: { token: first } });
    expect(gone.json()).toMatchObject({ message: waitlistMessages.left });
    expect((await view(first)).statusCode).toBe(404);
    void second;
  });
});
