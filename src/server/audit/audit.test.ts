import { desc } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminMaintenanceApi } from "#domain/api/admin-maintenance";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { allContracts } from "#domain/api/all";
import { applicationsApi } from "#domain/api/applications";
import { auditApi } from "#domain/api/audit";
import { authApi } from "#domain/api/auth";
import type { Contract } from "#domain/api/contract";
import { inquiriesApi } from "#domain/api/inquiries";
import { mfaApi } from "#domain/api/mfa";
import { outgoingMailApi } from "#domain/api/outgoing-mail";
import { privacyApi } from "#domain/api/privacy";
import { showingsApi } from "#domain/api/showings";
import { tenantFilesApi } from "#domain/api/tenant-files";
import { waitlistsApi } from "#domain/api/waitlists";
import { buildUrl } from "#domain/api/wire";
import { AUDIT_PAGE_SIZE, type AuditAction, type AuditEvent } from "#domain/audit";
import { PURGE_BATCH } from "#server/db/batches";
import { encodeCursor } from "#server/db/keyset";
import { csvLine } from "#server/modules/audit/audit.csv";
import { AUDIT_EXPORT_BATCH } from "#server/modules/audit/audit.service";
import { loginAs } from "#tests/support/auth";
import { call } from "#tests/support/call";
import { insertFailedMail, insertImage, insertProperty, insertUnit } from "#tests/support/fixtures";
import { createSoftAuthenticator } from "#tests/support/soft-authenticator";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import * as schema from "../db/schema";
import { makeImage } from "../modules/admin-properties/upload.test-helpers";
import {
  requestUploadLink,
  samples,
  sendForm,
} from "../modules/tenant-files/tenant-files.test-helpers";
import { addUser } from "../modules/users/users.service";
import { createAuditLog } from "./audit-log";

let database: TestDatabase;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof loginAs>>;

beforeAll(async () => {
  database = await createTestDb();
  testApp = await createTestApp(database, { env: { AUTH_ATTEMPTS_PER_MINUTE: "1000" } });
  admin = await loginAs(testApp.app, database.db, "admin");
});

afterAll(async () => {
  await testApp.close();
  await database.drop();
});

type Row = Record<string, unknown> & {
  id: string;
  action: string;
  actor_email: string | null;
  target_type: string | null;
  target_id: string | null;
  property_id: number | null;
  changes: Record<string, { before: unknown; after: unknown }> | null;
  detail: Record<string, unknown> | null;
};

async function eventsAfter(id: number): Promise<Row[]> {
  const { rows } = await database.pool.query(
    "select * from audit_events where id > $1 order by id",
    [id],
  );
  return rows;
}

async function lastId(): Promise<number> {
  const { rows } = await database.pool.query(
    "select coalesce(max(id), 0)::int as id from audit_events",
  );
  return rows[0].id;
}

const as = (headers = admin.headers) => ({ headers });

/** A renter's showing of a new unit, an hour ago, in the given status. */
async function pastShowing(status: "booked" | "completed") {
  const building = await insertProperty(database.db, { title: `Shown ${status}` });
  const unit = await insertUnit(database.db, building.id, { unitNumber: "1" });
  const [row] = await database.db
    .insert(schema.showings)
    .values({
      unitId: unit.id,
      startsAt: new Date(Date.now() - 3_600_000),
      endsAt: new Date(Date.now() - 1_800_000),
      status,
      name: "Sam Seeker",
      email: "sam@example.com",
      phone: "8605550101",
      tokenHash: `${status}-${Date.now()}`,
    })
    .returning({ id: schema.showings.id });
  return row!.id;
}

/** An application of a unit of its own, at `status`, with its first applicant. */
async function anApplication(status: "submitted" | "approved") {
  const building = await insertProperty(database.db, {
    title: `Applied ${status}`,
    yearBuilt: 1990,
  });
  const unit = await insertUnit(database.db, building.id, { unitNumber: "1", rent: 1200 });
  const [row] = await database.db
    .insert(schema.applications)
    .values({ unitId: unit.id, place: "Applied, unit 1", status })
    .returning({ id: schema.applications.id });
  await database.db.insert(schema.applicants).values({
    applicationId: row!.id,
    primary: true,
    name: "Ann Applicant",
    email: `ann-${status}@example.com`,
    tokenHash: `${status}-${Date.now()}`,
    linkExpiresAt: new Date(Date.now() + 86_400_000),
  });
  return { id: row!.id, propertyId: building.id };
}

const validProperty = (title: string) => ({
  title,
  type: "apartment",
  address: "12 Willow Street",
  city: "Hartford",
  state: "CT",
  zipCode: "06105",
  description: "Brick walk-up near the park.",
  amenities: ["Heating"],
  active: true,
  featured: false,
});

const validUnit = (propertyId: number, overrides: Record<string, unknown> = {}) => ({
  propertyId,
  unitNumber: "2B",
  bedrooms: 2,
  bathrooms: 1,
  rent: 1850,
  ...overrides,
});

/**
 * A valid call of every audited route, and what its one event must say. Adding an audited
 * route, or an administrator's write, without a case here fails the first test below.
 */
type Case = {
  call: () => Promise<LightMyRequestResponse>;
  check: (event: Row, response: LightMyRequestResponse) => void | Promise<void>;
  /** The other events the case's own setup records (a document request, a sign-in). */
  setup?: AuditAction[];
};

/** Another session of the same administrator: the session routes end sessions, not `admin`'s. */
async function anotherSession(): Promise<{ authorization: string }> {
  const response = await call(testApp.app, authApi.login, {
    payload: { email: admin.email, password: admin.password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { authorization: `Bearer ${response.json().token}` };
}

const sessionIdOf = (headers: { authorization: string }) =>
  JSON.parse(Buffer.from(headers.authorization.split(".")[1]!, "base64url").toString())
    .sid as string;

const authenticator = createSoftAuthenticator("http://localhost:3000");

/** Turns the administrator's authenticator app on: set-up (not audited), then the code. */
async function turnOnTotp(): Promise<LightMyRequestResponse> {
  const setup = await call(testApp.app, mfaApi.totpSetup, {
    ...as(),
    payload: { password: admin.password },
  });
  const totp = new TOTP({ secret: Secret.fromBase32(setup.json().secret), digits: 6, period: 30 });
  return call(testApp.app, mfaApi.totpConfirm, { ...as(), payload: { code: totp.generate() } });
}

const cases: Record<string, Case> = {
  [authApi.logout.id]: {
    setup: ["sign_in.succeeded"],
    call: async () => call(testApp.app, authApi.logout, { headers: await anotherSession() }),
    check: (event) => {
      expect(event.target_type).toBe("session");
      expect(event.target_id).toMatch(/^[0-9a-f-]{36}$/);
    },
  },
  [authApi.endSession.id]: {
    setup: ["sign_in.succeeded", "sign_in.succeeded"],
    call: async () => {
      const doomed = await anotherSession();
      return call(testApp.app, authApi.endSession, {
        headers: await anotherSession(),
        params: { id: sessionIdOf(doomed) },
      });
    },
    check: (event) => {
      expect(event.target_type).toBe("session");
    },
  },
  [authApi.endOtherSessions.id]: {
    setup: ["sign_in.succeeded"],
    call: async () => {
      const survivor = await anotherSession();
      const response = await call(testApp.app, authApi.endOtherSessions, { headers: survivor });
      // Every other session of the administrator ended, the one the other cases use among
      // them: they go on with the session that survived.
      admin = {
        ...admin,
        headers: survivor,
        token: survivor.authorization.slice("Bearer ".length),
      };
      return response;
    },
    check: (event) => {
      expect(event.target_type).toBe("session");
      expect(Number(event.detail?.ended)).toBeGreaterThanOrEqual(1);
    },
  },
  // The second step of the administrator's own account: on, off, on again for new codes and
  // a passkey, then off again, so that the cases after these sign in with the password alone.
  [mfaApi.totpConfirm.id]: {
    call: () => turnOnTotp(),
    check: (event, response) => {
      expect(event.target_type).toBe("user");
      expect(JSON.stringify(event)).not.toContain(response.json().recoveryCodes[0]);
    },
  },
  [mfaApi.totpDisable.id]: {
    call: () =>
      call(testApp.app, mfaApi.totpDisable, { ...as(), payload: { password: admin.password } }),
    check: (event) => expect(event.target_type).toBe("user"),
  },
  [mfaApi.regenerateRecoveryCodes.id]: {
    setup: ["mfa.totp_enabled"],
    call: async () => {
      await turnOnTotp();
      return call(testApp.app, mfaApi.regenerateRecoveryCodes, {
        ...as(),
        payload: { password: admin.password },
      });
    },
    check: (event) => expect(event.target_type).toBe("user"),
  },
  [mfaApi.passkeyRegister.id]: {
    call: async () => {
      const options = await call(testApp.app, mfaApi.passkeyRegisterOptions, {
        ...as(),
        payload: { password: admin.password },
      });
      const { challengeId, options: creation } = options.json();
      return call(testApp.app, mfaApi.passkeyRegister, {
        ...as(),
        payload: { challengeId, name: "Desk key", credential: authenticator.register(creation) },
      });
    },
    check: (event, response) => {
      expect(event.target_type).toBe("passkey");
      expect(event.target_id).toBe(response.json().passkey.id);
      expect(event.detail).toMatchObject({ name: "Desk key" });
    },
  },
  [mfaApi.passkeyRemove.id]: {
    setup: ["mfa.totp_disabled"],
    call: async () => {
      const { passkeys } = (await call(testApp.app, mfaApi.status, as())).json();
      const removed = await call(testApp.app, mfaApi.passkeyRemove, {
        ...as(),
        params: { id: passkeys[0].id },
        payload: { password: admin.password },
      });
      await call(testApp.app, mfaApi.totpDisable, {
        ...as(),
        payload: { password: admin.password },
      });
      return removed;
    },
    check: (event) => {
      expect(event.target_type).toBe("passkey");
      expect(event.detail).toMatchObject({ name: "Desk key" });
    },
  },
  // A person's data: each event names the address asked about (the record of the request); an
  // erasure's counts what went, never the content.
  [privacyApi.lookup.id]: {
    call: () =>
      call(testApp.app, privacyApi.lookup, { ...as(), payload: { email: "asked@example.com" } }),
    check: (event) => {
      expect(event.target_type).toBe("person");
      expect(event.detail).toEqual({ email: "asked@example.com" });
    },
  },
  [privacyApi.exportData.id]: {
    // The event is written once the file has gone out, a moment after the answer ends here.
    call: async () => {
      const before = await lastId();
      const response = await call(testApp.app, privacyApi.exportData, {
        ...as(),
        payload: { email: "exported@example.com" },
      });
      await expect.poll(async () => (await eventsAfter(before)).length).toBe(1);
      return response;
    },
    check: (event) => expect(event.detail).toEqual({ email: "exported@example.com" }),
  },
  [privacyApi.erase.id]: {
    call: () =>
      call(testApp.app, privacyApi.erase, {
        ...as(),
        payload: { email: "erased@example.com", confirmEmail: "erased@example.com" },
      }),
    check: (event) => {
      expect(event.target_type).toBe("person");
      expect(event.detail).toMatchObject({
        email: "erased@example.com",
        removed: { inquiries: 0 },
      });
    },
  },
  [showingsApi.putHours.id]: {
    call: async () => {
      const [building] = await database.db
        .insert(schema.properties)
        .values({
          title: "Hours House",
          type: "apartment",
          address: "1 Elm St",
          city: "Hartford",
          state: "CT",
          zipCode: "06103",
          description: "",
        })
        .returning({ id: schema.properties.id });
      return call(testApp.app, showingsApi.putHours, {
        ...as(),
        params: { id: building!.id },
        payload: {
          weekly: {
            sun: [],
            mon: [],
            tue: [],
            wed: [],
            thu: [],
            fri: [],
            sat: [{ start: "10:00", end: "12:00" }],
          },
          slotMinutes: 30,
          bufferMinutes: 15,
          noticeHours: 24,
          horizonDays: 14,
          datesOff: [],
        },
      });
    },
    check: (event, response) => {
      expect(event.target_type).toBe("property");
      expect(event.target_id).toBe(String(response.json().propertyId));
      expect(event.changes).toMatchObject({
        showingHours: { before: null, after: { slotMinutes: 30 } },
      });
    },
  },
  [applicationsApi.putSettings.id]: {
    call: () =>
      call(testApp.app, applicationsApi.putSettings, {
        ...as(),
        payload: { screeningFeeCap: 51, appliesFrom: "2020-01-01" },
      }),
    check: (event) => {
      expect(event.target_type).toBe("application_settings");
      expect(event.detail).toEqual({ appliesFrom: "2020-01-01", cap: 51 });
      expect(event.changes).toEqual({ screeningFeeCap: { before: 50, after: 51 } });
    },
  },
  [applicationsApi.enterPaper.id]: {
    call: async () => {
      const building = await insertProperty(database.db, { title: "Paper Court" });
      const unit = await insertUnit(database.db, building.id, { unitNumber: "5" });
      return call(testApp.app, applicationsApi.enterPaper, {
        ...as(),
        params: { id: String(unit.id) },
        payload: { name: "Pat Paper", email: "pat@example.com" },
      });
    },
    check: (event, response) => {
      expect(event).toMatchObject({ target_type: "application", target_id: response.json().id });
      expect(event.detail).toEqual({ unitId: expect.any(Number) });
    },
  },
  [applicationsApi.invite.id]: {
    call: async () => {
      const building = await insertProperty(database.db, { title: "Invited Court" });
      const unit = await insertUnit(database.db, building.id, { unitNumber: "4" });
      return call(testApp.app, applicationsApi.invite, {
        ...as(),
        params: { id: String(unit.id) },
        payload: { name: "Ivan Invited", email: "ivan@example.com" },
      });
    },
    check: (event, response) => {
      expect(event).toMatchObject({ target_type: "application", target_id: response.json().id });
      // The record and the unit; the renter's name and address stay in the application.
      expect(event.detail).toEqual({ unitId: expect.any(Number) });
    },
  },
  [applicationsApi.decide.id]: {
    call: async () => {
      const { id } = await anApplication("submitted");
      return call(testApp.app, applicationsApi.decide, {
        ...as(),
        params: { id },
        payload: { status: "screening", screeningFee: 40 },
      });
    },
    check: (event, response) => {
      expect(event).toMatchObject({ target_type: "application", target_id: response.json().id });
      expect(event.property_id).toBe(response.json().unit.propertyId);
      expect(event.changes).toEqual({ status: { before: "submitted", after: "screening" } });
      expect(event.detail).toEqual({
        reason: null,
        screeningFee: 40,
        adverseActionNotice: false,
      });
    },
  },
  [applicationsApi.offer.id]: {
    call: async () => {
      const { id } = await anApplication("approved");
      return call(testApp.app, applicationsApi.offer, {
        ...as(),
        params: { id },
        payload: { rent: 1200, deposit: 2400 },
      });
    },
    check: (event, response) => {
      expect(event).toMatchObject({ target_type: "application", target_id: response.json().id });
      expect(event.detail).toEqual({ rent: 1200, deposit: 2400 });
    },
  },
  [waitlistsApi.move.id]: {
    call: async () => {
      const building = await insertProperty(database.db, { title: "Listed Court" });
      const [first, second] = await database.db
        .insert(schema.waitlistEntries)
        .values(
          [1, 2].map((rank) => ({
            propertyId: building.id,
            bedrooms: 1,
            name: `Waiting ${rank}`,
            email: `waiting-${rank}@example.com`,
            status: "waiting" as const,
            rank,
            joinedAt: new Date(),
            lastConfirmedAt: new Date(),
            tokenHash: `waiting-${rank}-${Date.now()}`,
          })),
        )
        .returning({ id: schema.waitlistEntries.id });
      void first;
      return call(testApp.app, waitlistsApi.move, {
        ...as(),
        params: { id: second!.id },
        payload: { position: 1, reason: "Accommodation for a disability" },
      });
    },
    check: (event) => {
      expect(event.target_type).toBe("waitlist_entry");
      expect(event.changes).toEqual({ position: { before: 2, after: 1 } });
      expect(event.detail).toEqual({ reason: "Accommodation for a disability" });
    },
  },
  [waitlistsApi.inviteNext.id]: {
    call: async () => {
      const building = await insertProperty(database.db, { title: "Opened Court" });
      const unit = await insertUnit(database.db, building.id, { unitNumber: "9", bedrooms: 2 });
      await database.db.insert(schema.waitlistEntries).values({
        propertyId: building.id,
        bedrooms: 2,
        name: "Next Person",
        email: "next-person@example.com",
        status: "waiting",
        rank: 1,
        joinedAt: new Date(),
        lastConfirmedAt: new Date(),
        tokenHash: `next-${Date.now()}`,
      });
      return call(testApp.app, waitlistsApi.inviteNext, {
        ...as(),
        params: { id: String(unit.id) },
        payload: { count: 1 },
      });
    },
    check: (event, response) => {
      expect(event.target_type).toBe("unit");
      expect(event.detail).toEqual({
        invited: 1,
        applications: [response.json().invited[0].applicationId],
      });
    },
  },
  [showingsApi.act.id]: {
    call: async () => {
      const id = await pastShowing("booked");
      return call(testApp.app, showingsApi.act, {
        ...as(),
        params: { id },
        payload: { action: "no_show" },
      });
    },
    check: (event, response) => {
      expect(event.target_type).toBe("showing");
      expect(event.target_id).toBe(response.json().showing.id);
      expect(event.detail).toEqual({ action: "no_show" });
      expect(event.changes).toEqual({ status: { before: "booked", after: "no_show" } });
    },
  },
  [showingsApi.followUp.id]: {
    call: async () => {
      const id = await pastShowing("completed");
      return call(testApp.app, showingsApi.followUp, {
        ...as(),
        params: { id },
        payload: { followUp: "lead_lost" },
      });
    },
    check: (event, response) => {
      expect(event.target_type).toBe("showing");
      expect(event.target_id).toBe(response.json().showing.id);
      expect(event.detail).toEqual({ followUp: "lead_lost" });
      expect(event.changes).toEqual({ followUp: { before: null, after: "lead_lost" } });
    },
  },
  [privacyApi.answerRequest.id]: {
    call: async () => {
      const [request] = await database.db
        .insert(schema.privacyRequests)
        .values({
          email: "answered@example.com",
          kind: "deletion",
          expiresAt: new Date(),
          confirmedAt: new Date(),
          dueAt: new Date(Date.now() + 45 * 86_400_000),
        })
        .returning({ id: schema.privacyRequests.id });
      return call(testApp.app, privacyApi.answerRequest, { ...as(), params: { id: request!.id } });
    },
    check: (event, response) => {
      expect(event.target_type).toBe("privacy_request");
      expect(event.target_id).toBe(response.json().id);
      expect(event.detail).toEqual({ kind: "deletion", email: "answered@example.com" });
    },
  },
  [mfaApi.resetFactor.id]: {
    call: async () => {
      const { user } = await addUser(
        { db: database.db },
        { email: `colleague-${Date.now()}@example.com`, password: "colleague-pw-1", role: "admin" },
      );
      return call(testApp.app, mfaApi.resetFactor, {
        ...as(),
        params: { id: user.id },
        payload: { password: admin.password },
      });
    },
    check: (event) => {
      expect(event.target_type).toBe("user");
      expect(event.detail).toMatchObject({ email: expect.stringMatching(/^colleague-/) });
    },
  },
  [adminPropertiesApi.createProperty.id]: {
    call: () =>
      call(testApp.app, adminPropertiesApi.createProperty, {
        ...as(),
        payload: validProperty("Audit Court"),
      }),
    check: (event, response) => {
      const id = String(response.json().id);
      expect(event).toMatchObject({ target_type: "property", target_id: id });
      expect(event.property_id).toBe(Number(id));
      expect(event.changes?.title).toEqual({ before: null, after: "Audit Court" });
    },
  },
  [adminPropertiesApi.updateProperty.id]: {
    call: async () => {
      const building = await insertProperty(database.db, { title: "Old Name", city: "Hartford" });
      return call(testApp.app, adminPropertiesApi.updateProperty, {
        ...as(),
        params: { id: building.id },
        payload: { ...validProperty("New Name"), city: "Hartford" },
      });
    },
    check: (event) => {
      expect(event.changes?.title).toEqual({ before: "Old Name", after: "New Name" });
      // What did not change is not listed.
      expect(event.changes).not.toHaveProperty("city");
      expect(event.changes).not.toHaveProperty("updatedAt");
    },
  },
  [adminPropertiesApi.deleteProperty.id]: {
    call: async () => {
      const building = await insertProperty(database.db, { title: "Going Away" });
      return call(testApp.app, adminPropertiesApi.deleteProperty, {
        ...as(),
        params: { id: building.id },
      });
    },
    check: (event) => {
      expect(event.changes?.title).toEqual({ before: "Going Away", after: null });
    },
  },
  [adminPropertiesApi.deletePropertyImage.id]: {
    call: async () => {
      const building = await insertProperty(database.db);
      const image = await insertImage(database.db, { propertyId: building.id });
      return call(testApp.app, adminPropertiesApi.deletePropertyImage, {
        ...as(),
        params: { id: building.id, imageId: image.id },
      });
    },
    check: (event) => {
      expect(event.target_type).toBe("image");
      expect(event.changes?.filename?.after).toBeNull();
    },
  },
  [adminPropertiesApi.createUnit.id]: {
    call: async () => {
      const building = await insertProperty(database.db);
      return call(testApp.app, adminPropertiesApi.createUnit, {
        ...as(),
        payload: validUnit(building.id),
      });
    },
    check: (event, response) => {
      expect(event).toMatchObject({ target_type: "unit", target_id: String(response.json().id) });
      expect(event.changes?.rent).toEqual({ before: null, after: 1850 });
    },
  },
  [adminPropertiesApi.updateUnit.id]: {
    call: async () => {
      const building = await insertProperty(database.db);
      const unit = await insertUnit(database.db, building.id, { unitNumber: "7", rent: 1500 });
      return call(testApp.app, adminPropertiesApi.updateUnit, {
        ...as(),
        params: { id: unit.id },
        payload: {
          ...validUnit(building.id, { unitNumber: "7", rent: 1400 }),
          propertyId: undefined,
        },
      });
    },
    check: (event, response) => {
      expect(event.property_id).toBe(response.json().propertyId);
      expect(event.changes?.rent).toEqual({ before: 1500, after: 1400 });
      expect(event.changes).not.toHaveProperty("unitNumber");
    },
  },
  [adminPropertiesApi.confirmAvailability.id]: {
    call: async () => {
      const building = await insertProperty(database.db);
      const unit = await insertUnit(database.db, building.id, {
        available: true,
        availabilityConfirmedAt: new Date("2026-01-05T15:00:00Z"),
      });
      return call(testApp.app, adminPropertiesApi.confirmAvailability, {
        ...as(),
        params: { id: unit.id },
      });
    },
    check: (event, response) => {
      const unit = response.json();
      expect(event).toMatchObject({
        target_type: "unit",
        target_id: String(unit.id),
        property_id: unit.propertyId,
      });
      // The confirmation is the one change.
      expect(event.changes).toEqual({
        availabilityConfirmedAt: {
          before: "2026-01-05T15:00:00.000Z",
          after: unit.availabilityConfirmedAt,
        },
      });
    },
  },
  [adminPropertiesApi.deleteUnit.id]: {
    call: async () => {
      const building = await insertProperty(database.db);
      const unit = await insertUnit(database.db, building.id, { unitNumber: "9Z" });
      return call(testApp.app, adminPropertiesApi.deleteUnit, {
        ...as(),
        params: { id: unit.id },
      });
    },
    check: (event) => {
      expect(event.changes?.unitNumber).toEqual({ before: "9Z", after: null });
    },
  },
  [adminPropertiesApi.deleteUnitImage.id]: {
    call: async () => {
      const building = await insertProperty(database.db);
      const unit = await insertUnit(database.db, building.id);
      const image = await insertImage(database.db, { unitId: unit.id });
      return call(testApp.app, adminPropertiesApi.deleteUnitImage, {
        ...as(),
        params: { unitId: unit.id, imageId: image.id },
      });
    },
    check: (event) => {
      expect(event.target_type).toBe("image");
      expect(event.property_id).not.toBeNull();
    },
  },
  [adminPropertiesApi.updateImageAlt.id]: {
    call: async () => {
      const building = await insertProperty(database.db);
      const image = await insertImage(database.db, { propertyId: building.id }, { alt: "Old" });
      return call(testApp.app, adminPropertiesApi.updateImageAlt, {
        ...as(),
        params: { id: image.id },
        payload: { alt: "A sunny kitchen" },
      });
    },
    check: (event) => {
      expect(event.changes).toEqual({ alt: { before: "Old", after: "A sunny kitchen" } });
    },
  },
  [adminPropertiesApi.uploadImages.id]: {
    call: async () => {
      const building = await insertProperty(database.db);
      return sendForm(
        testApp.app,
        adminPropertiesApi.uploadImages,
        [
          { name: "propertyId", value: String(building.id) },
          { name: "files", filename: "a.png", content: await makeImage("png") },
        ],
        as(),
      );
    },
    check: (event) => {
      expect(event.target_type).toBe("property");
      expect(event.detail).toMatchObject({ count: 1 });
    },
  },
  [inquiriesApi.setHandled.id]: {
    call: async () => {
      const [inquiry] = await database.db
        .insert(schema.inquiries)
        .values({ name: "Rita", email: "rita@example.com", phone: "860-555-0100", message: "Hi" })
        .returning();
      return call(testApp.app, inquiriesApi.setHandled, {
        ...as(),
        params: { id: inquiry!.id },
        payload: { handled: true },
      });
    },
    check: (event) => {
      expect(event.changes?.handledAt?.before).toBeNull();
      expect(typeof event.changes?.handledAt?.after).toBe("string");
    },
  },
  [tenantFilesApi.createRequest.id]: {
    call: async () => {
      const building = await insertProperty(database.db);
      return call(testApp.app, tenantFilesApi.createRequest, {
        ...as(),
        payload: {
          tenantName: "Dana Renter",
          tenantEmail: "dana@example.com",
          propertyId: building.id,
          category: "lease",
        },
      });
    },
    check: (event, response) => {
      expect(event.target_id).toBe(response.json().id);
      expect(event.detail).toMatchObject({ tenant: "dana@example.com", category: "lease" });
    },
  },
  [tenantFilesApi.downloadLink.id]: {
    setup: ["document_request.created"],
    call: async () => {
      const building = await insertProperty(database.db);
      const { token } = await requestUploadLink(testApp, admin, building.id);
      const uploaded = await sendForm(
        testApp.app,
        tenantFilesApi.uploadThroughRequest,
        [{ name: "files", filename: "lease.pdf", content: samples.pdf() }],
        { params: { token } },
      );
      const [file] = await database.db
        .select()
        .from(schema.tenantFiles)
        .orderBy(desc(schema.tenantFiles.uploadedAt))
        .limit(1);
      expect(uploaded.statusCode).toBe(201);
      const fileId = file!.id;
      return call(testApp.app, tenantFilesApi.downloadLink, {
        ...as(),
        params: { id: fileId },
      });
    },
    check: (event) => {
      expect(event.target_type).toBe("tenant_file");
      expect(event.detail).toMatchObject({ name: "lease.pdf", tenant: "dana.renter@example.com" });
    },
  },
  [adminMaintenanceApi.invite.id]: {
    call: async () => {
      const building = await insertProperty(database.db);
      const unit = await insertUnit(database.db, building.id, { unitNumber: "3C" });
      return call(testApp.app, adminMaintenanceApi.invite, {
        ...as(),
        params: { id: unit.id },
        payload: { name: "Tess Tenant", email: `tess-${Date.now()}@example.com` },
      });
    },
    check: (event, response) => {
      expect(event).toMatchObject({ target_type: "tenant", target_id: response.json().id });
      expect(event.property_id).toBe(response.json().unit.propertyId);
      expect(event.detail).toMatchObject({ name: "Tess Tenant", unitId: response.json().unit.id });
    },
  },
  [adminMaintenanceApi.moveTenant.id]: {
    call: async () => {
      const { tenantId } = await residentWithRequest();
      const building = await insertProperty(database.db);
      const unit = await insertUnit(database.db, building.id);
      return call(testApp.app, adminMaintenanceApi.moveTenant, {
        ...as(),
        params: { id: tenantId },
        payload: { unitId: unit.id },
      });
    },
    check: (event, response) => {
      expect(event.target_type).toBe("tenant");
      expect(event.changes?.unitId?.after).toBe(response.json().unit.id);
      expect(event.changes?.unitId?.before).not.toBe(response.json().unit.id);
    },
  },
  [adminMaintenanceApi.endAccess.id]: {
    call: async () => {
      const { tenantId } = await residentWithRequest();
      return call(testApp.app, adminMaintenanceApi.endAccess, {
        ...as(),
        params: { id: tenantId },
      });
    },
    check: (event) => {
      expect(event.target_type).toBe("tenant");
      expect(event.detail).toMatchObject({ email: expect.stringContaining("@example.com") });
    },
  },
  [adminMaintenanceApi.shareDocument.id]: {
    call: async () => {
      const { tenantId } = await residentWithRequest();
      return sendForm(
        testApp.app,
        adminMaintenanceApi.shareDocument,
        [
          { name: "category", value: "lease" },
          { name: "file", filename: "lease.pdf", content: samples.pdf() },
        ],
        { ...as(), params: { id: tenantId } },
      );
    },
    check: (event, response) => {
      expect(event.target_type).toBe("tenant");
      expect(event.detail).toMatchObject({
        files: [{ id: response.json().files[0].id, name: "lease.pdf" }],
      });
    },
  },
  [adminMaintenanceApi.update.id]: {
    call: async () => {
      const { requestId } = await residentWithRequest();
      return call(testApp.app, adminMaintenanceApi.update, {
        ...as(),
        params: { id: requestId },
        payload: { status: "scheduled", scheduledFor: "2026-12-01", window: "morning" },
      });
    },
    check: (event) => {
      expect(event.target_type).toBe("maintenance_request");
      expect(event.changes?.status).toEqual({ before: "submitted", after: "scheduled" });
      expect(event.changes?.scheduledFor).toEqual({ before: null, after: "2026-12-01" });
    },
  },
  [adminMaintenanceApi.comment.id]: {
    call: async () => {
      const { requestId } = await residentWithRequest();
      return call(testApp.app, adminMaintenanceApi.comment, {
        ...as(),
        params: { id: requestId },
        payload: { body: "A plumber comes Tuesday." },
      });
    },
    check: (event, response) => {
      expect(event.target_type).toBe("maintenance_request");
      expect(event.target_id).toBe(response.json().id);
      expect(event.detail).toMatchObject({ title: "Dripping tap" });
    },
  },
  [outgoingMailApi.retry.id]: {
    call: async () => {
      const failed = await insertFailedMail(database.db);
      return call(testApp.app, outgoingMailApi.retry, { ...as(), params: { id: failed.id } });
    },
    check: (event) => {
      expect(event.target_type).toBe("outgoing_mail");
      expect(event.detail).toMatchObject({ to: "office@example.com" });
    },
  },
};

/** A tenant of a new unit with a request of theirs, written directly. */
async function residentWithRequest(): Promise<{ tenantId: string; requestId: string }> {
  const building = await insertProperty(database.db);
  const unit = await insertUnit(database.db, building.id);
  const [tenant] = await database.db
    .insert(schema.users)
    .values({
      email: `resident-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
      displayName: "Rae Resident",
      role: "tenant",
      passwordHash: "",
      unitId: unit.id,
      unitSince: new Date(),
      invitedAt: new Date(),
    })
    .returning();
  const [request] = await database.db
    .insert(schema.maintenanceRequests)
    .values({
      tenantId: tenant!.id,
      tenantName: "Rae Resident",
      tenantEmail: tenant!.email,
      unitId: unit.id,
      propertyId: building.id,
      title: "Dripping tap",
      description: "The kitchen tap drips all night.",
      category: "plumbing",
      urgency: "routine",
      permissionToEnter: true,
    })
    .returning();
  return { tenantId: tenant!.id, requestId: request!.id };
}

const adminWrites = allContracts.filter((c) => c.guard === "admin" && c.method !== "GET");
const audited = allContracts.filter((c) => c.audit !== undefined);

describe("the audit trail over the route table", () => {
  it("every administrator's write names its action, and every audited route has a case", () => {
    expect(adminWrites.length).toBeGreaterThan(10);
    expect(adminWrites.filter((c) => !c.audit).map((c) => c.id)).toEqual([]);
    expect(audited.map((c) => c.id).filter((id) => !(id in cases))).toEqual([]);
    expect(Object.keys(cases).filter((id) => !audited.some((c) => c.id === id))).toEqual([]);
  });

  it.each(audited.map((contract) => [contract.id, contract] as const))(
    "%s leaves exactly one event: the action, the actor, the record and what changed",
    async (id, contract: Contract) => {
      const before = await lastId();
      const response = await cases[id]!.call();
      expect(response.statusCode, response.body).toBeLessThan(300);
      const events = await eventsAfter(before);
      // A download link is made by an admin after an upload (which records nothing itself).
      const own = events.filter((e) => e.action === contract.audit);
      expect(own, JSON.stringify(events)).toHaveLength(1);
      expect(events.map((e) => e.action).sort()).toEqual(
        [contract.audit!, ...(cases[id]!.setup ?? [])].sort(),
      );
      expect(events.every((e) => e.actor_email === admin.email)).toBe(true);
      const event = own[0]!;
      expect(event).toMatchObject({
        actor_email: admin.email,
        ip_address: "127.0.0.1",
      });
      expect(event.request_id).toBeTruthy();
      await cases[id]!.check(event, response);
    },
  );

  it("a refused write records nothing", async () => {
    const before = await lastId();
    const missing = await call(testApp.app, adminPropertiesApi.updateUnit, {
      ...as(),
      params: { id: 987654 },
      payload: { unitNumber: "1", rent: 100 },
    });
    expect(missing.statusCode).toBe(404);
    const invalid = await call(testApp.app, adminPropertiesApi.createProperty, {
      ...as(),
      payload: { title: "" },
    });
    expect(invalid.statusCode).toBe(400);
    expect(await eventsAfter(before)).toEqual([]);
  });
});

describe("sign-in decisions and sessions", () => {
  it("records each success, failure and delay, sign-out and ended sessions, never a password", async () => {
    const before = await lastId();
    const person = await loginAs(testApp.app, database.db, "admin");
    for (const password of ["wrong-1", "wrong-2", "wrong-3", "wrong-4", "wrong-5", "wrong-6"]) {
      await call(testApp.app, authApi.login, {
        payload: { email: person.email, password },
        remoteAddress: "203.0.113.5",
      });
    }
    // The right password from a browser the account has not used: delayed like the guesses.
    const delayed = await call(testApp.app, authApi.login, {
      payload: { email: person.email, password: person.password },
      remoteAddress: "198.51.100.5",
    });
    expect(delayed.statusCode).toBe(429);
    await call(testApp.app, authApi.endOtherSessions, { headers: person.headers });
    await call(testApp.app, authApi.logout, { headers: person.headers });

    const events = await eventsAfter(before);
    expect(events.map((e) => e.action)).toEqual([
      "sign_in.succeeded",
      "sign_in.failed",
      "sign_in.failed",
      "sign_in.failed",
      "sign_in.failed",
      "sign_in.failed",
      "sign_in.delayed",
      "sign_in.delayed",
      "session.ended_others",
      "sign_out",
    ]);
    expect(events.every((e) => e.actor_email === person.email)).toBe(true);
    const failed = events.find((e) => e.action === "sign_in.failed")!;
    expect(failed.ip_address).toBe("203.0.113.5");
    const { rows } = await database.pool.query(
      "select to_jsonb(a)::text as row from audit_events a",
    );
    expect(rows.map((r) => r.row).join("\n")).not.toContain(person.password);
  });
});

describe("the table", () => {
  it("lets an erasure change only an event's e-mail, details and changes", async () => {
    const [event] = await database.db
      .insert(schema.auditEvents)
      .values({ action: "sign_out", actorEmail: "kept@example.com", detail: { a: 1 } })
      .returning();
    const client = await database.pool.connect();
    try {
      await client.query("begin");
      await client.query("select set_config('rentals.audit_erasure', 'on', true)");
      await client.query(
        "update audit_events set actor_email = null, detail = '{}'::jsonb where id = $1",
        [event!.id],
      );
      await expect(
        client.query("update audit_events set action = 'nothing' where id = $1", [event!.id]),
      ).rejects.toThrow(/append-only/);
      await client.query("rollback");
    } finally {
      client.release();
    }
  });

  it("refuses UPDATE, DELETE and TRUNCATE", async () => {
    await call(testApp.app, authApi.login, {
      payload: { email: "nobody@example.com", password: "x" },
    });
    for (const statement of [
      "update audit_events set action = 'nothing'",
      "delete from audit_events",
      "truncate audit_events",
    ]) {
      await expect(database.pool.query(statement), statement).rejects.toThrow(/append-only/);
    }
  });

  it("lets only the purge remove events, and only those past two years", async () => {
    const old = new Date(Date.now() - 731 * 86_400_000);
    const [ancient] = await database.db
      .insert(schema.auditEvents)
      .values({ action: "sign_out", at: old, actorEmail: "ancient@example.com" })
      .returning();
    const [young] = await database.db
      .insert(schema.auditEvents)
      .values({ action: "sign_out", at: new Date(Date.now() - 700 * 86_400_000) })
      .returning();
    // The purge's own setting does not open recent events.
    const client = await database.pool.connect();
    try {
      await client.query("begin");
      await client.query("select set_config('rentals.audit_purge', 'on', true)");
      // Nor does a purge that claims a shorter period: two years is the floor.
      await client.query("select set_config('rentals.audit_retention_days', '30', true)");
      await expect(
        client.query("delete from audit_events where id = $1", [young!.id]),
      ).rejects.toThrow(/append-only/);
      await client.query("rollback");
    } finally {
      client.release();
    }
    expect(await createAuditLog(database.db).purge()).toBe(1);
    const { rows } = await database.pool.query("select id from audit_events where id in ($1, $2)", [
      ancient!.id,
      young!.id,
    ]);
    expect(rows.map((r) => Number(r.id))).toEqual([young!.id]);
  });

  it("removes a year's worth past the retention a batch at a time, keeping every recent one", async () => {
    const due = PURGE_BATCH * 2 + 500;
    await database.pool.query(
      `insert into audit_events (action, at, actor_email)
       select 'sign_out', now() - interval '800 days' - n * interval '1 minute', 'old' || n || '@example.com'
       from generate_series(1, $1) as n`,
      [due],
    );
    const kept = Number(
      (
        await database.pool.query(
          "select count(*) from audit_events where at > now() - interval '730 days'",
        )
      ).rows[0].count,
    );
    expect(await createAuditLog(database.db).purge()).toBe(due);
    const { rows } = await database.pool.query(
      "select count(*) filter (where at <= now() - interval '730 days') as old, count(*) as all from audit_events",
    );
    expect(Number(rows[0].old)).toBe(0);
    expect(Number(rows[0].all)).toBe(kept);
  });
});

describe(`${auditApi.list.method} ${auditApi.list.path}`, () => {
  const list = (query: Record<string, unknown> = {}, headers = admin.headers) =>
    call(testApp.app, auditApi.list, { headers, query });

  it("is for administrators only", async () => {
    expect((await list({}, {} as typeof admin.headers)).statusCode).toBe(401);
    const tenant = await loginAs(testApp.app, database.db, "tenant");
    expect((await list({}, tenant.headers)).statusCode).toBe(403);
  });

  it("filters by person, action, building and days, newest first, a page at a time", async () => {
    const building = await insertProperty(database.db, { title: "Filter Court" });
    const editor = await loginAs(testApp.app, database.db, "admin");
    const unitIds: number[] = [];
    for (let n = 0; n < AUDIT_PAGE_SIZE + 2; n++) {
      const created = await call(testApp.app, adminPropertiesApi.createUnit, {
        headers: editor.headers,
        payload: validUnit(building.id, { unitNumber: `F${n}` }),
      });
      unitIds.push(created.json().id);
    }
    const first = await list({ actor: editor.email, action: "unit.created" });
    expect(first.statusCode).toBe(200);
    const page = first.json() as { events: AuditEvent[]; nextCursor: string | null };
    expect(page.events).toHaveLength(AUDIT_PAGE_SIZE);
    expect(page.events[0]!.targetId).toBe(String(unitIds.at(-1)));
    expect(page.events[0]!.label).toBe("Created unit");
    expect(page.nextCursor).not.toBeNull();
    const next = (
      await list({ actor: editor.email, action: "unit.created", cursor: page.nextCursor })
    ).json();
    expect(next.events.map((e: AuditEvent) => e.targetId)).toEqual(
      unitIds.slice(0, 2).reverse().map(String),
    );
    expect(next.nextCursor).toBeNull();
    // A smaller page, and what is not a page of the trail: 400, never 500.
    const small = (await list({ actor: editor.email, action: "unit.created", limit: 3 })).json();
    expect(small.events.map((e: AuditEvent) => e.targetId)).toEqual(
      unitIds.slice(-3).reverse().map(String),
    );
    for (const query of [
      { cursor: "not a cursor" },
      { cursor: encodeCursor(["12"]) },
      { cursor: encodeCursor([-4]) },
      { limit: 101 },
      { limit: 0 },
    ]) {
      expect((await list(query)).statusCode, JSON.stringify(query)).toBe(400);
    }

    const byBuilding = (await list({ propertyId: building.id })).json();
    expect(byBuilding.events.every((e: AuditEvent) => e.propertyId === building.id)).toBe(true);
    // Each names its building as it is called now, whatever page of buildings a screen holds.
    expect(byBuilding.events[0]!.propertyTitle).toBe("Filter Court");
    const day = page.events[0]!.at.slice(0, 10);
    const thatDay = await list({ actor: editor.email, action: "unit.created", from: day, to: day });
    expect(thatDay.json().events).toHaveLength(AUDIT_PAGE_SIZE);
    expect((await list({ actor: editor.email, to: "2020-01-01" })).json().events).toEqual([]);
    expect((await list({ from: "2026-02-30" })).statusCode).toBe(400);
    expect((await list({ action: "nothing.done" })).statusCode).toBe(400);
  });

  it("exports more events than it reads at a time, each once, the last written first", async () => {
    const count = AUDIT_EXPORT_BATCH * 2 + 37;
    await database.pool.query(
      `insert into audit_events (action, at, actor_email)
       select 'sign_out', now() - n * interval '1 second', 'export' || n || '@example.com'
       from generate_series(1, $1) as n`,
      [count],
    );
    const exported = await call(testApp.app, auditApi.export, {
      headers: admin.headers,
      query: { action: "sign_out", actor: "@example.com" },
    });
    expect(exported.statusCode).toBe(200);
    const actors = exported.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n")
      .slice(1)
      .map((line) => /^"[^"]*","([^"]*)"/.exec(line)?.[1])
      .filter((actor) => actor?.startsWith("export"));
    // Written n = 1 first: by id, the order of writing, the last one leads.
    expect(actors).toEqual(
      Array.from({ length: count }, (_, i) => `export${count - i}@example.com`),
    );
  });

  it("exports the matching events as CSV, defusing formulas", async () => {
    await call(testApp.app, authApi.login, {
      payload: { email: "someone@example.com", password: "x" },
      headers: { "user-agent": '=HYPERLINK("http://evil.example","x")' },
    });
    const exported = await call(testApp.app, auditApi.export, {
      headers: admin.headers,
      query: { action: "sign_in.failed" },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(exported.headers["content-disposition"]).toMatch(/^attachment; filename="activity-/);
    expect(exported.headers["cache-control"]).toBe("no-store");
    const lines = exported.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      '"time","actor","action","target","building","changes","detail","address","browser","request"',
    );
    // A cell that starts with = would be a formula: it starts with a quote mark instead.
    expect(
      lines.some((line) => line.includes(`"'=HYPERLINK(""http://evil.example"",""x"")"`)),
    ).toBe(true);
    expect(lines.slice(1).every((line) => line.includes('"Sign-in failed"'))).toBe(true);

    // The list with format=csv leads to the same export, filters kept.
    const asked = await call(testApp.app, auditApi.list, {
      headers: admin.headers,
      query: { action: "sign_in.failed", format: "csv", limit: 20 },
    });
    expect(asked.statusCode).toBe(303);
    expect(asked.headers.location).toBe(
      buildUrl(auditApi.export, {}, { action: "sign_in.failed" }),
    );
  });

  it("writes CSV fields that any spreadsheet reads back", () => {
    expect(csvLine(['say "hi"', null, 3, { a: 1 }, "+1", "line\nbreak"])).toBe(
      '"say ""hi""","","3","{""a"":1}","\'+1","line\nbreak"',
    );
  });
});
