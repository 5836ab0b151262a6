import { readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { decodeJwt, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminMaintenanceApi } from "#domain/api/admin-maintenance";
import { authApi } from "#domain/api/auth";
import { notificationsApi } from "#domain/api/notifications";
import { tenantFilesApi } from "#domain/api/tenant-files";
import { tenantPortalApi } from "#domain/api/tenant-portal";
import { authMessages } from "#domain/auth";
import { maintenanceMessages, tenantMessages } from "#domain/maintenance";
import { defaultNotificationPreferences } from "#domain/notification-preferences";
import { site } from "#domain/site";
import type { OutboxMessage } from "#server/mail/outbox";
import { setUserPassword } from "#server/modules/users";
import { loginAs } from "#tests/support/auth";
import { call } from "#tests/support/call";
import { insertProperty, insertUnit } from "#tests/support/fixtures";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import { tenantSignInLinks, users } from "../../db/schema";
import { makeImage } from "../admin-properties/upload.test-helpers";
import { type FormPart, samples, sendForm } from "../tenant-files/tenant-files.test-helpers";

/**
 * The tenant portal through its routes: staff invite a tenant, the tenant signs in by the
 * e-mailed link, reports a repair with photos, and each side hears of the other's news; and a
 * tenant reaches only their own unit's requests, photos and documents.
 */

let database: TestDatabase;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof loginAs>>;
let now = new Date();
let seen = 0;
let elm: { id: number; title: string };
let unit2B: number;
let unit3C: number;

type Auth = { headers: { authorization: string }; uid: string; email: string };

beforeAll(async () => {
  database = await createTestDb();
  testApp = await createTestApp(database, {
    clock: () => now,
    env: { AUTH_ATTEMPTS_PER_MINUTE: "10000", RATE_LIMIT_PER_MINUTE: "100000" },
  });
  app = testApp.app;
  admin = await loginAs(app, database.db, "admin");
  elm = await insertProperty(database.db, { title: "Elm Court", city: "Hartford" });
  unit2B = (await insertUnit(database.db, elm.id, { unitNumber: "2B" })).id;
  unit3C = (await insertUnit(database.db, elm.id, { unitNumber: "3C" })).id;
});

afterAll(async () => {
  await testApp.close();
  await database.drop();
});

/** Mail sent since the last look. */
async function newMail(): Promise<OutboxMessage[]> {
  const all = await testApp.outbox();
  const fresh = all.slice(seen);
  seen = all.length;
  return fresh;
}

const FIREFOX_ON_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0";

const linkIn = (message: OutboxMessage | undefined) =>
  /\/tenant-portal\/sign-in\?token=([\w-]{43})/.exec(message?.text ?? "")?.[1];

let client = 0;
const fromNewClient = () => `10.9.${Math.floor(++client / 250)}.${client % 250}`;

/** Invites a tenant to a unit and signs them in by the invitation's link. */
async function invitedTenant(unitId: number, name: string): Promise<Auth> {
  await newMail();
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}.${Date.now()}@example.com`;
  const invited = await call(app, adminMaintenanceApi.invite, {
    headers: admin.headers,
    params: { id: unitId },
    payload: { name, email: email.toUpperCase() },
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const [invitation] = (await newMail()).filter((m) => m.to === email);
  expect(invitation?.subject).toBe(`${site.name}: your tenant portal`);
  const token = linkIn(invitation);
  expect(token).toBeDefined();
  const signedIn = await call(app, tenantPortalApi.signIn, {
    payload: { token },
    remoteAddress: fromNewClient(),
  });
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  const session = signedIn.json() as { token: string; user: { uid: string; role: string } };
  expect(session.user).toMatchObject({ role: "tenant", email, emailVerified: true });
  return { headers: { authorization: `Bearer ${session.token}` }, uid: session.user.uid, email };
}

function requestForm(fields: Record<string, string>, photos: Buffer[] = []): FormPart[] {
  return [
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...photos.map((content, i) => ({
      name: "photos",
      filename: `photo-${i}.png`,
      content,
      type: "image/png",
    })),
  ];
}

const leak = {
  title: "Leak under the sink",
  description: "Water drips from the pipe under the kitchen sink.",
  category: "plumbing",
  urgency: "urgent",
  permissionToEnter: "yes",
  preferredTimes: "Weekday mornings",
};

describe("the way in", () => {
  it("invites a tenant, whose link signs them in once; the staff login still refuses them", async () => {
    await newMail();
    const email = `ivy.${Date.now()}@example.com`;
    const invited = await call(app, adminMaintenanceApi.invite, {
      headers: admin.headers,
      params: { id: unit2B },
      payload: { name: "Ivy Tenant", email },
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({
      name: "Ivy Tenant",
      email,
      unit: { id: unit2B, unitNumber: "2B", propertyId: elm.id, propertyName: "Elm Court" },
      lastSignInAt: null,
    });
    const token = linkIn((await newMail()).find((m) => m.to === email))!;
    const first = await call(app, tenantPortalApi.signIn, { payload: { token } });
    expect(first.statusCode).toBe(200);
    const again = await call(app, tenantPortalApi.signIn, { payload: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(tenantMessages.linkInvalid);
    // No password works for them: the staff login refuses.
    const login = await call(app, authApi.login, { payload: { email, password: "" } });
    expect(login.statusCode).toBeGreaterThanOrEqual(400);
    // Inviting the address again while they have access is refused; staff addresses too.
    for (const [payload, message] of [
      [{ name: "Ivy", email }, tenantMessages.alreadyTenant],
      [{ name: "Boss", email: admin.email }, tenantMessages.staffAddress],
    ] as const) {
      const refused = await call(app, adminMaintenanceApi.invite, {
        headers: admin.headers,
        params: { id: unit3C },
        payload,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(message);
    }
    const missing = await call(app, adminMaintenanceApi.invite, {
      headers: admin.headers,
      params: { id: 987654 },
      payload: { name: "Nobody", email: "nobody@example.com" },
    });
    expect(missing.statusCode).toBe(404);
  });

  it("answers a sign-in link request the same for every address, and e-mails known tenants only", async () => {
    const tenant = await invitedTenant(unit2B, "Lee Linkman");
    await newMail();
    const answers = [];
    for (const email of [tenant.email, "stranger@example.com", admin.email]) {
      const response = await call(app, tenantPortalApi.signInLink, {
        payload: { email },
        remoteAddress: fromNewClient(),
      });
      answers.push([response.statusCode, response.body]);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]![0]).toBe(202);
    const mail = await newMail();
    expect(mail.map((m) => m.to)).toEqual([tenant.email]);
    expect(mail[0]!.subject).toBe(`${site.name}: your sign-in link`);
    const token = linkIn(mail[0])!;
    // Valid 15 minutes: at 16 it no longer signs in.
    const later = now;
    now = new Date(later.getTime() + 16 * 60 * 1000);
    const expired = await call(app, tenantPortalApi.signIn, { payload: { token } });
    now = later;
    expect(expired.statusCode).toBe(400);
    // Five links an hour per address; the sixth request is answered alike and sends nothing.
    for (let i = 0; i < 5; i++) {
      await call(app, tenantPortalApi.signInLink, {
        payload: { email: tenant.email },
        remoteAddress: fromNewClient(),
      });
    }
    expect((await newMail()).length).toBe(4);
    const { rows } = await database.pool.query(
      "select count(*)::int as n from tenant_sign_in_links where user_id = $1 and purpose = 'sign_in'",
      [tenant.uid],
    );
    expect(rows[0].n).toBe(5);
  });

  it("writes the link's e-mail in the language of the page it was asked from, and opens that page", async () => {
    const tenant = await invitedTenant(unit2B, "Lucía Enlace");
    await newMail();
    const response = await call(app, tenantPortalApi.signInLink, {
      payload: { email: tenant.email, lang: "es" },
      remoteAddress: fromNewClient(),
    });
    expect(response.statusCode).toBe(202);
    const [mail] = await newMail();
    expect(mail!.subject).toBe(`${site.name}: su enlace para iniciar sesión`);
    expect(mail!.text).toContain("portal de inquilinos");
    expect(mail!.html).toContain('<html lang="es">');
    expect(mail!.text).toMatch(/\/es\/tenant-portal\/sign-in\?token=[\w-]{43}/);
    const signedIn = await call(app, tenantPortalApi.signIn, { payload: { token: linkIn(mail)! } });
    expect(signedIn.statusCode).toBe(200);
    await newMail(); // the new-browser notice of that sign-in

    // A language the site does not speak is refused, and nothing is sent.
    const refused = await call(app, tenantPortalApi.signInLink, {
      payload: { email: tenant.email, lang: "fr" },
      remoteAddress: fromNewClient(),
    });
    expect(refused.statusCode).toBe(400);
    expect(await newMail()).toEqual([]);
  });
});

describe("a tenant's language", () => {
  it("is the invitation's: it and every notice after it in Spanish, until a link is opened on the English page", async () => {
    await newMail();
    const email = `rosa.${Date.now()}@example.com`;
    const invited = await call(app, adminMaintenanceApi.invite, {
      headers: admin.headers,
      params: { id: unit3C },
      payload: { name: "Rosa Díaz", email, language: "es" },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json()).toMatchObject({ email, language: "es" });
    const [invitation] = (await newMail()).filter((m) => m.to === email);
    expect(invitation!.subject).toBe(`${site.name}: su portal de inquilinos`);
    expect(invitation!.html).toContain('<html lang="es">');
    expect(invitation!.text).toContain("Le damos la bienvenida, Rosa Díaz");
    expect(invitation!.text).toContain("al portal de inquilinos de Elm Court, unidad 3C");
    expect(invitation!.text).toMatch(/\/es\/tenant-portal\/sign-in\?token=[\w-]{43}/);
    const signedIn = await call(app, tenantPortalApi.signIn, {
      payload: { token: linkIn(invitation) },
      remoteAddress: fromNewClient(),
    });
    expect(signedIn.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${signedIn.json().token}` };
    const created = await sendForm(app, tenantPortalApi.createRequest, requestForm(leak), {
      headers,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    await newMail();

    // The office's words stay English; what the tenant is told is Spanish, e-mail and portal.
    await call(app, adminMaintenanceApi.update, {
      headers: admin.headers,
      params: { id },
      payload: { status: "scheduled", scheduledFor: "2026-12-01", window: "morning" },
    });
    const [scheduled] = (await newMail()).filter((m) => m.to === email);
    expect(scheduled!.subject).toBe(
      `${site.name}: Estado de su solicitud "${leak.title}": Programada`,
    );
    expect(scheduled!.html).toContain('<html lang="es">');
    expect(scheduled!.text).toContain(
      "Hay una visita programada para el martes, 1 de diciembre de 2026, de 8 a. m. a 12 p. m.",
    );
    expect(scheduled!.text).toContain(`Solicitud: ${leak.title} (Elm Court, unidad 3C).`);
    expect(scheduled!.text).toMatch(/\/es\/tenant-portal(?!\/sign-in)/);
    const notes = await call(app, notificationsApi.list, { headers });
    expect(notes.json().notifications[0]).toMatchObject({
      title: `Estado de su solicitud "${leak.title}": Programada`,
      actionLabel: "Abrir el portal",
      actionUrl: "/es/tenant-portal",
    });

    // Signed in again from another browser: the notice is theirs (no password to reset: someone
    // with their link reads their e-mail), in Spanish.
    await call(app, tenantPortalApi.signInLink, {
      payload: { email, lang: "es" },
      remoteAddress: fromNewClient(),
    });
    const [spanishLink] = await newMail();
    const again = await call(app, tenantPortalApi.signIn, {
      payload: { token: linkIn(spanishLink), lang: "es" },
      remoteAddress: "198.51.100.77",
      headers: { "user-agent": FIREFOX_ON_WINDOWS },
    });
    expect(again.statusCode).toBe(200);
    const [notice, ...noMore] = await newMail();
    expect(noMore).toEqual([]);
    expect(notice!.subject).toBe(
      `Nuevo inicio de sesión en su portal de inquilinos de ${site.name}`,
    );
    expect(notice!.html).toContain('<html lang="es">');
    expect(notice!.text).toContain("Navegador: Firefox en Windows");
    expect(notice!.text).toContain("Dirección IP: 198.51.100.77");
    expect(notice!.text).toMatch(/Fecha y hora: \d{1,2} de \w+ de \d{4}/);
    expect(notice!.text).toContain("cambie ahora la contraseña de su correo electrónico");
    // Its button opens the portal's own sign-in page, in Spanish: not the staff's password form;
    // a tenant signed in there goes on to the Devices tab.
    expect(notice!.text).toContain("/es/tenant-portal/sign-in?tab=devices");
    expect(notice!.text).not.toContain("/account/security");

    // Anyone may ask a link for any address: asking changes nothing. Opening it on the English
    // page does: the tenant reads English now.
    await call(app, tenantPortalApi.signInLink, {
      payload: { email, lang: "en" },
      remoteAddress: fromNewClient(),
    });
    const [link] = await newMail();
    await call(app, adminMaintenanceApi.update, {
      headers: admin.headers,
      params: { id },
      payload: { status: "in_progress" },
    });
    const [stillSpanish] = (await newMail()).filter((m) => m.to === email);
    expect(stillSpanish!.subject).toBe(
      `${site.name}: Estado de su solicitud "${leak.title}": En curso`,
    );
    const opened = await call(app, tenantPortalApi.signIn, {
      payload: { token: linkIn(link), lang: "en" },
      remoteAddress: fromNewClient(),
    });
    expect(opened.statusCode).toBe(200);
    const [englishNotice] = await newMail();
    expect(englishNotice!.subject).toBe(`New sign-in to your ${site.name} tenant portal`);
    expect(englishNotice!.text).toContain("someone may be reading your e-mail");
    expect(englishNotice!.text).not.toMatch(/reset your password/i);
    expect(englishNotice!.text).toMatch(/\/tenant-portal\/sign-in\?tab=devices\b/);
    await call(app, adminMaintenanceApi.update, {
      headers: admin.headers,
      params: { id },
      payload: { status: "completed" },
    });
    const [done] = (await newMail()).filter((m) => m.to === email);
    expect(done!.subject).toBe(`${site.name}: Your request "${leak.title}" is completed`);
    const tenants = await call(app, adminMaintenanceApi.tenants, { headers: admin.headers });
    expect(tenants.json().tenants.find((t: { email: string }) => t.email === email)).toMatchObject({
      language: "en",
    });

    // A language the site does not speak is refused, and nobody is invited.
    const refused = await call(app, adminMaintenanceApi.invite, {
      headers: admin.headers,
      params: { id: unit3C },
      payload: { name: "Jean Dupont", email: `jean.${Date.now()}@example.com`, language: "fr" },
    });
    expect(refused.statusCode).toBe(400);
    expect(await newMail()).toEqual([]);
  });
});

describe("a repair, from the tenant's report to done", () => {
  it("files a request with photos, the office hears at once, staff schedule and comment, the tenant hears", async () => {
    const tenant = await invitedTenant(unit2B, "Tina Tenant");
    await newMail();
    const photos = [await makeImage("png", 1300, 900), await makeImage("jpeg", 800, 600)];
    const created = await sendForm(
      app,
      tenantPortalApi.createRequest,
      requestForm({ ...leak, urgency: "emergency" }, photos),
      { headers: tenant.headers },
    );
    expect(created.statusCode, created.body).toBe(201);
    const request = created.json();
    expect(request).toMatchObject({
      title: leak.title,
      status: "submitted",
      urgency: "emergency",
      permissionToEnter: true,
      property: { name: "Elm Court", unit: "2B", unitId: unit2B },
      tenant: { name: "Tina Tenant", email: tenant.email },
    });
    expect(request.photos).toHaveLength(2);

    // The office's e-mail, marked as an emergency; staff see it in the app too.
    const [notice] = await newMail();
    expect(notice).toMatchObject({ to: site.email, replyTo: tenant.email });
    expect(notice!.subject).toBe(
      `[${site.name}] EMERGENCY: Maintenance request: ${leak.title} (Elm Court, unit 2B)`,
    );
    const staffNotes = await call(app, notificationsApi.list, { headers: admin.headers });
    expect(staffNotes.json().notifications[0]).toMatchObject({
      title: `Emergency: ${leak.title}`,
      category: "emergency",
      priority: "urgent",
      read: false,
    });

    // The photos: re-encoded WebP behind a signed link, never under /uploads.
    for (const photo of request.photos) {
      expect(photo.url).not.toContain("/uploads/");
      const image = await app.inject({ method: "GET", url: photo.url });
      expect(image.statusCode).toBe(200);
      expect(image.headers["content-type"]).toBe("image/webp");
      expect(image.headers["cache-control"]).toBe("private, max-age=600");
      expect(image.rawPayload.subarray(8, 12).toString()).toBe("WEBP");
    }

    // Staff: first in the list (an open emergency), then scheduled and commented.
    const list = await call(app, adminMaintenanceApi.list, {
      headers: admin.headers,
      query: { status: "open" },
    });
    expect(list.json().requests[0].id).toBe(request.id);
    const summary = await call(app, adminMaintenanceApi.summary, { headers: admin.headers });
    expect(summary.json().emergencies).toBeGreaterThanOrEqual(1);
    const noDate = await call(app, adminMaintenanceApi.update, {
      headers: admin.headers,
      params: { id: request.id },
      payload: { status: "scheduled" },
    });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().message).toBe(maintenanceMessages.scheduleNeeded);
    const scheduled = await call(app, adminMaintenanceApi.update, {
      headers: admin.headers,
      params: { id: request.id },
      payload: { status: "scheduled", scheduledFor: "2026-12-01", window: "morning" },
    });
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json()).toMatchObject({
      status: "scheduled",
      scheduledFor: "2026-12-01",
      window: "morning",
    });
    const commented = await call(app, adminMaintenanceApi.comment, {
      headers: admin.headers,
      params: { id: request.id },
      payload: { body: "A plumber comes Tuesday morning." },
    });
    expect(commented.statusCode).toBe(201);

    const toTenant = (await newMail()).filter((m) => m.to === tenant.email);
    expect(toTenant.map((m) => m.subject)).toEqual([
      `${site.name}: Your request "${leak.title}" is scheduled`,
      `${site.name}: The office replied about "${leak.title}"`,
    ]);
    expect(toTenant[0]!.text).toContain("Tuesday, December 1, 2026, 8 AM to 12 PM");
    expect(toTenant[1]!.text).toContain("A plumber comes Tuesday morning.");

    // The tenant sees it all, and answers.
    const mine = await call(app, tenantPortalApi.listRequests, { headers: tenant.headers });
    expect(mine.json().requests[0]).toMatchObject({
      status: "scheduled",
      comments: [{ body: "A plumber comes Tuesday morning.", author: { role: "staff" } }],
    });
    const reply = await call(app, tenantPortalApi.comment, {
      headers: tenant.headers,
      params: { id: request.id },
      payload: { body: "Thank you, I will be home." },
    });
    expect(reply.statusCode).toBe(201);
    expect((await newMail()).map((m) => m.to)).toEqual([site.email]);
    const home = await call(app, tenantPortalApi.home, { headers: tenant.headers });
    expect(home.json()).toMatchObject({
      name: "Tina Tenant",
      unit: { unitNumber: "2B", propertyName: "Elm Court" },
      openRequests: 1,
    });

    // Completed: the tenant can no longer comment.
    await call(app, adminMaintenanceApi.update, {
      headers: admin.headers,
      params: { id: request.id },
      payload: { status: "completed" },
    });
    const closed = await call(app, tenantPortalApi.comment, {
      headers: tenant.headers,
      params: { id: request.id },
      payload: { body: "One more thing" },
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(maintenanceMessages.closed);
  });

  it("refuses bad forms whole: nothing stored, no photo left behind", async () => {
    const tenant = await invitedTenant(unit3C, "Bo Badform");
    await newMail();
    const count = async () =>
      (await database.pool.query("select count(*)::int as n from maintenance_photos")).rows[0].n;
    const before = await count();
    const photo = await makeImage("png", 600, 400);
    const cases: [FormPart[], number][] = [
      [requestForm({ ...leak, title: "x" }, [photo]), 400],
      [requestForm({ ...leak, urgency: "whenever" }, [photo]), 400],
      [requestForm(leak, [photo, photo, photo, photo, photo, photo]), 413],
      [
        [
          ...requestForm(leak),
          { name: "photos", filename: "lease.pdf", content: samples.pdf(), type: "image/png" },
        ],
        415,
      ],
    ];
    for (const [form, status] of cases) {
      const refused = await sendForm(app, tenantPortalApi.createRequest, form, {
        headers: tenant.headers,
      });
      expect(refused.statusCode, refused.body).toBe(status);
    }
    expect(await count()).toBe(before);
    expect(await newMail()).toEqual([]);
  });

  it("tells the tenant by e-mail only as their settings say; the in-app notice still comes", async () => {
    const tenant = await invitedTenant(unit3C, "Quinn Quiet");
    const saved = await call(app, notificationsApi.savePreferences, {
      headers: tenant.headers,
      payload: {
        ...defaultNotificationPreferences,
        email: { ...defaultNotificationPreferences.email, maintenance: false },
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().saved).toBe(true);
    const created = await sendForm(app, tenantPortalApi.createRequest, requestForm(leak), {
      headers: tenant.headers,
    });
    await newMail();
    await call(app, adminMaintenanceApi.update, {
      headers: admin.headers,
      params: { id: created.json().id },
      payload: { status: "in_progress" },
    });
    expect((await newMail()).filter((m) => m.to === tenant.email)).toEqual([]);
    const notes = await call(app, notificationsApi.list, { headers: tenant.headers });
    expect(notes.json().notifications[0]).toMatchObject({
      title: `Your request "${leak.title}" is in progress`,
      category: "maintenance",
    });
  });
});

describe("a tenant reaches their own unit only", () => {
  it("never sees, comments on or fetches another unit's requests, photos or documents", async () => {
    const owner = await invitedTenant(unit2B, "Olga Owner");
    const roommate = await invitedTenant(unit2B, "Rita Roommate");
    const neighbour = await invitedTenant(unit3C, "Ned Neighbour");
    const created = await sendForm(
      app,
      tenantPortalApi.createRequest,
      requestForm(leak, [await makeImage("png", 600, 400)]),
      { headers: owner.headers },
    );
    const request = created.json();
    // The roommate shares the unit: they see it. The neighbour does not.
    const seenBy = async (who: Auth) =>
      (await call(app, tenantPortalApi.listRequests, { headers: who.headers }))
        .json()
        .requests.map((r: { id: string }) => r.id);
    expect(await seenBy(roommate)).toContain(request.id);
    expect(await seenBy(neighbour)).not.toContain(request.id);
    for (const id of [request.id, "00000000-0000-4000-8000-000000000000", "1", "../x"]) {
      const comment = await call(app, tenantPortalApi.comment, {
        headers: neighbour.headers,
        params: { id },
        payload: { body: "Let me in" },
      });
      expect(comment.statusCode).toBe(404);
    }
    // Staff routes are not theirs; theirs are not staff's nor anonymous.
    for (const contract of [adminMaintenanceApi.list, adminMaintenanceApi.tenants]) {
      expect((await call(app, contract, { headers: owner.headers })).statusCode).toBe(403);
    }
    const staffGet = await call(app, adminMaintenanceApi.get, {
      headers: owner.headers,
      params: { id: request.id },
    });
    expect(staffGet.statusCode).toBe(403);
    for (const contract of [tenantPortalApi.listRequests, tenantPortalApi.home]) {
      expect((await call(app, contract, { headers: admin.headers })).statusCode).toBe(403);
      expect((await call(app, contract)).statusCode).toBe(401);
    }
    // A photo link is valid for minutes: a forged one is not found, an expired one gone.
    // One character of the signature changed: its first, which carries six bits of it (the
    // last carries only four, and changing its spare bits left the same signature one time in
    // sixteen).
    const forged = request.photos[0].url.replace(
      /\.([^.])([^./]*)$/,
      (_: string, first: string, rest: string) => `.${first === "A" ? "B" : "A"}${rest}`,
    );
    expect(forged).not.toBe(request.photos[0].url);
    expect((await app.inject({ method: "GET", url: forged })).statusCode).toBe(404);
    const secret = new TextEncoder().encode(
      (await readFile(path.join(testApp.dataDir, "jwt-secret"), "utf8")).trim(),
    );
    const claims = decodeJwt(request.photos[0].url.split("/").pop()!);
    const expired = await new SignJWT({ pid: claims.pid, w: claims.w, v: claims.v })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setAudience(String(claims.aud))
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secret);
    const gone = await call(app, tenantPortalApi.photo, { params: { token: expired } });
    expect(gone.statusCode).toBe(410);

    // Moved to 3C: the old unit's request is no longer theirs to see, nor its thread.
    const moved = await call(app, adminMaintenanceApi.moveTenant, {
      headers: admin.headers,
      params: { id: owner.uid },
      payload: { unitId: unit3C },
    });
    expect(moved.statusCode).toBe(200);
    expect(await seenBy(owner)).not.toContain(request.id);
    // Documents: the office shares one with the owner; only the owner lists and fetches it.
    const shared = await sendForm(
      app,
      adminMaintenanceApi.shareDocument,
      [
        { name: "category", value: "lease" },
        { name: "file", filename: "lease.pdf", content: samples.pdf() },
      ],
      { headers: admin.headers, params: { id: owner.uid } },
    );
    expect(shared.statusCode, shared.body).toBe(201);
    const file = shared.json().files[0];
    expect(file).toMatchObject({ fromOffice: true, category: "lease" });
    const ownList = await call(app, tenantPortalApi.listDocuments, { headers: owner.headers });
    expect(ownList.json().files.map((f: { id: string }) => f.id)).toContain(file.id);
    const otherList = await call(app, tenantPortalApi.listDocuments, {
      headers: neighbour.headers,
    });
    expect(otherList.json().files.map((f: { id: string }) => f.id)).not.toContain(file.id);
    const otherLink = await call(app, tenantPortalApi.documentLink, {
      headers: neighbour.headers,
      params: { id: file.id },
    });
    expect(otherLink.statusCode).toBe(404);

    // Access ended: the session stops at once, and no link signs them in again.
    const ended = await call(app, adminMaintenanceApi.endAccess, {
      headers: admin.headers,
      params: { id: owner.uid },
    });
    expect(ended.statusCode).toBe(200);
    expect(
      (await call(app, tenantPortalApi.listRequests, { headers: owner.headers })).statusCode,
    ).toBe(401);
    await newMail();
    await call(app, tenantPortalApi.signInLink, {
      payload: { email: owner.email },
      remoteAddress: fromNewClient(),
    });
    expect(await newMail()).toEqual([]);
    const [row] = await database.db.select().from(users).where(eq(users.id, owner.uid));
    expect(row).toMatchObject({ unitId: null });
    expect(row!.accessEndedAt).not.toBeNull();
    const links = await database.db
      .select()
      .from(tenantSignInLinks)
      .where(eq(tenantSignInLinks.userId, owner.uid));
    expect(links).toEqual([]);
  });
});

describe("an ended tenancy", () => {
  it("ends everywhere: no session, no reset e-mail, no password or link sign-in, no link made before", async () => {
    const tenant = await invitedTenant(unit2B, "Elena Ended");
    // Made while the tenancy lasts: a repair with a photo, a document the office shares.
    const created = await sendForm(
      app,
      tenantPortalApi.createRequest,
      requestForm(leak, [await makeImage("png", 600, 400)]),
      { headers: tenant.headers },
    );
    expect(created.statusCode, created.body).toBe(201);
    const repair = created.json();
    const shared = await sendForm(
      app,
      adminMaintenanceApi.shareDocument,
      [
        { name: "category", value: "lease" },
        { name: "file", filename: "lease.pdf", content: samples.pdf() },
      ],
      { headers: admin.headers, params: { id: tenant.uid } },
    );
    const file = shared.json().files[0];
    const link = await call(app, tenantPortalApi.documentLink, {
      headers: tenant.headers,
      params: { id: file.id },
    });
    const download = link.json().downloadUrl as string;
    const photo = repair.photos[0].url as string;
    expect((await app.inject({ method: "GET", url: download })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: photo })).statusCode).toBe(200);

    const ended = await call(app, adminMaintenanceApi.endAccess, {
      headers: admin.headers,
      params: { id: tenant.uid },
    });
    expect(ended.statusCode).toBe(200);
    // The links made for them minutes ago are dead; staff's own links to the same still work.
    expect((await app.inject({ method: "GET", url: download })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: photo })).statusCode).toBe(404);
    const staffView = await call(app, adminMaintenanceApi.get, {
      headers: admin.headers,
      params: { id: repair.id },
    });
    const staffPhoto = await app.inject({ method: "GET", url: staffView.json().photos[0].url });
    expect(staffPhoto.statusCode).toBe(200);
    const staffLink = await call(app, tenantFilesApi.downloadLink, {
      headers: admin.headers,
      params: { id: file.id },
    });
    const staffDownload = await app.inject({ method: "GET", url: staffLink.json().downloadUrl });
    expect(staffDownload.statusCode).toBe(200);

    // No reset e-mail for their address; a password they had anyway signs nobody in, with the
    // answer of a wrong one.
    await newMail();
    const reset = await call(app, authApi.requestPasswordReset, {
      payload: { email: tenant.email },
    });
    expect(reset.statusCode).toBe(200);
    expect(await newMail()).toEqual([]);
    await setUserPassword({ db: database.db }, { email: tenant.email, password: "Left-over-1234" });
    const login = await call(app, authApi.login, {
      payload: { email: tenant.email, password: "Left-over-1234" },
      remoteAddress: fromNewClient(),
    });
    expect(login.statusCode).toBe(401);
    expect(login.json().message).toBe(authMessages.invalidCredentials);
  });

  it("never had a password: a tenant with access gets no reset e-mail, and a password set otherwise is refused at the staff sign-in", async () => {
    const tenant = await invitedTenant(unit3C, "Paula Portal");
    await newMail();
    await call(app, authApi.requestPasswordReset, { payload: { email: tenant.email } });
    expect(await newMail()).toEqual([]);
    await setUserPassword(
      { db: database.db },
      { email: tenant.email, password: "Set-by-cli-1234" },
    );
    const login = await call(app, authApi.login, {
      payload: { email: tenant.email, password: "Set-by-cli-1234" },
      remoteAddress: fromNewClient(),
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ error: "admins_only", message: authMessages.adminsOnly });
    // Staff still reset theirs.
    await call(app, authApi.requestPasswordReset, { payload: { email: admin.email } });
    expect((await newMail()).map((m) => m.to)).toEqual([admin.email]);
  });
});

describe("notifications", () => {
  it("are each person's own: read, unread, delete and clear reach nobody else's", async () => {
    const tenant = await invitedTenant(unit3C, "Nina Notes");
    const created = await sendForm(app, tenantPortalApi.createRequest, requestForm(leak), {
      headers: tenant.headers,
    });
    await call(app, adminMaintenanceApi.comment, {
      headers: admin.headers,
      params: { id: created.json().id },
      payload: { body: "On our way." },
    });
    const list = async (who: { headers: { authorization: string } }) =>
      (await call(app, notificationsApi.list, { headers: who.headers })).json().notifications;
    const [mine] = await list(tenant);
    const staffIds = (await list(admin)).map((n: { id: string }) => n.id);
    expect(staffIds).not.toContain(mine.id);
    // Staff cannot touch the tenant's notification, nor the tenant staff's.
    for (const [who, id] of [
      [admin, mine.id],
      [tenant, staffIds[0]],
    ] as const) {
      const read = await call(app, notificationsApi.markRead, {
        headers: who.headers,
        params: { id },
        payload: { read: true },
      });
      expect(read.statusCode).toBe(404);
      const removed = await call(app, notificationsApi.remove, {
        headers: who.headers,
        params: { id },
      });
      expect(removed.statusCode).toBe(404);
    }
    const read = await call(app, notificationsApi.markRead, {
      headers: tenant.headers,
      params: { id: mine.id },
      payload: { read: true },
    });
    expect(read.json()).toMatchObject({ id: mine.id, read: true });
    const unread = await call(app, notificationsApi.markRead, {
      headers: tenant.headers,
      params: { id: mine.id },
      payload: { read: false },
    });
    expect(unread.json().read).toBe(false);
    await call(app, notificationsApi.markAllRead, { headers: tenant.headers });
    expect((await list(tenant)).every((n: { read: boolean }) => n.read)).toBe(true);
    await call(app, notificationsApi.clear, { headers: tenant.headers });
    expect(await list(tenant)).toEqual([]);
    expect((await list(admin)).length).toBe(staffIds.length);
    // Preferences: the defaults until saved.
    const prefs = await call(app, notificationsApi.preferences, { headers: tenant.headers });
    expect(prefs.json()).toEqual({ preferences: defaultNotificationPreferences, saved: false });
  });
});

describe("the sign-in links' purge", () => {
  it("removes links used or expired more than a day ago, and keeps the others", async () => {
    const { createTenantLinks, hashLinkToken } = await import("../tenants/tenant-links");
    const tenant = await invitedTenant(unit3C, "Pia Purge");
    const links = createTenantLinks(database.db);
    const day = 24 * 60 * 60 * 1000;
    const past = new Date(Date.now() - 2 * day);
    const live = await links.issue(tenant.uid, "sign_in", new Date(Date.now() + 60_000));
    await links.issue(tenant.uid, "sign_in", past);
    const before = await database.db
      .select()
      .from(tenantSignInLinks)
      .where(eq(tenantSignInLinks.userId, tenant.uid));
    // The invitation (used a moment ago), the live link and the expired one.
    expect(before).toHaveLength(3);
    const left = async () =>
      database.db
        .select({ hash: tenantSignInLinks.tokenHash })
        .from(tenantSignInLinks)
        .where(eq(tenantSignInLinks.userId, tenant.uid));
    // Now: only the link expired two days ago goes.
    await links.purge(new Date());
    expect(await left()).toHaveLength(2);
    expect((await left()).map((r) => r.hash)).toContain(hashLinkToken(live));
    // Two days on, the used invitation and the link expired since go too.
    await links.purge(new Date(Date.now() + 2 * day));
    expect(await left()).toEqual([]);
  });
});
