import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ALERT_SUBSCRIBES_PER_ADDRESS_PER_HOUR_IN_ALL, alertMessages } from "#domain/alerts";
import { alertsApi } from "#domain/api/alerts";
import { mailboxKey } from "#server/db/mailbox";
import { alertDeliveries, alertSubscriptions, units } from "#server/db/schema";
import type { OutboxMessage } from "#server/mail/outbox";
import { loadJwtSecret } from "#server/modules/auth";
import { call } from "#tests/support/call";
import { insertProperty, insertUnit } from "#tests/support/fixtures";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import {
  createManageTokens,
  createRequesterKeys,
  hashAlertToken,
  type RequesterKeys,
} from "./alert-tokens";
import {
  alertPurges,
  confirm,
  findByConfirmToken,
  subscribe as subscribeTo,
} from "./alerts.service";

let database: TestDatabase;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
/** The alerts' clock: Tuesday, November 24, 2026, 7:00 in Connecticut (12:00 UTC). */
let now = new Date("2026-11-24T12:00:00Z");
let seen = 0;
let hartford: number;
let newBritain: number;
let requesterKey: RequesterKeys;

beforeAll(async () => {
  database = await createTestDb();
  testApp = await createTestApp(database, { clock: () => now });
  requesterKey = createRequesterKeys(await loadJwtSecret(testApp.config));
  hartford = (await insertProperty(database.db, { title: "Asylum Hill Flats", city: "Hartford" }))
    .id;
  newBritain = (
    await insertProperty(database.db, { title: "Walnut Hill Homes", city: "New Britain" })
  ).id;
  // Listed before anyone subscribes: never news.
  await insertUnit(database.db, hartford, { unitNumber: "1A", bedrooms: 2, rent: 1600 });
});

afterAll(async () => {
  await testApp.close();
  await database.drop();
});

beforeEach(async () => {
  await testApp.app.alertRunner.runOnce();
  seen = (await testApp.outbox()).length;
});

/** The alerts' dependencies as the app has them, at a clock of the test's choosing. */
const alertDeps = (clock: Date) => ({
  db: database.db,
  mailQueue: testApp.app.mailQueue,
  publicUrl: testApp.config.publicUrl,
  manageToken: () => "the manage token",
  // The app's own keys: what the route stored and what a call here counts must agree.
  requesterKey,
  now: () => clock,
});

/** What the outbox received since the last look, after a pass of the runner. */
async function newMail(): Promise<OutboxMessage[]> {
  await testApp.app.alertRunner.runOnce();
  const all = await testApp.outbox();
  const fresh = all.slice(seen);
  seen = all.length;
  return fresh;
}

/** Each request from a client address of its own: the per-address limit has a test of its own. */
let client = 0;
const subscribe = (
  body: object,
  remoteAddress = `10.0.${Math.floor(++client / 250)}.${client % 250}`,
) => call(testApp.app, alertsApi.subscribe, { payload: body, remoteAddress });

/** Subscribes and presses the confirmation page's button; answers its token and stored row. */
async function subscribed(email: string, body: object = {}) {
  const before = (await testApp.outbox()).length;
  const response = await subscribe({
    email,
    criteria: { bedroomsMin: 2, rentMax: 1800, towns: ["hartford"] },
    frequency: "instant",
    lang: "en",
    ...body,
  });
  expect(response.statusCode).toBe(202);
  const mail = (await testApp.outbox()).slice(before).find((m) => m.to === email);
  const token = /\/alerts\/confirm\/([\w-]{43})/.exec(mail!.text)![1]!;
  const confirmed = await call(testApp.app, alertsApi.confirm, { params: { token } });
  expect(confirmed.json().status).toBe("active");
  const [row] = await database.db
    .select()
    .from(alertSubscriptions)
    .where(eq(alertSubscriptions.email, email));
  seen = (await testApp.outbox()).length;
  return { token, row: row! };
}

describe("subscribing", () => {
  it("answers 202 with the same words for any address and e-mails a confirmation link", async () => {
    const response = await subscribe({
      email: "Rosa@Example.com",
      criteria: { bedroomsMin: 2, rentMax: 1800, towns: ["Hartford"], availableNow: true },
      frequency: "daily",
      lang: "es",
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ success: true, message: alertMessages.checkEmail });
    const [mail] = await newMail();
    expect(mail).toMatchObject({ to: "rosa@example.com" });
    expect(mail!.subject).toContain("confirme sus alertas");
    expect(mail!.text).toMatch(/\/es\/alerts\/confirm\/[\w-]{43}/);
    expect(mail!.text).toContain("2+ dormitorios, hasta $1,800, en Hartford, disponible ahora");
    const [row] = await database.db
      .select()
      .from(alertSubscriptions)
      .where(eq(alertSubscriptions.email, "rosa@example.com"));
    expect(row).toMatchObject({ status: "pending", frequency: "daily", lang: "es" });
    // Only hashes are kept: the link's token is nowhere in the row.
    const token = /\/confirm\/([\w-]{43})/.exec(mail!.text)![1]!;
    expect(row!.confirmTokenHash).toBe(hashAlertToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("refuses bad input with the reasons and stores nothing", async () => {
    const response = await subscribe({
      email: "not an address",
      criteria: { bedroomsMin: -1, rentMax: 1.5 },
      frequency: "weekly",
    });
    expect(response.statusCode).toBe(400);
    const paths = (response.json().details as { path: string }[]).map((d) => d.path).sort();
    expect(paths).toEqual(["criteria.bedroomsMin", "criteria.rentMax", "email", "frequency"]);
    expect(await newMail()).toEqual([]);
  });

  it("refuses a sixth request within a minute from one client address", async () => {
    const answers: number[] = [];
    for (let i = 0; i < 6; i += 1)
      answers.push(
        (
          await subscribe(
            { email: `ip${i}@example.com`, criteria: {}, frequency: "instant" },
            "10.9.9.9",
          )
        ).statusCode,
      );
    expect(answers).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it("sends nothing more to a mailbox past one client's requests of the hour, with the same answer", async () => {
    const email = "busy@example.com";
    for (let i = 0; i < 5; i += 1) {
      const response = await subscribe({ email, criteria: {}, frequency: "instant" }, "10.8.8.8");
      expect(response.statusCode).toBe(202);
      expect(response.json().message).toBe(alertMessages.checkEmail);
    }
    // Past the client's requests of the minute, the route says 429; the hour's cap, asked
    // directly, later in the hour, sends nothing.
    const later = alertDeps(new Date(now.getTime() + 30 * 60_000));
    for (let i = 0; i < 2; i += 1)
      await subscribeTo(
        later,
        { email, criteria: {}, frequency: "instant", lang: "en" },
        "10.8.8.8",
      );
    expect((await newMail()).filter((m) => m.to === email)).toHaveLength(5);
  });

  it("still e-mails the owner's own request after five forged ones from another client", async () => {
    const email = "victim@example.com";
    for (let i = 0; i < 5; i += 1)
      await subscribe({ email, criteria: { rentMax: 500 + i }, frequency: "instant" }, "10.7.7.7");
    expect((await newMail()).filter((m) => m.to === email)).toHaveLength(5);
    // The forger's sixth gets nothing; the owner, from their own connection, gets their link.
    const later = alertDeps(new Date(now.getTime() + 2 * 60_000));
    await subscribeTo(later, { email, criteria: {}, frequency: "daily", lang: "en" }, "10.7.7.7");
    expect((await newMail()).filter((m) => m.to === email)).toHaveLength(0);
    await subscribe({ email, criteria: { bedroomsMin: 2 }, frequency: "daily" }, "10.6.6.6");
    const [mail] = (await newMail()).filter((m) => m.to === email);
    expect(mail!.text).toContain("2+ bedrooms");
    // Pending requests are not alerts: none of the forged five counts against the five alerts.
    const token = /\/alerts\/confirm\/([\w-]{43})/.exec(mail!.text)![1]!;
    const confirmed = await call(testApp.app, alertsApi.confirm, { params: { token } });
    expect(confirmed.statusCode).toBe(200);
  });

  it(`counts plus-tags and Gmail's dots as one mailbox, and at most ${ALERT_SUBSCRIBES_PER_ADDRESS_PER_HOUR_IN_ALL} requests an hour from all clients`, async () => {
    const [row] = await database.db
      .execute<{ a: string; b: string; c: string }>(
        sql`select ${mailboxKey(sql`${"rosa.lee+alerts@googlemail.com"}`)} as a,
        ${mailboxKey(sql`${"rosa.lee+1+2@example.com"}`)} as b,
        ${mailboxKey(sql`${"plain@example.com"}`)} as c`,
      )
      .then((result) => result.rows);
    expect(row).toEqual({
      a: "rosalee@gmail.com",
      b: "rosa.lee@example.com",
      c: "plain@example.com",
    });

    const variants = (i: number) => `tagged+${i}@example.com`;
    for (let i = 0; i < 5; i += 1)
      await subscribe({ email: variants(i), criteria: {}, frequency: "instant" }, "10.5.5.5");
    const later = alertDeps(new Date(now.getTime() + 2 * 60_000));
    await subscribeTo(
      later,
      { email: variants(5), criteria: {}, frequency: "instant", lang: "en" },
      "10.5.5.5",
    );
    const tagged = (await newMail()).filter((m) => m.to.startsWith("tagged"));
    expect(tagged.map((m) => m.to)).toEqual([0, 1, 2, 3, 4].map(variants));

    // Many clients together: past the hour's bound for the mailbox, nothing more is sent.
    const flood = ALERT_SUBSCRIBES_PER_ADDRESS_PER_HOUR_IN_ALL + 3;
    for (let i = 0; i < flood; i += 1)
      await subscribe({ email: `flood+${i}@example.com`, criteria: {}, frequency: "instant" });
    const flooded = (await newMail()).filter((m) => m.to.startsWith("flood"));
    expect(flooded).toHaveLength(ALERT_SUBSCRIBES_PER_ADDRESS_PER_HOUR_IN_ALL);
  });
});

describe("alerts", () => {
  it("sends a matching unit that opens once, ever, with its facts and one-click unsubscribe", async () => {
    const { row } = await subscribed("maria@example.com");
    const unit = await insertUnit(database.db, hartford, {
      unitNumber: "2B",
      bedrooms: 2,
      bathrooms: 1,
      rent: 1750,
    });
    const mail = (await newMail()).filter((m) => m.to === "maria@example.com");
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe("New home for you: Asylum Hill Flats, Unit 2B");
    expect(mail[0]!.text).toContain("$1,750/month");
    expect(mail[0]!.text).toContain("2 bedrooms · 1 bath");
    expect(mail[0]!.text).toContain(`/properties/${unit.id}`);
    expect(mail[0]!.text).toContain("Your alert: 2+ bedrooms, up to $1,800, in Hartford.");
    const unsubscribe = /^<(https?:\/\/\S+\/api\/alerts\/unsubscribe\/[\w-]{43})>$/.exec(
      mail[0]!.headers["List-Unsubscribe"] ?? "",
    );
    expect(unsubscribe).not.toBeNull();
    expect(mail[0]!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

    // Passes, a rent change and the unit going and coming back send it no more.
    await database.db.update(units).set({ rent: 1700 }).where(eq(units.id, unit.id));
    await database.db.update(units).set({ available: false }).where(eq(units.id, unit.id));
    await testApp.app.alertRunner.runOnce();
    await database.db.update(units).set({ available: true }).where(eq(units.id, unit.id));
    expect((await newMail()).filter((m) => m.to === "maria@example.com")).toEqual([]);
    const deliveries = await database.db
      .select()
      .from(alertDeliveries)
      .where(eq(alertDeliveries.subscriptionId, row.id));
    expect(deliveries.find((d) => d.unitId === unit.id)?.state).toBe("sent");
  });

  it("sends nothing for a unit that does not match, nor for one of an inactive building", async () => {
    await subscribed("nomatch@example.com");
    await insertUnit(database.db, hartford, { unitNumber: "3C", bedrooms: 1, rent: 1200 });
    await insertUnit(database.db, hartford, { unitNumber: "3D", bedrooms: 3, rent: 2400 });
    await insertUnit(database.db, newBritain, { unitNumber: "1", bedrooms: 3, rent: 1500 });
    const hidden = await insertProperty(database.db, { city: "Hartford", active: false });
    await insertUnit(database.db, hidden.id, { unitNumber: "9", bedrooms: 2, rent: 1500 });
    expect((await newMail()).filter((m) => m.to === "nomatch@example.com")).toEqual([]);
  });

  it("alerts when a rent drops into range", async () => {
    const unit = await insertUnit(database.db, hartford, {
      unitNumber: "4A",
      bedrooms: 3,
      rent: 2100,
    });
    await subscribed("drop@example.com");
    expect((await newMail()).filter((m) => m.to === "drop@example.com")).toEqual([]);
    await database.db.update(units).set({ rent: 1795 }).where(eq(units.id, unit.id));
    const mail = (await newMail()).filter((m) => m.to === "drop@example.com");
    expect(mail.map((m) => m.subject)).toEqual(["New home for you: Asylum Hill Flats, Unit 4A"]);
  });

  it("gathers a daily subscription's matches into one summary at 8:00 office time", async () => {
    await subscribed("daily@example.com", { frequency: "daily", lang: "es" });
    await insertUnit(database.db, hartford, { unitNumber: "5A", bedrooms: 2, rent: 1650 });
    await insertUnit(database.db, hartford, { unitNumber: "5B", bedrooms: 4, rent: 1790 });
    // 7:00 in Connecticut: matched, not yet sent.
    expect((await newMail()).filter((m) => m.to === "daily@example.com")).toEqual([]);
    now = new Date("2026-11-24T13:00:00Z");
    const [digest, ...more] = (await newMail()).filter((m) => m.to === "daily@example.com");
    expect(more).toEqual([]);
    expect(digest!.subject).toBe("Hoy, 2 viviendas nuevas coinciden con su alerta");
    expect(digest!.text).toContain("Asylum Hill Flats, unidad 5A");
    expect(digest!.text).toContain("Asylum Hill Flats, unidad 5B");
    expect(digest!.text).toContain("/es/properties/");
    expect(digest!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    // Later that day: a new match waits for tomorrow's summary; nothing when there is nothing.
    await insertUnit(database.db, hartford, { unitNumber: "5C", bedrooms: 2, rent: 1500 });
    now = new Date("2026-11-24T20:00:00Z");
    expect((await newMail()).filter((m) => m.to === "daily@example.com")).toEqual([]);
    now = new Date("2026-11-25T13:05:00Z");
    const next = (await newMail()).filter((m) => m.to === "daily@example.com");
    expect(next.map((m) => m.subject)).toEqual(["Hoy, 1 vivienda nueva coincide con su alerta"]);
    now = new Date("2026-11-26T13:05:00Z");
    expect((await newMail()).filter((m) => m.to === "daily@example.com")).toEqual([]);
    now = new Date("2026-11-24T12:00:00Z");
  });

  it("deletes a daily alert its subscriber never touched for two years, though the sender passed over it daily", async () => {
    const { row } = await subscribed("untouched@example.com", { frequency: "daily" });
    const activityOf = async () =>
      (
        await database.db
          .select({ at: alertSubscriptions.lastActivityAt })
          .from(alertSubscriptions)
          .where(eq(alertSubscriptions.id, row.id))
      )[0]?.at;
    // Confirmed two years and a day ago; a summary pass every day since, the last one today.
    const confirmedAt = new Date(now.getTime() - 731 * 86_400_000);
    await database.db
      .update(alertSubscriptions)
      .set({ lastActivityAt: confirmedAt })
      .where(eq(alertSubscriptions.id, row.id));
    // A home that matches: the next summary sends it, a pass that changes the row.
    await insertUnit(database.db, hartford, { unitNumber: "U1", bedrooms: 2, rent: 1500 });
    now = new Date("2026-11-24T13:05:00Z");
    const summaries = (await newMail()).filter((m) => m.to === "untouched@example.com");
    expect(summaries).toHaveLength(1);
    const [after] = await database.db
      .select()
      .from(alertSubscriptions)
      .where(eq(alertSubscriptions.id, row.id));
    expect(after!.lastDigestOn).toBe("2026-11-24");
    expect(await activityOf()).toEqual(confirmedAt);
    for (const purge of alertPurges(alertDeps(now))) await purge.run();
    expect(await activityOf()).toBeUndefined();
    now = new Date("2026-11-24T12:00:00Z");
  });

  it("keeps an alert whose subscriber opened its manage page, one day short of two years after the last change", async () => {
    const { row } = await subscribed("opened@example.com");
    const old = new Date(now.getTime() - 800 * 86_400_000);
    await database.db
      .update(alertSubscriptions)
      .set({ lastActivityAt: old })
      .where(eq(alertSubscriptions.id, row.id));
    const token = createManageTokens(await loadJwtSecret(testApp.config))(row.id);
    expect((await call(testApp.app, alertsApi.manage, { params: { token } })).statusCode).toBe(200);
    // The purge two years less a day after that visit keeps it.
    const later = alertDeps(new Date(now.getTime() + 729 * 86_400_000));
    for (const purge of alertPurges(later)) await purge.run();
    const kept = await database.db
      .select()
      .from(alertSubscriptions)
      .where(eq(alertSubscriptions.id, row.id));
    expect(kept).toHaveLength(1);
  });
});

describe("managing", () => {
  it("shows, changes, pauses and resumes a subscription by its link", async () => {
    const { row } = await subscribed("manage@example.com");
    await insertUnit(database.db, hartford, { unitNumber: "6A", bedrooms: 2, rent: 1500 });
    const [alert] = (await newMail()).filter((m) => m.to === "manage@example.com");
    const token = /\/alerts\/manage\/([\w-]{43})/.exec(alert!.text)![1]!;
    expect(row.manageTokenHash).toBe(hashAlertToken(token));

    const shown = await call(testApp.app, alertsApi.manage, { params: { token } });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({
      email: "manage@example.com",
      frequency: "instant",
      status: "active",
      criteria: { bedroomsMin: 2, rentMax: 1800, towns: ["Hartford"] },
      towns: expect.arrayContaining(["Hartford", "New Britain"]),
    });

    const paused = await call(testApp.app, alertsApi.update, {
      params: { token },
      payload: { paused: true },
    });
    expect(paused.json().status).toBe("paused");
    await insertUnit(database.db, hartford, { unitNumber: "6B", bedrooms: 2, rent: 1500 });
    expect((await newMail()).filter((m) => m.to === "manage@example.com")).toEqual([]);

    // Resumed with wider criteria: what is listed now is known; only what opens later is sent.
    const resumed = await call(testApp.app, alertsApi.update, {
      params: { token },
      payload: { paused: false, criteria: { towns: ["Hartford", "New Britain"] } },
    });
    expect(resumed.json()).toMatchObject({
      status: "active",
      criteria: { towns: ["Hartford", "New Britain"] },
    });
    expect((await newMail()).filter((m) => m.to === "manage@example.com")).toEqual([]);
    await insertUnit(database.db, newBritain, { unitNumber: "7", bedrooms: 0, rent: 900 });
    const [next] = (await newMail()).filter((m) => m.to === "manage@example.com");
    expect(next!.subject).toBe("New home for you: Walnut Hill Homes, Unit 7");
  });

  it("unsubscribes with one POST from a mail client, without a session, and forgets the address", async () => {
    await subscribed("leave@example.com");
    await insertUnit(database.db, hartford, { unitNumber: "8A", bedrooms: 2, rent: 1500 });
    const [alert] = (await newMail()).filter((m) => m.to === "leave@example.com");
    const url = new URL(/^<(.+)>$/.exec(alert!.headers["List-Unsubscribe"]!)![1]!);
    const response = await testApp.app.inject({
      method: "POST",
      url: url.pathname,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: alertMessages.unsubscribed });
    const rows = await database.db
      .select()
      .from(alertSubscriptions)
      .where(eq(alertSubscriptions.email, "leave@example.com"));
    expect(rows).toEqual([]);
    await insertUnit(database.db, hartford, { unitNumber: "8B", bedrooms: 2, rent: 1500 });
    expect((await newMail()).filter((m) => m.to === "leave@example.com")).toEqual([]);
    // A mail client that sends it again is told the same: RFC 8058's POST is idempotent.
    const again = await testApp.app.inject({ method: "POST", url: url.pathname });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: true, message: alertMessages.unsubscribed });
    expect(again.headers["cache-control"]).toBe("no-store");
  });

  it("answers 404 for unknown, malformed and pending links, and they change nothing", async () => {
    const before = await database.db.select().from(alertSubscriptions);
    for (const token of ["x".repeat(43), "short", "../../etc"]) {
      for (const [contract, payload] of [
        [alertsApi.confirm, undefined],
        [alertsApi.manage, undefined],
        [alertsApi.update, { paused: true, criteria: {} }],
        [alertsApi.unsubscribe, undefined],
      ] as const) {
        const response = await call(testApp.app, contract, { params: { token }, payload });
        // The one-click unsubscribe answers any link of the right shape alike (idempotent).
        const wellFormed = contract === alertsApi.unsubscribe && token.length === 43;
        expect(response.statusCode).toBe(wellFormed ? 200 : 404);
        if (!wellFormed) expect(response.json().message).toBe(alertMessages.linkInvalid);
        expect(response.headers["cache-control"]).toBe("no-store");
      }
    }
    expect(await database.db.select().from(alertSubscriptions)).toEqual(before);
  });
});

describe("confirmation", () => {
  it("the link's page changes nothing; its button turns the alerts on and answers the manage link once", async () => {
    const email = "scanned@example.com";
    const response = await subscribe({
      email,
      criteria: { towns: ["hartford"] },
      frequency: "instant",
      lang: "en",
    });
    expect(response.statusCode).toBe(202);
    const [mail] = (await newMail()).filter((m) => m.to === email);
    const token = /\/alerts\/confirm\/([\w-]{43})/.exec(mail!.text)![1]!;
    const statusOf = async () =>
      (
        await database.db
          .select({ status: alertSubscriptions.status })
          .from(alertSubscriptions)
          .where(eq(alertSubscriptions.email, email))
      ).map((row) => row.status);

    // What the page reads when the link is opened, by a person or by a mail scanner, twice.
    for (let visit = 0; visit < 2; visit++) {
      const shown = await findByConfirmToken(alertDeps(now), token);
      expect(shown).toMatchObject({
        used: false,
        subscription: { email, status: "pending", criteria: { towns: ["Hartford"] } },
      });
      expect(shown?.subscription).not.toHaveProperty("manageToken");
    }
    expect(await statusOf()).toEqual(["pending"]);

    // Listed while it waits, and it is not sent: the alert never ran.
    await insertUnit(database.db, hartford, { unitNumber: "9Z", bedrooms: 1, rent: 1100 });
    expect((await newMail()).filter((m) => m.to === email)).toEqual([]);

    const first = await call(testApp.app, alertsApi.confirm, { params: { token } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ email, status: "active" });
    const { manageToken } = first.json();
    const managed = await call(testApp.app, alertsApi.manage, { params: { token: manageToken } });
    expect(managed.statusCode).toBe(200);
    expect(await statusOf()).toEqual(["active"]);

    // Used once: the link says so, and gives neither the address nor the manage link again.
    const again = await call(testApp.app, alertsApi.confirm, { params: { token } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(alertMessages.linkUsed);
    expect(again.body).not.toContain(email);
    expect(again.body).not.toContain(manageToken);
    expect(await findByConfirmToken(alertDeps(now), token)).toEqual({ used: true });
    expect(await statusOf()).toEqual(["active"]);
  });

  it("expires after 7 days, and the purge removes the subscription", async () => {
    const response = await subscribe({
      email: "late@example.com",
      criteria: {},
      frequency: "instant",
    });
    expect(response.statusCode).toBe(202);
    const [mail] = (await newMail()).filter((m) => m.to === "late@example.com");
    const token = /\/alerts\/confirm\/([\w-]{43})/.exec(mail!.text)![1]!;
    const deps = alertDeps(new Date(now.getTime() + 7 * 24 * 3_600_000 + 1000));
    expect(await findByConfirmToken(deps, token)).toBeNull();
    expect(await confirm(deps, token)).toBeNull();
    for (const purge of alertPurges(deps)) await purge.run();
    const rows = await database.db
      .select()
      .from(alertSubscriptions)
      .where(eq(alertSubscriptions.email, "late@example.com"));
    expect(rows).toEqual([]);
  });
});
