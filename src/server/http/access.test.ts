import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { decodeJwt, SignJWT, UnsecuredJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminMaintenanceApi } from "#domain/api/admin-maintenance";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { alertsApi } from "#domain/api/alerts";
import { applicationsApi } from "#domain/api/applications";
import { authApi } from "#domain/api/auth";
import type { WriteContract } from "#domain/api/contract";
import { inquiriesApi } from "#domain/api/inquiries";
import { mfaApi } from "#domain/api/mfa";
import { notificationsApi } from "#domain/api/notifications";
import { outgoingMailApi } from "#domain/api/outgoing-mail";
import { privacyApi, privacyRequestsApi } from "#domain/api/privacy";
import { showingsApi } from "#domain/api/showings";
import { tenantFilesApi } from "#domain/api/tenant-files";
import { tenantPortalApi } from "#domain/api/tenant-portal";
import { waitlistsApi } from "#domain/api/waitlists";
import type { TenantFile } from "#domain/tenant-files";
import { loginAs } from "#tests/support/auth";
import { call, urlOf } from "#tests/support/call";
import { insertFailedMail, insertImage, insertProperty, insertUnit } from "#tests/support/fixtures";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import {
  applicants,
  applications,
  inquiries,
  maintenanceRequests,
  privacyRequests,
  showings,
  users,
  waitlistEntries,
} from "../db/schema";
import { DOWNLOAD_AUDIENCE, UPLOAD_AUDIENCE } from "../modules/tenant-files/file-tokens";
import {
  type FormPart,
  filesIn,
  multipart,
  samples,
  sendForm,
} from "../modules/tenant-files/tenant-files.test-helpers";
import { dataDirectories } from "../paths";

/**
 * Access control, attack by attack: writes to other ids, tokens used for what
 * they were not made for, path traversal into DATA_DIR, and tenants' documents kept off every
 * public URL. Traversal is sent over a real socket, byte for byte: `app.inject` parses the URL
 * with WHATWG rules, which would quietly resolve `..`, `%2e%2e` and backslashes before the
 * server ever saw them.
 */

const PUBLIC_URL = "https://rent.example.com";
const MISSING = "999999";
const MISSING_UUID = "00000000-0000-4000-8000-000000000000";
/** The administrator's own user id (a row that is no tenant). */
let adminId: string;

let database: TestDatabase;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof loginAs>>;
let tenant: Awaited<ReturnType<typeof loginAs>>;
let otherTenant: Awaited<ReturnType<typeof loginAs>>;
let world: World;
let secret: Uint8Array;
let address: { host: string; port: number };
/** Written into DATA_DIR where the embedded PostgreSQL keeps its password. */
const marker = `ACCESS-MARKER-${randomBytes(12).toString("hex")}`;

beforeAll(async () => {
  database = await createTestDb();
  testApp = await createTestApp(database, {
    env: {
      AUTH_ATTEMPTS_PER_MINUTE: "10000",
      RATE_LIMIT_PER_MINUTE: "100000",
      PUBLIC_URL,
    },
  });
  app = testApp.app;
  admin = await loginAs(app, database.db, "admin");
  tenant = await loginAs(app, database.db, "tenant");
  otherTenant = await loginAs(app, database.db, "tenant");
  world = await makeWorld();
  adminId = (await database.pool.query("select id from users where email = $1", [admin.email]))
    .rows[0].id;
  secret = new TextEncoder().encode(
    (await readFile(path.join(testApp.dataDir, "jwt-secret"), "utf8")).trim(),
  );
  await writeFile(path.join(testApp.dataDir, "pg-password"), marker, { mode: 0o600 });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const bound = app.server.address() as net.AddressInfo;
  address = { host: "127.0.0.1", port: bound.port };
});

afterAll(async () => {
  await testApp.close();
  await database.drop();
});

// ---------------------------------------------------------------------------------------------
// Fixtures and snapshots

/** Two buildings, each with a unit, photos on both levels, and an inquiry. */
async function makeWorld() {
  const [a, b] = [await insertProperty(database.db), await insertProperty(database.db)];
  const [unitA, unitB] = [await insertUnit(database.db, a.id), await insertUnit(database.db, b.id)];
  const imageOfA = await insertImage(database.db, { propertyId: a.id });
  const imageOfB = await insertImage(database.db, { propertyId: b.id });
  const imageOfUnitA = await insertImage(database.db, { unitId: unitA.id });
  const imageOfUnitB = await insertImage(database.db, { unitId: unitB.id });
  const [inquiry] = await database.db
    .insert(inquiries)
    .values({
      name: "Pat Prospect",
      email: "pat@example.com",
      phone: "555-0100",
      message: "Is the flat still free?",
      propertyId: a.id,
    })
    .returning();
  // A tenant of unit A with a request of theirs: what the tenant and maintenance writes aim at.
  const [resident] = await database.db
    .insert(users)
    .values({
      email: `resident-${randomBytes(4).toString("hex")}@example.com`,
      displayName: "Rae Resident",
      role: "tenant",
      passwordHash: "",
      unitId: unitA.id,
      unitSince: new Date(),
      invitedAt: new Date(),
    })
    .returning();
  const [repair] = await database.db
    .insert(maintenanceRequests)
    .values({
      tenantId: resident!.id,
      tenantName: "Rae Resident",
      tenantEmail: resident!.email,
      unitId: unitA.id,
      propertyId: a.id,
      title: "Dripping tap",
      description: "The kitchen tap drips all night.",
      category: "plumbing",
      urgency: "routine",
      permissionToEnter: true,
    })
    .returning();
  // Another administrator (a second step to reset), and a message that failed (to retry).
  const [colleague] = await database.db
    .insert(users)
    .values({
      email: `colleague-${randomBytes(4).toString("hex")}@example.com`,
      displayName: "Cal Colleague",
      role: "admin",
      passwordHash: "",
    })
    .returning();
  const failedMail = await insertFailedMail(database.db);
  // A renter's confirmed privacy request, open (to mark answered).
  const [privacyRequest] = await database.db
    .insert(privacyRequests)
    .values({
      email: "asker@example.com",
      kind: "access",
      expiresAt: new Date(),
      confirmedAt: new Date(),
      dueAt: new Date(Date.now() + 45 * 86_400_000),
    })
    .returning();
  // Renters' showings of unit A an hour ago: one booked (to mark), one completed (to follow up).
  const [showing, shown] = await database.db
    .insert(showings)
    .values(
      (["booked", "completed"] as const).map((status, i) => ({
        unitId: unitA.id,
        startsAt: new Date(Date.now() - (3 + i) * 3_600_000),
        endsAt: new Date(Date.now() - (2 + i) * 3_600_000),
        status,
        name: "Sam Seeker",
        email: "sam@example.com",
        phone: "555-0101",
        tokenHash: randomBytes(32).toString("hex"),
      })),
    )
    .returning();
  // Applications for unit A: one submitted (to screen), one approved (to offer the home).
  const [application, approved] = await database.db
    .insert(applications)
    .values(
      (["submitted", "approved"] as const).map((status) => ({
        unitId: unitA.id,
        place: "Unit A",
        status,
      })),
    )
    .returning();
  await database.db.insert(applicants).values(
    [application!, approved!].map((row) => ({
      applicationId: row.id,
      primary: true,
      name: "Ada Applicant",
      email: "ada@example.com",
      tokenHash: randomBytes(32).toString("hex"),
      linkExpiresAt: new Date(Date.now() + 86_400_000),
    })),
  );
  // Someone waiting on unit A's list (its building, its bedrooms): to move and to invite.
  const [waiting] = await database.db
    .insert(waitlistEntries)
    .values({
      propertyId: a.id,
      bedrooms: unitA.bedrooms,
      name: "Wes Waiting",
      email: "wes@example.com",
      status: "waiting",
      rank: 1,
      joinedAt: new Date(),
      lastConfirmedAt: new Date(),
      tokenHash: randomBytes(32).toString("hex"),
    })
    .returning();
  return {
    waiting: waiting!.id,
    application: application!.id,
    approved: approved!.id,
    showing: showing!.id,
    shown: shown!.id,
    privacyRequest: privacyRequest!.id,
    resident: resident!.id,
    repair: repair!.id,
    colleague: colleague!.id,
    failedMail: failedMail.id,
    a: a.id,
    b: b.id,
    unitA: unitA.id,
    unitB: unitB.id,
    imageOfA: imageOfA.id,
    imageOfB: imageOfB.id,
    imageOfUnitA: imageOfUnitA.id,
    imageOfUnitB: imageOfUnitB.id,
    inquiry: inquiry!.id,
  };
}
type World = Awaited<ReturnType<typeof makeWorld>>;

const TABLES = [
  "users",
  "auth_codes",
  "properties",
  "units",
  "images",
  "inquiries",
  "tenant_files",
  "document_requests",
  "maintenance_requests",
  "maintenance_comments",
  "notification_events",
  "privacy_requests",
  "showings",
  "applications",
  "applicants",
  "waitlist_entries",
] as const;

/** Every row of every table: "nothing else changed" means this is equal before and after. */
async function everything() {
  const dump: Record<string, unknown> = {};
  for (const table of TABLES) {
    const { rows } = await database.pool.query(
      `select coalesce(json_agg(row_to_json(t) order by t.id::text), '[]'::json) as rows from ${table} t`,
    );
    dump[table] = rows[0].rows;
  }
  return dump;
}

async function rowOf(table: string, id: number | string): Promise<unknown> {
  const { rows } = await database.pool.query(
    `select row_to_json(t) as row from ${table} t where id = $1`,
    [id],
  );
  return rows[0]?.row ?? null;
}

// ---------------------------------------------------------------------------------------------
// 1. Writes to ids

type Target = { table: string; id: number | string; params: Record<string, string> };
type WriteCase = {
  contract: WriteContract;
  /** The request's JSON body (a function when it needs what beforeAll made). */
  body?: Record<string, unknown> | (() => Record<string, unknown>);
  /** Or its multipart form. */
  form?: FormPart[];
  /** A POST that adds a row (a comment, an invitation) rather than changing the one it names. */
  adds?: (typeof TABLES)[number];
  /** The real row the request aims at, and the path parameters naming it. */
  target: (w: World) => Target;
  /** Parameters an administrator may send that name nothing they may change: each is a 404. */
  missing: (w: World) => Record<string, string>[];
  /** A DELETE that ends a record rather than removing it: true when the row says it ended. */
  ended?: (row: Record<string, unknown>) => boolean;
  /**
   * What the write changes when it is not the target's row (a building's showing hours, kept
   * beside it): read before and after, in every case of the table.
   */
  state?: (w: World) => Promise<unknown>;
};

const s = String;

/**
 * Every admin route with an `:id`-like parameter that writes (POST, PUT, PATCH, DELETE), by its
 * contract. The first test checks this table against `app.routeTable`, so a new route without a
 * line here fails.
 */
const writeCases: WriteCase[] = [
  {
    contract: adminPropertiesApi.updateProperty,
    body: {
      title: "Taken Over",
      type: "apartment",
      address: "1 Intruder Way",
      city: "Hartford",
      state: "CT",
      zipCode: "06103",
    },
    target: (w) => ({ table: "properties", id: w.a, params: { id: s(w.a) } }),
    missing: () => [{ id: MISSING }, { id: "99999999999" }],
  },
  {
    contract: showingsApi.putHours,
    body: {
      weekly: { sun: [], mon: [], tue: [], wed: [], thu: [], fri: [], sat: [] },
      slotMinutes: 30,
      bufferMinutes: 15,
      noticeHours: 24,
      horizonDays: 14,
      booking: "instant",
      datesOff: [],
    },
    target: (w) => ({ table: "properties", id: w.a, params: { id: s(w.a) } }),
    state: async (w) =>
      (await database.pool.query("select hours from showing_hours where property_id = $1", [w.a]))
        .rows,
    missing: () => [{ id: MISSING }, { id: "99999999999" }],
  },
  {
    contract: adminPropertiesApi.deleteProperty,
    target: (w) => ({ table: "properties", id: w.a, params: { id: s(w.a) } }),
    missing: () => [{ id: MISSING }],
  },
  {
    contract: adminPropertiesApi.deletePropertyImage,
    target: (w) => ({
      table: "images",
      id: w.imageOfA,
      params: { id: s(w.a), imageId: s(w.imageOfA) },
    }),
    missing: (w) => [
      { id: s(w.a), imageId: MISSING },
      { id: MISSING, imageId: s(w.imageOfA) },
      // Another building's photo, and a unit's photo, through this building's path.
      { id: s(w.a), imageId: s(w.imageOfB) },
      { id: s(w.a), imageId: s(w.imageOfUnitA) },
    ],
  },
  {
    contract: adminPropertiesApi.updateUnit,
    body: { unitNumber: "66X", rent: 1 },
    target: (w) => ({ table: "units", id: w.unitA, params: { id: s(w.unitA) } }),
    missing: () => [{ id: MISSING }],
  },
  {
    contract: adminPropertiesApi.confirmAvailability,
    target: (w) => ({ table: "units", id: w.unitA, params: { id: s(w.unitA) } }),
    missing: () => [{ id: MISSING }, { id: "99999999999" }],
  },
  {
    contract: adminPropertiesApi.deleteUnit,
    target: (w) => ({ table: "units", id: w.unitA, params: { id: s(w.unitA) } }),
    missing: () => [{ id: MISSING }],
  },
  {
    contract: adminPropertiesApi.deleteUnitImage,
    target: (w) => ({
      table: "images",
      id: w.imageOfUnitA,
      params: { unitId: s(w.unitA), imageId: s(w.imageOfUnitA) },
    }),
    missing: (w) => [
      { unitId: s(w.unitA), imageId: MISSING },
      { unitId: MISSING, imageId: s(w.imageOfUnitA) },
      { unitId: s(w.unitA), imageId: s(w.imageOfUnitB) },
      { unitId: s(w.unitA), imageId: s(w.imageOfA) },
    ],
  },
  {
    contract: adminPropertiesApi.updateImageAlt,
    body: { alt: "Defaced" },
    target: (w) => ({ table: "images", id: w.imageOfA, params: { id: s(w.imageOfA) } }),
    missing: () => [{ id: MISSING }],
  },
  {
    contract: inquiriesApi.setHandled,
    body: { handled: true },
    target: (w) => ({ table: "inquiries", id: w.inquiry, params: { id: s(w.inquiry) } }),
    missing: () => [{ id: MISSING }],
  },
  {
    contract: adminMaintenanceApi.moveTenant,
    body: { unitId: 1 },
    target: (w) => ({ table: "users", id: w.resident, params: { id: w.resident } }),
    // A made-up id, and a staff member's (not a tenant).
    missing: () => [{ id: MISSING }, { id: MISSING_UUID }, { id: adminId }],
  },
  {
    contract: adminMaintenanceApi.endAccess,
    target: (w) => ({ table: "users", id: w.resident, params: { id: w.resident } }),
    // The account stays (its requests and documents stay attributed), its access ended.
    ended: (row) => row.access_ended_at !== null && row.unit_id === null,
    missing: () => [{ id: MISSING }, { id: MISSING_UUID }, { id: adminId }],
  },
  {
    contract: adminMaintenanceApi.update,
    body: { status: "in_progress" },
    target: (w) => ({ table: "maintenance_requests", id: w.repair, params: { id: w.repair } }),
    missing: () => [{ id: MISSING }, { id: MISSING_UUID }],
  },
  {
    contract: adminMaintenanceApi.comment,
    body: { body: "Your lease is void." },
    target: (w) => ({ table: "maintenance_requests", id: w.repair, params: { id: w.repair } }),
    adds: "maintenance_comments",
    missing: () => [{ id: MISSING }, { id: MISSING_UUID }],
  },
  {
    contract: adminMaintenanceApi.invite,
    body: () => ({
      name: "Ivy Intruder",
      email: `ivy-${randomBytes(4).toString("hex")}@example.com`,
    }),
    target: (w) => ({ table: "units", id: w.unitA, params: { id: s(w.unitA) } }),
    adds: "users",
    missing: () => [{ id: MISSING }, { id: "99999999999" }],
  },
  {
    contract: adminMaintenanceApi.shareDocument,
    form: [
      { name: "category", value: "lease" },
      { name: "file", filename: "lease.pdf", content: samples.pdf() },
    ],
    target: (w) => ({ table: "users", id: w.resident, params: { id: w.resident } }),
    adds: "tenant_files",
    // A made-up id, and a staff member's (documents are shared with tenants only).
    missing: () => [{ id: MISSING }, { id: MISSING_UUID }, { id: adminId }],
  },
  {
    contract: mfaApi.resetFactor,
    body: () => ({ password: admin.password }),
    // Ends the colleague's sessions: their token version moves on.
    target: (w) => ({ table: "users", id: w.colleague, params: { id: w.colleague } }),
    // A made-up id, and a tenant's (only administrators' second steps are reset here).
    missing: (w) => [{ id: MISSING }, { id: MISSING_UUID }, { id: w.resident }],
  },
  {
    contract: privacyApi.answerRequest,
    target: (w) => ({
      table: "privacy_requests",
      id: w.privacyRequest,
      params: { id: w.privacyRequest },
    }),
    missing: () => [{ id: MISSING }, { id: MISSING_UUID }],
  },
  {
    contract: showingsApi.act,
    body: { action: "completed" },
    target: (w) => ({ table: "showings", id: w.showing, params: { id: w.showing } }),
    missing: () => [{ id: MISSING }, { id: MISSING_UUID }],
  },
  {
    contract: showingsApi.followUp,
    body: { followUp: "lead_lost" },
    target: (w) => ({ table: "showings", id: w.shown, params: { id: w.shown } }),
    missing: () => [{ id: MISSING }, { id: MISSING_UUID }],
  },
  {
    contract: applicationsApi.invite,
    body: () => ({
      name: "Ivy Intruder",
      email: `ivy-${randomBytes(4).toString("hex")}@example.com`,
    }),
    target: (w) => ({ table: "units", id: w.unitA, params: { id: s(w.unitA) } }),
    adds: "applications",
    missing: () => [{ id: MISSING }, { id: "99999999999" }],
  },
  {
    contract: applicationsApi.enterPaper,
    body: () => ({
      name: "Pia Paper",
      email: `pia-${randomBytes(4).toString("hex")}@example.com`,
    }),
    target: (w) => ({ table: "units", id: w.unitA, params: { id: s(w.unitA) } }),
    adds: "applications",
    missing: () => [{ id: MISSING }, { id: "99999999999" }],
  },
  {
    contract: applicationsApi.decide,
    body: { status: "screening" },
    target: (w) => ({ table: "applications", id: w.application, params: { id: w.application } }),
    missing: () => [{ id: MISSING }, { id: MISSING_UUID }],
  },
  {
    contract: applicationsApi.offer,
    body: {
      rent: 1500,
      deposit: 1500,
      leadPaint: { hazardsKnown: false, reportsAvailable: false },
    },
    target: (w) => ({ table: "applications", id: w.approved, params: { id: w.approved } }),
    missing: () => [{ id: MISSING }, { id: MISSING_UUID }],
  },
  {
    contract: waitlistsApi.move,
    body: { position: 1, reason: "Moved by an intruder" },
    target: (w) => ({ table: "waitlist_entries", id: w.waiting, params: { id: w.waiting } }),
    missing: () => [{ id: MISSING }, { id: MISSING_UUID }],
  },
  {
    contract: waitlistsApi.inviteNext,
    body: { count: 1 },
    target: (w) => ({ table: "units", id: w.unitA, params: { id: s(w.unitA) } }),
    adds: "applications",
    missing: () => [{ id: MISSING }, { id: "99999999999" }],
  },
  {
    contract: outgoingMailApi.retry,
    target: (w) => ({ table: "outgoing_mail", id: w.failedMail, params: { id: w.failedMail } }),
    missing: () => [{ id: MISSING }, { id: MISSING_UUID }],
  },
];

/** A table's request, with these headers: its JSON body or its form. */
function send(spec: WriteCase, params: Record<string, string>, headers: Record<string, string>) {
  if (spec.form) return sendForm(app, spec.contract, spec.form, { params, headers });
  const payload = typeof spec.body === "function" ? spec.body() : spec.body;
  return call(app, spec.contract, { params, headers, payload });
}

async function rowCount(table: string): Promise<number> {
  const { rows } = await database.pool.query(`select count(*)::int as n from ${table}`);
  return rows[0].n;
}

const key = (method: string, path: string) => `${method} ${path}`;
const writeRoutes = writeCases.map(
  (spec) => [spec.contract.method, spec.contract.path, spec] as const,
);

describe("writes to an id", () => {
  it("the table lists every admin route that writes to an id, and no other route writes", () => {
    // Every route but the catch-all JSON 404 for unknown paths ("/api/*", no contract's).
    // Also but a person's own sessions and second step: ending and removing them is theirs
    // to do (sessions.routes.test.ts and mfa.routes.test.ts prove that nobody touches
    // another's). And but a listing alert changed through the link e-mailed to its address:
    // the link is the permission (alerts.routes.test.ts proves another link changes nothing).
    const ownSessions = [
      authApi.endSession,
      authApi.endOtherSessions,
      mfaApi.totpDisable,
      mfaApi.passkeyRemove,
      alertsApi.update,
      // An applicant's draft, saved through their e-mailed link (applications.flow.test.ts
      // proves another adult's link holds its own part apart).
      applicationsApi.save,
      // A person's own notifications and preferences (notifications.routes.test.ts).
      notificationsApi.markRead,
      notificationsApi.remove,
      notificationsApi.clear,
      notificationsApi.savePreferences,
    ].map((c) => key(c.method, c.path));
    const writes = app.routeTable.filter(
      (r) =>
        ["PUT", "PATCH", "DELETE"].includes(r.method) &&
        r.url !== "/api/*" &&
        !ownSessions.includes(key(r.method, r.url)),
    );
    expect(writes.filter((r) => r.guard !== "admin")).toEqual([]);
    // Every write to an id, a POST too (a comment, a retry, a reset), is in the table, but those
    // whose permission is a link's token, not a session (the alerts' and the upload links'
    // tests prove another token changes nothing), and a tenant's comment on their own request
    // (maintenance.access.test.ts proves it id by id).
    const notBySession = [
      alertsApi.confirm,
      alertsApi.unsubscribe,
      privacyRequestsApi.confirm,
      showingsApi.cancel,
      showingsApi.move,
      // A renter's booking of a unit's slot: public, rate limited (showings.routes.test.ts).
      showingsApi.book,
      // A unit's Apply Now, with APPLY_NOW=online: public, rate limited, a mailbox's few a day
      // (applications.apply-now.test.ts).
      applicationsApi.start,
      // An applicant's link: their part, another adult invited, the offer accepted.
      applicationsApi.submit,
      applicationsApi.inviteAdult,
      applicationsApi.accept,
      // A renter's join of a building's list (public, rate limited) and their link's answers
      // (waitlist.routes.test.ts).
      waitlistsApi.join,
      waitlistsApi.confirm,
      waitlistsApi.leave,
      tenantFilesApi.uploadThroughRequest,
      tenantPortalApi.comment,
    ].map((c) => key(c.method, c.path));
    expect(
      app.routeTable
        .filter(
          (r) =>
            ["POST", "PUT", "PATCH", "DELETE"].includes(r.method) &&
            r.url.includes("/:") &&
            ![...ownSessions, ...notBySession].includes(key(r.method, r.url)),
        )
        .map((r) => key(r.method, r.url))
        .sort(),
    ).toEqual(writeCases.map(({ contract: c }) => key(c.method, c.path)).sort());
  });

  it.each(writeRoutes)(
    "%s %s on an existing row: 401 without a session, 403 for a tenant, the row unchanged",
    async (method, path, spec) => {
      const { table, id, params } = spec.target(world);
      const before = await rowOf(table, id);
      expect(before).not.toBeNull();
      const all = await everything();
      const stateBefore = await spec.state?.(world);
      for (const [headers, status, error] of [
        [{}, 401, "unauthorized"],
        [tenant.headers, 403, "forbidden"],
      ] as const) {
        const response = await send(spec, params, headers);
        expect(response.statusCode, `${status} ${method} ${path}`).toBe(status);
        expect(response.json()).toMatchObject({ error, message: expect.any(String) });
      }
      expect(await rowOf(table, id)).toEqual(before);
      expect(await everything()).toEqual(all);
      expect(await spec.state?.(world)).toEqual(stateBefore);
    },
  );

  it.each(writeRoutes)(
    "%s %s as an administrator on an id that names nothing: 404, nothing changes",
    async (_method, _path, spec) => {
      for (const params of spec.missing(world)) {
        const all = await everything();
        const response = await send(spec, params, admin.headers);
        expect(response.statusCode, JSON.stringify(params)).toBe(404);
        expect(response.json()).toMatchObject({ error: "not_found", message: expect.any(String) });
        expect(await everything()).toEqual(all);
      }
    },
  );

  // The control: the very requests refused above do change a row for an administrator, so the
  // unchanged rows above are the guard's doing, not a body the route would refuse anyway.
  it.each(writeRoutes)(
    "%s %s as an administrator on the existing row: done",
    async (method, _path, spec) => {
      const fresh = await makeWorld();
      const { table, id, params } = spec.target(fresh);
      const before = await rowOf(table, id);
      const stateBefore = await spec.state?.(fresh);
      const added = spec.adds ? await rowCount(spec.adds) : 0;
      const response = await send(spec, params, admin.headers);
      expect(response.statusCode, response.body).toBe(spec.adds ? 201 : 200);
      if (spec.adds) {
        expect(await rowCount(spec.adds)).toBe(added + 1);
        return;
      }
      if (spec.state) {
        expect(await spec.state(fresh)).not.toEqual(stateBefore);
        return;
      }
      const after = await rowOf(table, id);
      expect(after).not.toEqual(before);
      if (spec.ended) expect(spec.ended(after as Record<string, unknown>)).toBe(true);
      else if (method === "DELETE") expect(after).toBeNull();
    },
  );

  it("a tenant has no route to read or change anyone's documents, their own or another's", async () => {
    // Sessions reach only these; every other route reading tenant files is for administrators.
    const signedIn = app.routeTable
      .filter((r) => r.guard === "session" || r.guard === "user" || r.guard === "tenant")
      .map((r) => key(r.method, r.url))
      .sort();
    expect(signedIn).toEqual(
      [
        authApi.me,
        authApi.logout,
        authApi.listSessions,
        authApi.endSession,
        authApi.endOtherSessions,
        mfaApi.status,
        mfaApi.enrolmentCode,
        mfaApi.totpSetup,
        mfaApi.totpConfirm,
        mfaApi.totpDisable,
        mfaApi.regenerateRecoveryCodes,
        mfaApi.passkeyRegisterOptions,
        mfaApi.passkeyRegister,
        mfaApi.passkeyRemove,
        tenantFilesApi.tenantUpload,
        // The tenant portal: their own unit's requests and their own documents only
        // (maintenance.access.test.ts proves it id by id).
        tenantPortalApi.home,
        tenantPortalApi.listRequests,
        tenantPortalApi.createRequest,
        tenantPortalApi.comment,
        tenantPortalApi.listDocuments,
        tenantPortalApi.documentLink,
        ...Object.values(notificationsApi),
      ]
        .map((c) => key(c.method, c.path))
        .sort(),
    );
    const fileRoutes = app.routeTable.filter(
      (r) => r.url.includes("files") && r.url !== "/api/*" && r.method !== "POST",
    );
    const ownDocuments = [tenantPortalApi.listDocuments, tenantPortalApi.documentLink];
    for (const route of fileRoutes) {
      // The download by token is public by design: the signed token is the authority (below).
      if (route.contract === tenantFilesApi.download) continue;
      // A tenant's own documents (below: another's are not found).
      if (ownDocuments.some((c) => c === route.contract)) {
        expect(route.guard, route.url).toBe("tenant");
        continue;
      }
      expect(route.guard, route.url).toBe("admin");
    }

    const theirs = await uploadAs(tenant.headers, "lease.pdf", markedPdf("other-tenant"));
    for (const headers of [otherTenant.headers, tenant.headers]) {
      for (const [contract, params, query] of [
        [tenantFilesApi.list, undefined, undefined],
        [tenantFilesApi.list, undefined, { tenant: tenant.email }],
        [tenantFilesApi.downloadLink, { id: theirs.id }, undefined],
      ] as const) {
        const url = urlOf(contract, params, query);
        const response = await call(app, contract, { params, query, headers });
        expect(response.statusCode, url).toBe(403);
        expect(response.body).not.toContain(theirs.id);
      }
    }
    // Through the portal, the other tenant neither lists it nor gets a link to it.
    const listed = await call(app, tenantPortalApi.listDocuments, { headers: otherTenant.headers });
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(theirs.id);
    const link = await call(app, tenantPortalApi.documentLink, {
      params: { id: theirs.id },
      headers: otherTenant.headers,
    });
    expect(link.statusCode).toBe(404);
    expect(link.body).not.toContain("downloadUrl");
    const own = await call(app, tenantPortalApi.documentLink, {
      params: { id: theirs.id },
      headers: tenant.headers,
    });
    expect(own.statusCode).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------
// Tenant files and links

function markedPdf(label: string): Buffer {
  return Buffer.concat([
    samples.pdf(),
    Buffer.from(`%${label}-${randomBytes(16).toString("hex")}-PRIVATE\n`),
  ]);
}

async function uploadAs(
  headers: Record<string, string>,
  filename: string,
  content: Buffer,
): Promise<TenantFile> {
  const body = multipart([{ name: "file", filename, content }]);
  const response = await call(app, tenantFilesApi.tenantUpload, {
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { files: TenantFile[] }).files[0]!;
}

async function downloadTokenFor(fileId: string): Promise<string> {
  const response = await call(app, tenantFilesApi.downloadLink, {
    params: { id: fileId },
    headers: admin.headers,
  });
  expect(response.statusCode).toBe(200);
  return (response.json().downloadUrl as string).split("/").pop()!;
}

/** A document request made by the office; the upload token is the one in the tenant's e-mail. */
async function uploadTokenFromEmail(): Promise<{ token: string; requestId: string }> {
  const response = await call(app, tenantFilesApi.createRequest, {
    headers: admin.headers,
    payload: {
      tenantName: "Dana Renter",
      tenantEmail: "dana@example.com",
      propertyId: world.b,
      unit: "2B",
      category: "lease",
      maintenanceRequest: "",
      note: "Your signed lease, please.",
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const mail = (await testApp.outbox()).at(-1)!;
  const token = /\/upload\/([\w-]+\.[\w-]+\.[\w-]+)/.exec(mail.text)![1]!;
  return { token, requestId: response.json().id };
}

/** A genuine e-mail verification link token, from the e-mail an unverified user is sent. */
async function verificationTokenFromEmail(): Promise<{ token: string; uid: string }> {
  const unverified = await loginAs(app, database.db, "admin", { emailVerified: false });
  const me = await call(app, authApi.me, { headers: unverified.headers });
  const uid = me.json().user.uid as string;
  const sent = await call(app, authApi.sendVerification, { payload: { uid } });
  expect(sent.statusCode).toBe(200);
  const mail = (await testApp.outbox()).at(-1)!;
  const token = /verify-email\?token=([\w-]+\.[\w-]+\.[\w-]+)/.exec(mail.text)![1]!;
  return { token, uid };
}

// ---------------------------------------------------------------------------------------------
// 2. Token confusion

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** The same header and signature over a changed payload. */
function tamper(token: string, change: (claims: Record<string, unknown>) => void): string {
  const [header, , signature] = token.split(".");
  const claims = decodeJwt(token) as Record<string, unknown>;
  change(claims);
  return `${header}.${base64url(claims)}.${signature}`;
}

/**
 * A token like ours in every claim but one detail: the key, the algorithm or the time; or
 * "genuine", signed exactly as the server signs (for audience tests and controls).
 */
async function forge(
  claims: Record<string, unknown>,
  how: "genuine" | "expired" | "other-secret" | "alg-none" | "hs512",
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const { aud, sub, exp: _exp, iat: _iat, ...rest } = claims;
  if (how === "alg-none") {
    const unsecured = new UnsecuredJWT(rest)
      .setAudience(aud as string)
      .setIssuedAt()
      .setExpirationTime("1h");
    if (typeof sub === "string") unsecured.setSubject(sub);
    return unsecured.encode();
  }
  const jwt = new SignJWT(rest)
    .setProtectedHeader({ alg: how === "hs512" ? "HS512" : "HS256", typ: "JWT" })
    .setAudience(aud as string);
  if (typeof sub === "string") jwt.setSubject(sub);
  if (how === "expired") jwt.setIssuedAt(now - 3600).setExpirationTime(now - 60);
  else jwt.setIssuedAt().setExpirationTime("1h");
  return jwt.sign(how === "other-secret" ? randomBytes(32) : secret);
}

describe("tokens are only good for what they were made for", () => {
  let file: TenantFile;
  let download: string;
  let upload: { token: string; requestId: string };
  let verification: { token: string; uid: string };

  beforeAll(async () => {
    file = await uploadAs(tenant.headers, "id-card.pdf", markedPdf("token"));
    download = await downloadTokenFor(file.id);
    upload = await uploadTokenFromEmail();
    verification = await verificationTokenFromEmail();
  });

  /** Each place a token is presented, and whether it took it. */
  async function asSession(token: string) {
    const results = [];
    for (const contract of [authApi.me, tenantFilesApi.list]) {
      const response = await call(app, contract, {
        headers: { authorization: `Bearer ${token}` },
      });
      results.push({ url: urlOf(contract), status: response.statusCode, body: response.body });
    }
    return results;
  }

  async function asDownload(token: string) {
    return call(app, tenantFilesApi.download, { params: { token } });
  }

  async function asUpload(token: string) {
    const info = await call(app, tenantFilesApi.uploadRequest, { params: { token } });
    const before = await filesIn(dataDirectories(testApp.dataDir).filesDir);
    const rows = await everything();
    const body = multipart([{ name: "file", filename: "sneaky.pdf", content: samples.pdf() }]);
    const sent = await call(app, tenantFilesApi.uploadThroughRequest, {
      params: { token },
      headers: body.headers,
      payload: body.payload,
    });
    // A refused upload writes nothing: no file, no row.
    expect(await filesIn(dataDirectories(testApp.dataDir).filesDir)).toEqual(before);
    expect(await everything()).toEqual(rows);
    return { info, sent };
  }

  async function asVerification(token: string) {
    const response = await call(app, authApi.verifyEmailLink, { query: { token } });
    return response.headers.location;
  }

  it("the genuine tokens work where they belong (the control)", async () => {
    expect((await asSession(admin.token)).map((r) => r.status)).toEqual([200, 200]);
    const bytes = await asDownload(download);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.rawPayload.toString("latin1")).toContain("-PRIVATE");
    const info = await call(app, tenantFilesApi.uploadRequest, {
      params: { token: upload.token },
    });
    expect(info.statusCode).toBe(200);
  });

  it("download and upload link tokens are never sessions (401 on /api/auth/me and an admin route)", async () => {
    for (const [label, token] of [
      ["download", download],
      ["upload", upload.token],
      ["verification", verification.token],
    ] as const) {
      for (const result of await asSession(token)) {
        expect(result.status, `${label} token on ${result.url}`).toBe(401);
        expect(JSON.parse(result.body)).toMatchObject({ error: "unauthorized" });
      }
    }
  });

  it("a session token or a verification link token never opens a download or an upload link", async () => {
    for (const token of [admin.token, tenant.token, verification.token]) {
      const got = await asDownload(token);
      expect(got.statusCode).toBe(404);
      expect(got.rawPayload.toString("latin1")).not.toContain("-PRIVATE");
      const { info, sent } = await asUpload(token);
      expect(info.statusCode).toBe(404);
      expect(sent.statusCode).toBe(404);
    }
  });

  it("a download token is not an upload token, nor the reverse", async () => {
    const { info, sent } = await asUpload(download);
    expect(info.statusCode).toBe(404);
    expect(sent.statusCode).toBe(404);
    const got = await asDownload(upload.token);
    expect(got.statusCode).toBe(404);
  });

  it("no session, download or upload token verifies an e-mail address", async () => {
    for (const token of [admin.token, download, upload.token]) {
      expect(await asVerification(token)).toBe("/login?error=verification_failed");
    }
    const { rows } = await database.pool.query("select email_verified from users where id = $1", [
      verification.uid,
    ]);
    expect(rows[0].email_verified).toBe(false);
  });

  it("the audience alone decides: our key and the right claims under another audience are refused", async () => {
    // Tokens only the server could sign, each carrying the claims another kind reads. If a
    // verifier stopped checking the audience, one of these would pass.
    const adminClaims = decodeJwt(admin.token) as Record<string, unknown>;
    const sign = (claims: Record<string, unknown>, audience: string) =>
      forge({ ...claims, aud: audience }, "genuine");
    const sessionElsewhere = [
      await sign(adminClaims, DOWNLOAD_AUDIENCE),
      await sign(adminClaims, UPLOAD_AUDIENCE),
      await sign(adminClaims, "rentals:verify-email"),
    ];
    for (const token of sessionElsewhere) {
      for (const result of await asSession(token)) expect(result.status, result.url).toBe(401);
    }
    const fid = { fid: file.id, v: admin.uid };
    for (const audience of ["rentals:session", UPLOAD_AUDIENCE, "rentals:verify-email"]) {
      const response = await asDownload(await sign(fid, audience));
      expect(response.statusCode, audience).toBe(404);
      expect(response.rawPayload.toString("latin1")).not.toContain("-PRIVATE");
    }
    const rid = { rid: upload.requestId };
    for (const audience of ["rentals:session", DOWNLOAD_AUDIENCE, "rentals:verify-email"]) {
      const { info, sent } = await asUpload(await sign(rid, audience));
      expect(info.statusCode, audience).toBe(404);
      expect(sent.statusCode, audience).toBe(404);
    }
    // The control: the same signing under the right audience is accepted.
    expect((await asSession(await sign(adminClaims, "rentals:session")))[1]!.status).toBe(200);
    expect((await asDownload(await sign(fid, DOWNLOAD_AUDIENCE))).statusCode).toBe(200);
    const info = await call(app, tenantFilesApi.uploadRequest, {
      params: { token: await sign(rid, UPLOAD_AUDIENCE) },
    });
    expect(info.statusCode).toBe(200);
  });

  it("expired, foreign-key, alg none, other-algorithm and tampered session tokens get 401", async () => {
    const claims = decodeJwt(tenant.token) as Record<string, unknown>;
    const bad = {
      expired: await forge(claims, "expired"),
      "another secret": await forge(claims, "other-secret"),
      "alg none": await forge(claims, "alg-none"),
      HS512: await forge(claims, "hs512"),
      // A tenant who makes themself an administrator.
      "tampered role": tamper(tenant.token, (c) => {
        c.role = "admin";
      }),
      "tampered user": tamper(tenant.token, (c) => {
        c.sub = decodeJwt(admin.token).sub;
      }),
      "tampered expiry": tamper(tenant.token, (c) => {
        c.exp = Math.floor(Date.now() / 1000) + 365 * 86400;
      }),
    };
    for (const [label, token] of Object.entries(bad)) {
      for (const result of await asSession(token)) {
        expect(result.status, `${label} on ${result.url}`).toBe(401);
      }
    }
    // The genuine one still works: the refusals are about the changes.
    expect((await asSession(tenant.token))[0]!.status).toBe(200);
  });

  it("expired, foreign-key, alg none, other-algorithm and tampered download tokens are refused", async () => {
    const other = await uploadAs(otherTenant.headers, "other.pdf", markedPdf("neighbour"));
    const claims = decodeJwt(download) as Record<string, unknown>;
    expect(claims.aud).toBe(DOWNLOAD_AUDIENCE);
    const cases: [string, string, number][] = [
      // Genuine but past its time: "ask for a new one", and still no bytes.
      ["expired", await forge(claims, "expired"), 410],
      ["another secret", await forge(claims, "other-secret"), 404],
      ["alg none", await forge(claims, "alg-none"), 404],
      ["HS512", await forge(claims, "hs512"), 404],
      [
        "tampered file id",
        tamper(download, (c) => {
          c.fid = other.id;
        }),
        404,
      ],
      [
        "tampered expiry",
        tamper(download, (c) => {
          c.exp = Math.floor(Date.now() / 1000) + 365 * 86400;
        }),
        404,
      ],
    ];
    for (const [label, token, status] of cases) {
      const response = await asDownload(token);
      expect(response.statusCode, label).toBe(status);
      expect(response.rawPayload.toString("latin1"), label).not.toContain("-PRIVATE");
    }
  });

  it("expired, foreign-key, alg none, other-algorithm and tampered upload tokens are refused", async () => {
    const another = await uploadTokenFromEmail();
    const claims = decodeJwt(upload.token) as Record<string, unknown>;
    expect(claims.aud).toBe(UPLOAD_AUDIENCE);
    const cases: [string, string, number][] = [
      ["expired", await forge(claims, "expired"), 410],
      ["another secret", await forge(claims, "other-secret"), 404],
      ["alg none", await forge(claims, "alg-none"), 404],
      ["HS512", await forge(claims, "hs512"), 404],
      [
        "tampered request id",
        tamper(upload.token, (c) => {
          c.rid = another.requestId;
        }),
        404,
      ],
    ];
    for (const [label, token, status] of cases) {
      const { info, sent } = await asUpload(token);
      expect(info.statusCode, label).toBe(status);
      expect(sent.statusCode, label).toBe(status);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Raw HTTP: the request line goes out exactly as written.

type RawResponse = { status: number; headers: string; body: Buffer };

function rawGet(target: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(address.port, address.host);
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error(`timed out: ${target}`)));
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const raw = Buffer.concat(chunks);
      const split = raw.indexOf("\r\n\r\n");
      const head = raw.subarray(0, split).toString("latin1");
      let body: Buffer = raw.subarray(split + 4);
      if (/^transfer-encoding:\s*chunked/im.test(head)) body = dechunk(body);
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({ status, headers: head, body });
    });
    const extra = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join("");
    // write, not end: Node's HTTP server drops a request whose client half-closes before the
    // answer. "Connection: close" makes the server end the socket once it has answered.
    socket.write(
      Buffer.from(
        `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${extra}\r\n`,
        "latin1",
      ),
    );
  });
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < data.length) {
    const line = data.indexOf("\r\n", at);
    const size = Number.parseInt(data.subarray(at, line).toString("latin1"), 16);
    if (!(size > 0)) break;
    parts.push(data.subarray(line + 2, line + 2 + size));
    at = line + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** Every file the app keeps in DATA_DIR outside the public uploads folder, with its bytes. */
async function privateFiles(): Promise<{ rel: string; abs: string; content: Buffer }[]> {
  const found: { rel: string; abs: string; content: Buffer }[] = [];
  async function walk(dir: string) {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const abs = path.join(dir, entry.name);
      const rel = path.relative(testApp.dataDir, abs);
      if (rel === "uploads" || rel.startsWith(`uploads${path.sep}`)) continue;
      if (entry.isDirectory()) await walk(abs);
      else if (entry.isFile()) found.push({ rel, abs, content: await readFile(abs) });
    }
  }
  await walk(testApp.dataDir);
  return found;
}

/** The ways to say `../<rel>` (or the file's absolute path) to a server that joins paths. */
function escapes(rel: string, abs: string): string[] {
  const slash = rel.split(path.sep);
  const join = (sep: string) => slash.join(sep);
  return [
    `../${join("/")}`,
    `%2e%2e/${join("/")}`,
    `%2E%2E%2F${join("%2F")}`,
    `..%2f${join("%2f")}`,
    `..%2f..%2f..%2f${path.basename(testApp.dataDir)}%2f${join("%2f")}`,
    `%252e%252e/${join("/")}`,
    `%252e%252e%252f${join("%252f")}`,
    `..%252f${join("%252f")}`,
    `..\\${join("\\")}`,
    `..%5c${join("%5c")}`,
    `..%255c${join("%255c")}`,
    `.%2e/${join("/")}`,
    `images/../../${join("/")}`,
    `./../${join("/")}`,
    `....//${join("/")}`,
    `..;/${join("/")}`,
    `%c0%ae%c0%ae/${join("/")}`,
    `%c0%ae%c0%ae%c0%af${join("%c0%af")}`,
    `..%00/${join("/")}`,
    `../${join("/")}%00`,
    `../${join("/")}%00.webp`,
    `%00../${join("/")}`,
    // Absolute paths: a server that resolves instead of joining would leave its root.
    `/${abs.replace(/^\/+/, "")}`,
    `${abs.replace(/^\/+/, "")}`,
    encodeURIComponent(abs),
    encodeURIComponent(encodeURIComponent(abs)),
    abs.replace(/\//g, "\\"),
  ];
}

const PASSWD_ATTACKS = [
  "../../../../../../../../etc/passwd",
  "..%2f..%2f..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd",
  "..%2f..%2f..%2f..%2f..%2f..%2f..%2f..%2fetc/passwd",
  "%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
  "%252e%252e%252f%252e%252e%252f%252e%252e%252f%252e%252e%252fetc%252fpasswd",
  "..\\..\\..\\..\\..\\..\\..\\etc\\passwd",
  "/etc/passwd",
  "%2fetc%2fpasswd",
  "etc/passwd%00.webp",
];

function expectNothingLeaked(response: RawResponse, secrets: Buffer[], label: string) {
  expect(response.status, label).toBeGreaterThanOrEqual(400);
  expect(response.status, label).toBeLessThan(500);
  for (const secretBytes of secrets) {
    expect(response.body.includes(secretBytes), `${label} leaked a private file`).toBe(false);
  }
}

describe("path traversal", () => {
  let secrets: Buffer[];
  let targets: Awaited<ReturnType<typeof privateFiles>>;
  let download: string;
  let file: TenantFile;

  beforeAll(async () => {
    file = await uploadAs(tenant.headers, "passport.pdf", markedPdf("traversal"));
    download = await downloadTokenFor(file.id);
    await uploadTokenFromEmail();
    targets = await privateFiles();
    const passwd = await readFile("/etc/passwd").catch(() => null);
    secrets = [
      ...targets.filter((t) => t.content.length >= 16).map((t) => t.content),
      ...(passwd ? [passwd] : []),
    ];
  });

  it("DATA_DIR holds the secrets the attacks aim at (the test is not empty)", async () => {
    const names = targets.map((t) => t.rel);
    expect(names).toEqual(expect.arrayContaining(["jwt-secret", "pg-password"]));
    expect(names.some((n) => n.startsWith(`tenant-files${path.sep}`))).toBe(true);
    expect(names.some((n) => n.startsWith(`outbox${path.sep}`))).toBe(true);
    expect(secrets.some((b) => b.toString() === marker)).toBe(true);
    // The socket client does reach the real static route: a real photo comes back.
    const photo = path.join(testApp.dataDir, "uploads", "images", "access", "480.webp");
    await mkdir(path.dirname(photo), { recursive: true });
    await writeFile(photo, "webp bytes");
    const served = await rawGet("/uploads/images/access/480.webp");
    expect(served.status).toBe(200);
    expect(served.body.toString()).toBe("webp bytes");
  });

  it("/uploads/ never serves a file of DATA_DIR outside it, however the path is spelled", async () => {
    for (const target of targets) {
      for (const attack of escapes(target.rel, target.abs)) {
        const url = `/uploads/${attack}`;
        expectNothingLeaked(await rawGet(url), secrets, url);
      }
    }
    for (const attack of PASSWD_ATTACKS) {
      const url = `/uploads/${attack}`;
      expectNothingLeaked(await rawGet(url), secrets, url);
    }
    // No folder listing either.
    for (const url of [
      "/uploads/",
      "/uploads",
      "/uploads/images",
      "/uploads/images/",
      "/uploads/images/access/",
    ]) {
      const response = await rawGet(url);
      expect(response.status, url).toBeGreaterThanOrEqual(400);
      expect(response.status, url).toBeLessThan(500);
    }
  });

  it("the download, upload-link and admin file paths take the same attacks in their token and id", async () => {
    const attacks = [
      ...targets.flatMap((t) => escapes(t.rel, t.abs)),
      ...PASSWD_ATTACKS,
      // A genuine token with a path after it, and a path in place of the file's id.
      `${download}/../../jwt-secret`,
      `${download}%2f..%2f..%2fjwt-secret`,
      `${download}%00`,
      `${file.id}/../../../jwt-secret`,
      `${file.filename}`,
      `${file.id}%00`,
    ];
    const admins = { authorization: admin.headers.authorization };
    for (const attack of attacks) {
      // hostile on purpose: the attack goes into the path raw, where buildUrl would encode it.
      for (const [url, headers] of [
        [`/api/files/download/${attack}`, {}],
        [`/api/upload-requests/${attack}`, {}],
        [`/api/upload-requests/${attack}/files`, {}],
        [`/api/admin/files/${attack}/download`, admins],
        [`/api/admin/files/${attack}`, admins],
      ] as const) {
        expectNothingLeaked(await rawGet(url, headers), secrets, url);
      }
    }
    // And the genuine link still serves the file: the refusals are about the attacks.
    const genuine = await rawGet(urlOf(tenantFilesApi.download, { token: download }));
    expect(genuine.status).toBe(200);
    expect(genuine.body.toString("latin1")).toContain("-PRIVATE");
  });
});

// ---------------------------------------------------------------------------------------------
// 4. Tenant files never public

describe("tenant files are never public", () => {
  it("are stored outside the public uploads folder, readable by the app's user only", async () => {
    const file = await uploadAs(tenant.headers, "bank statement.pdf", markedPdf("stored"));
    // The app's own idea of its folders, not a copy of it.
    const { uploadsDir, filesDir } = dataDirectories(testApp.dataDir);
    const stored = path.join(filesDir, file.filename);
    const fromUploads = path.relative(uploadsDir, stored);
    expect(fromUploads.startsWith(`..${path.sep}`)).toBe(true);
    expect((await stat(stored)).isFile()).toBe(true);
    expect((await stat(stored)).mode & 0o077).toBe(0);
    expect((await stat(filesDir)).mode & 0o077).toBe(0);
  });

  it("no URL under /uploads/ or elsewhere serves a stored document; only the signed link does", async () => {
    const content = markedPdf("public");
    const file = await uploadAs(tenant.headers, "lease-final.pdf", content);
    const abs = path.join(dataDirectories(testApp.dataDir).filesDir, file.filename);
    const names = [
      file.filename,
      file.id,
      file.originalName,
      encodeURIComponent(file.originalName),
    ];
    // hostile on purpose: guessed places, most of them no route, the names sent raw.
    const urls = [
      ...names.flatMap((name) => [
        `/uploads/${name}`,
        `/uploads/tenant-files/${name}`,
        `/uploads/images/${name}`,
        `/tenant-files/${name}`,
        `/files/${name}`,
        `/api/files/${name}`,
        `/api/files/download/${name}`,
        `/api/tenant/files/${name}`,
        `/api/upload-requests/${name}`,
      ]),
      ...escapes(path.relative(testApp.dataDir, abs), abs).map((attack) => `/uploads/${attack}`),
    ];
    // The upload's path read with GET is the tenant's list of their documents: names, no bytes.
    const listing = urlOf(tenantPortalApi.listDocuments);
    // Anonymous, and with each kind of session: the bytes are never the answer.
    for (const headers of [{}, tenant.headers, otherTenant.headers, admin.headers]) {
      for (const url of [...urls, listing]) {
        const response = await rawGet(url, headers);
        if (url !== listing) expect(response.status, url).not.toBe(200);
        expect(response.status, url).toBeLessThan(500);
        expect(response.body.includes(content), url).toBe(false);
      }
    }
    const link = await downloadTokenFor(file.id);
    const response = await rawGet(urlOf(tenantFilesApi.download, { token: link }));
    expect(response.status).toBe(200);
    expect(response.body.equals(content)).toBe(true);
    expect(response.headers).toMatch(/^cache-control: private, no-store$/im);
    expect(response.headers).toMatch(/^content-disposition: attachment;/im);
  });
});
