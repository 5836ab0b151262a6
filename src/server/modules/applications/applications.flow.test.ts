import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationsApi as api } from "#domain/api/applications";
import { auditApi } from "#domain/api/audit";
import { listingsApi } from "#domain/api/listings";
import { applicationChargeMessages } from "#domain/application-charges";
import {
  type AdminApplicationDetail,
  type ApplicantView,
  applicationMessages,
  LEAD_PAINT_PAMPHLET_URL,
} from "#domain/applications";
import { units, users } from "#server/db/schema";
import type { OutboxMessage } from "#server/mail/outbox";
import { loginAs } from "#tests/support/auth";
import { call } from "#tests/support/call";
import { insertProperty, insertUnit } from "#tests/support/fixtures";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";

/**
 * Rental applications through the API, as an applicant and the office would, on a fake clock:
 * the invitation's link opens the application, a draft comes back from it, each adult's part is
 * their own, the decision steps are e-mailed (a denial resting on a screening report with the
 * adverse-action notice), the law's limits on fees and deposits refuse with a reason, and the
 * accepted offer makes the applicants tenants of a unit that leaves the public list.
 */
let database: TestDatabase;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof loginAs>>;
// Monday 1 March 2027, 10:00 in Connecticut.
const now = new Date("2027-03-01T15:00:00Z");
let unit: number;
let otherUnit: number;

beforeAll(async () => {
  database = await createTestDb();
  testApp = await createTestApp(database, {
    clock: () => now,
    env: { PUBLIC_URL: "https://rent.example.com" },
  });
  admin = await loginAs(testApp.app, database.db, "admin");
  const building = await insertProperty(database.db, { title: "Elm Court", yearBuilt: 1965 });
  unit = (await insertUnit(database.db, building.id, { unitNumber: "2B", rent: 1500 })).id;
  otherUnit = (await insertUnit(database.db, building.id, { unitNumber: "3C", rent: 1400 })).id;
});

afterAll(async () => {
  await testApp.close();
  await database.drop();
});

const mailTo = async (to: string): Promise<OutboxMessage[]> =>
  (await testApp.outbox()).filter((message) => message.to === to);
const tokenOf = (message: OutboxMessage) => /\/apply\/([\w-]{43})/.exec(message.text)?.[1] ?? "";
const invite = (unitId: number, payload: object) =>
  call(testApp.app, api.invite, {
    params: { id: String(unitId) },
    headers: admin.headers,
    payload,
  });
const view = (token: string) => call(testApp.app, api.view, { params: { token } });
const save = (token: string, payload: object) =>
  call(testApp.app, api.save, { params: { token }, payload });
const submit = (token: string) => call(testApp.app, api.submit, { params: { token } });
const detail = async (id: string) =>
  (
    await call(testApp.app, api.get, { params: { id }, headers: admin.headers })
  ).json() as AdminApplicationDetail;
const decide = (id: string, payload: object) =>
  call(testApp.app, api.decide, { params: { id }, headers: admin.headers, payload });
const offer = (id: string, payload: object) =>
  call(testApp.app, api.offer, { params: { id }, headers: admin.headers, payload });

const completePart = (dateOfBirth: string, name: string) => ({
  phone: "860-555-0101",
  dateOfBirth,
  homes: [{ address: "12 Oak Street, Hartford, CT", from: "2019-06", to: "", monthlyRent: 1200 }],
  income: [
    { source: "employment", detail: "Hartford Hospital", monthlyAmount: 3200 },
    { source: "housing_voucher", detail: "Section 8 (HCV)", monthlyAmount: 900 },
  ],
  consent: true,
  signature: name,
});
const household = { children: 2, pets: "One cat", moveIn: "2027-04-01", accommodations: "" };

/** Invites, fills in and submits a whole application; answers its id and the first's token. */
async function appliedFor(unitId: number, name: string, email: string, dateOfBirth: string) {
  expect((await invite(unitId, { name, email })).statusCode).toBe(201);
  const token = tokenOf((await mailTo(email.toLowerCase())).at(-1)!);
  expect((await save(token, { part: completePart(dateOfBirth, name), household })).statusCode).toBe(
    200,
  );
  expect((await submit(token)).statusCode).toBe(201);
  const list = await call(testApp.app, api.list, { headers: admin.headers, query: { q: email } });
  const id = (list.json() as { items: { id: string }[] }).items[0]!.id;
  return { id, token };
}

let rosa: { id: string; token: string };
let luisToken: string;

describe("an application from the invitation to the office", () => {
  it("opens from the invitation's link, brings a saved draft back, and lists what is missing", async () => {
    const invited = await invite(unit, {
      name: "Rosa Díaz",
      email: "Rosa@Example.com",
      lang: "es",
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const [mail] = await mailTo("rosa@example.com");
    expect(mail!.subject).toBe("Solicite Elm Court, unidad 2B");
    expect(mail!.text).toContain("https://rent.example.com/es/apply/");
    const token = tokenOf(mail!);

    const opened = (await view(token)).json() as ApplicantView;
    expect(opened).toMatchObject({
      status: "draft",
      place: "Elm Court, unidad 2B",
      applicant: { name: "Rosa Díaz", email: "rosa@example.com", primary: true, lang: "es" },
      part: {},
      household: {},
      adults: [],
      offer: null,
    });

    const draft = { phone: "860-555-0101", homes: [{ address: "12 Oak Street" }] };
    expect((await save(token, { part: draft })).statusCode).toBe(200);
    expect(((await view(token)).json() as ApplicantView).part).toEqual(draft);

    const early = await submit(token);
    expect(early.statusCode).toBe(400);
    const paths = (early.json() as { details: { path: string }[] }).details.map((d) => d.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "part.dateOfBirth",
        "part.homes.0.from",
        "part.consent",
        "part.signature",
        "household.children",
      ]),
    );
    // Nothing was submitted: the office has no application waiting.
    const list = await call(testApp.app, api.list, { headers: admin.headers });
    expect(list.json()).toMatchObject({ waiting: 0, items: [{ status: "draft" }] });

    expect(
      (await save(token, { part: completePart("1960-01-01", "Rosa Díaz"), household })).statusCode,
    ).toBe(200);
    const submitted = await submit(token);
    expect(submitted.statusCode, submitted.body).toBe(201);
    expect((submitted.json() as ApplicantView).status).toBe("submitted");
    expect((await mailTo("rosa@example.com")).at(-1)!.subject).toBe(
      "Solicitud recibida: Elm Court, unidad 2B",
    );
    // A submitted part no longer changes.
    expect((await save(token, { part: {} })).statusCode).toBe(409);

    const office = (await call(testApp.app, api.list, { headers: admin.headers })).json();
    expect(office).toMatchObject({
      waiting: 1,
      items: [{ status: "submitted", name: "Rosa Díaz", adults: 1, duplicate: false }],
    });
    rosa = { id: office.items[0].id, token };
  });

  it("gives a second adult a link of their own that holds their part apart", async () => {
    const added = await call(testApp.app, api.inviteAdult, {
      params: { token: rosa.token },
      payload: { name: "Luis Díaz", email: "luis@example.com" },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect((added.json() as ApplicantView).adults).toEqual([
      { name: "Luis Díaz", email: "luis@example.com", submitted: false },
    ]);
    const [mail] = await mailTo("luis@example.com");
    expect(mail!.subject).toBe("Su parte de la solicitud para Elm Court, unidad 2B");
    expect(mail!.text).toContain("Rosa Díaz");
    luisToken = tokenOf(mail!);
    expect(luisToken).not.toBe(rosa.token);

    const his = (await view(luisToken)).json() as ApplicantView;
    expect(his).toMatchObject({ applicant: { primary: false }, part: {}, household: null });
    expect((await save(luisToken, { part: {}, household: { children: 0 } })).statusCode).toBe(403);
    const again = await call(testApp.app, api.inviteAdult, {
      params: { token: luisToken },
      payload: { name: "Someone Else", email: "else@example.com" },
    });
    expect(again.statusCode).toBe(403);

    expect(
      (await save(luisToken, { part: completePart("1962-05-10", "Luis Díaz") })).statusCode,
    ).toBe(200);
    expect((await submit(luisToken)).statusCode).toBe(201);
    const whole = await detail(rosa.id);
    expect(whole.applicants.map((a) => [a.name, a.primary, a.age])).toEqual([
      ["Rosa Díaz", true, 67],
      ["Luis Díaz", false, 64],
    ]);
    expect(whole.applicants[1]!.part.income).toHaveLength(2);
    // Rosa's and Luis's incomes; the vouchers pay 1,800 of the 1,500 rent: the share is nothing.
    expect(whole.income).toEqual({ monthly: 8200, vouchers: 1800, tenantShare: 0 });
  });

  it("refuses a link that is not one, and a screening fee above the year's cap", async () => {
    expect((await view("x".repeat(43))).statusCode).toBe(404);
    const tooMuch = await decide(rosa.id, { status: "screening", screeningFee: 60 });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().message).toBe(applicationChargeMessages.feeAboveCap(50));
    expect((await detail(rosa.id)).status).toBe("submitted");

    const screening = await decide(rosa.id, { status: "screening", screeningFee: 50 });
    expect(screening.statusCode, screening.body).toBe(200);
    expect((screening.json() as AdminApplicationDetail).screeningFee).toBe(50);
    expect((await mailTo("luis@example.com")).at(-1)!.subject).toBe(
      "Su solicitud para Elm Court, unidad 2B",
    );
    const trail = await call(testApp.app, auditApi.list, { headers: admin.headers });
    expect((trail.json() as { events: unknown[] }).events[0]).toMatchObject({
      action: "application.status_changed",
      targetType: "application",
      targetId: rosa.id,
      changes: { status: { before: "submitted", after: "screening" } },
    });
    // Back to submitted is not a step the office takes.
    expect((await decide(rosa.id, { status: "submitted" })).statusCode).toBe(409);
  });
});

describe("a denial resting on a screening report", () => {
  it("is refused without the notice's facts, and with them e-mails every element of 1681m", async () => {
    const sam = await appliedFor(otherUnit, "Sam Lee", "sam@example.com", "1990-02-02");
    expect((await decide(sam.id, { status: "screening" })).statusCode).toBe(200);
    const bare = await decide(sam.id, { status: "denied", reason: "screening-report" });
    expect(bare.statusCode).toBe(400);
    expect(bare.body).toContain(applicationMessages.adverseActionNeeded);
    expect((await decide(sam.id, { status: "denied" })).statusCode).toBe(400);
    expect((await detail(sam.id)).status).toBe("screening");

    const denied = await decide(sam.id, {
      status: "denied",
      reason: "screening-report",
      adverseAction: {
        agencyName: "Keystone Tenant Screening",
        agencyAddress: "PO Box 100, Chester, PA 19016",
        agencyPhone: "1-800-555-0199",
        score: {
          value: 580,
          low: 300,
          high: 850,
          factors: ["Serious delinquency", "Too many recent inquiries"],
        },
      },
    });
    expect(denied.statusCode, denied.body).toBe(200);
    const notice = (await mailTo("sam@example.com")).at(-1)!;
    expect(notice.subject).toBe("Your application for Elm Court, unit 3C");
    for (const element of [
      "was not approved",
      "Notice of adverse action",
      "Keystone Tenant Screening",
      "PO Box 100, Chester, PA 19016",
      "1-800-555-0199",
      "did not make this decision and cannot tell you the specific reasons",
      "free copy of your report",
      "within 60 days",
      "dispute",
      "Your credit score: 580, on a scale from 300 to 850",
      "Serious delinquency; Too many recent inquiries",
    ]) {
      expect(notice.text).toContain(element);
    }
    const kept = await detail(sam.id);
    expect(kept.notices).toHaveLength(1);
    expect(kept.notices[0]!.body).toContain("Keystone Tenant Screening did not make this decision");
    expect(kept.decision).toMatchObject({ status: "denied", reason: "screening-report" });
    expect(kept.allowed).toEqual([]);
  });

  it("flags a second application from the same address as a duplicate", async () => {
    await appliedFor(unit, "Sam Lee", "SAM@example.com", "1990-02-02");
    const list = await call(testApp.app, api.list, {
      headers: admin.headers,
      query: { q: "sam@" },
    });
    const items = (list.json() as { items: { duplicate: boolean; place: string }[] }).items;
    expect(items.map((i) => [i.place, i.duplicate])).toEqual([
      ["Elm Court, unit 2B", true],
      ["Elm Court, unit 3C", true],
    ]);
    expect((await detail(rosa.id)).duplicate).toBe(false);
  });
});

describe("the offer of the home", () => {
  it("refuses a deposit above the limit, a fee the law forbids and a missing lead-paint disclosure", async () => {
    expect((await offer(rosa.id, { rent: 1500, deposit: 1500 })).statusCode).toBe(409);
    expect((await decide(rosa.id, { status: "approved" })).statusCode).toBe(200);
    // Rosa is 67: one month's rent at most (CGS 47a-21).
    const deposit = await offer(rosa.id, { rent: 1500, deposit: 3000 });
    expect(deposit.statusCode).toBe(422);
    expect(deposit.json().message).toBe(applicationChargeMessages.depositAboveLimit(1, 1500));
    const fee = await offer(rosa.id, {
      rent: 1500,
      deposit: 1500,
      charges: [{ kind: "application_fee", amount: 25 }],
    });
    expect(fee.statusCode).toBe(422);
    expect(fee.json().message).toBe(applicationChargeMessages.chargeNotAllowed);
    const lead = await offer(rosa.id, { rent: 1500, deposit: 1500 });
    expect(lead.statusCode).toBe(422);
    expect(lead.json().message).toBe(applicationMessages.offerLeadPaint);
    expect((await detail(rosa.id)).offer).toBeNull();
  });

  it("sends the offer with the lead-paint disclosure, and the acceptance makes tenants of them", async () => {
    const offered = await offer(rosa.id, {
      rent: 1500,
      deposit: 1500,
      charges: [{ kind: "key_deposit", amount: 50 }],
      leadPaint: { hazardsKnown: false, reportsAvailable: true, reports: "2019 inspection report" },
    });
    expect(offered.statusCode, offered.body).toBe(200);
    const mail = (await mailTo("rosa@example.com")).at(-1)!;
    expect(mail.subject).toBe("La oferta de su nueva vivienda: Elm Court, unidad 2B");
    expect(mail.text).toContain("Declaración de advertencia sobre el plomo");
    expect(mail.text).toContain("2019 inspection report");
    expect(mail.text).toContain(LEAD_PAINT_PAMPHLET_URL);
    expect(tokenOf(mail)).toBe(rosa.token);

    const accept = (token: string, payload: object) =>
      call(testApp.app, api.accept, { params: { token }, payload });
    expect((await accept(luisToken, { leadPaintAcknowledged: true })).statusCode).toBe(403);
    const unacknowledged = await accept(rosa.token, {});
    expect(unacknowledged.statusCode).toBe(400);
    expect(unacknowledged.body).toContain(applicationMessages.leadPaintAcknowledgement);

    const accepted = await accept(rosa.token, { leadPaintAcknowledged: true });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((accepted.json() as ApplicantView).offer).toMatchObject({
      acceptedAt: now.toISOString(),
      leadPaintAcknowledgedAt: now.toISOString(),
    });
    const [home] = await database.db.select().from(units).where(eq(units.id, unit));
    expect(home!.available).toBe(false);
    const tenants = await database.db
      .select({ email: users.email, language: users.language })
      .from(users)
      .where(and(eq(users.role, "tenant"), eq(users.unitId, unit)));
    expect(tenants.sort((a, b) => a.email.localeCompare(b.email))).toEqual([
      { email: "luis@example.com", language: "es" },
      { email: "rosa@example.com", language: "es" },
    ]);
    expect((await mailTo("luis@example.com")).at(-1)!.subject).toContain("portal de inquilinos");
    // The public site shows the home as taken: no longer counted or found as available.
    const listed = await call(testApp.app, listingsApi.getUnit, { params: { id: String(unit) } });
    expect(listed.json()).toMatchObject({ available: false });
    const buildings = await call(testApp.app, listingsApi.listBuildings, {
      query: { available: "true" },
    });
    expect((buildings.json() as { availableUnits: number }[]).map((b) => b.availableUnits)).toEqual(
      [1],
    );
    expect((await accept(rosa.token, { leadPaintAcknowledged: true })).statusCode).toBe(409);
  });
});

describe("a paper application typed in by the office", () => {
  it("starts one with nothing e-mailed, takes the paper's answers through the same form, and tells the renter once submitted", async () => {
    const entered = await call(testApp.app, api.enterPaper, {
      params: { id: String(otherUnit) },
      headers: admin.headers,
      payload: { name: "Pat Paper", email: "pat@example.com", lang: "es" },
    });
    expect(entered.statusCode, entered.body).toBe(201);
    const { id, formPath } = entered.json() as { id: string; formPath: string };
    expect(formPath).toMatch(/^\/es\/apply\/[\w-]{43}$/);
    expect(await mailTo("pat@example.com")).toEqual([]);
    // The office finds the form again from the application until it is submitted.
    expect(await detail(id)).toMatchObject({ source: "paper", paperFormPath: formPath });

    // The same form and the same checks as the renter's own: incomplete is refused.
    const token = formPath.split("/").at(-1)!;
    expect((await submit(token)).statusCode).toBe(400);
    const part = completePart("1980-05-05", "Pat Paper");
    expect((await save(token, { part, household })).statusCode).toBe(200);
    expect((await submit(token)).statusCode).toBe(201);
    expect(await detail(id)).toMatchObject({ status: "submitted", paperFormPath: null });
    const mails = await mailTo("pat@example.com");
    expect(mails.map((m) => m.subject)).toEqual(["Solicitud recibida: Elm Court, unidad 3C"]);
  });

  it("is refused for a unit that does not exist, and for a form without a name", async () => {
    const enter = (id: string, payload: object) =>
      call(testApp.app, api.enterPaper, { params: { id }, headers: admin.headers, payload });
    expect((await enter("999999", { name: "Pat Paper", email: "p2@example.com" })).statusCode).toBe(
      404,
    );
    expect((await enter(String(otherUnit), { name: "", email: "p2@example.com" })).statusCode).toBe(
      400,
    );
  });
});
