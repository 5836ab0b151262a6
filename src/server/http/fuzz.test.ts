import { randomUUID } from "node:crypto";
import { readdir, stat, writeFile } from "node:fs/promises";
import type net from "node:net";
import path from "node:path";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import fc, { type Arbitrary } from "fast-check";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authApi } from "#domain/api/auth";
import type { Contract } from "#domain/api/contract";
import { JSON_MAX_DEPTH } from "#domain/api/contract";
import { healthApi } from "#domain/api/health";
import type { Guard } from "#domain/api/wire";
import { amenityChoices, propertyTypes } from "#domain/listing-format";
import { messages } from "#domain/messages";
import { fileCategories } from "#domain/tenant-files";
import { loginAs } from "#tests/support/auth";
import { call } from "#tests/support/call";
import { insertImage, insertProperty, insertUnit } from "#tests/support/fixtures";
import { exchange } from "#tests/support/raw-socket";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import * as schema from "../db/schema";
import { readOutbox } from "../mail/outbox";
import { createSessionTokens } from "../modules/auth/auth.tokens";
import { createPhotoLinks } from "../modules/maintenance/maintenance-photos.service";
import { createFileLinks } from "../modules/tenant-files/file-tokens";
import { addUser } from "../modules/users/users.service";
import { isValidHost } from "../platform";
import {
  apiPathRest,
  type Body,
  bodies,
  extraHeaders,
  idSegment,
  junkString,
  type Model,
  queryString,
  type Segment,
  text,
  tokenSegment,
} from "./fuzz.arbitraries";
import { nestsDeeperThan } from "./json-body";

/**
 * Property-based fuzzing of every JSON endpoint. Each route of `app.routeTable` gets
 * generated bodies, query strings, path ids, a few other headers and callers (administrator,
 * tenant, nobody or a forged session), and for every request:
 * - the answer is never a 5xx, and the server still answers /api/health afterwards;
 * - a 4xx is JSON in the API's one error format: exactly {error, message, details?};
 * - a refused request (>= 400) leaves every table of the schema (row count and an md5 of the
 *   rows) and every file under DATA_DIR (path, size, mtime) as they were;
 * - a guarded route never lets a tenant or nobody through.
 * A route added to the app without a plan here fails the first test.
 *
 * Seeds are fixed, so a failure reproduces; fast-check prints the shrunk counterexample and the
 * seed. FUZZ_SEED=<n> explores other inputs, FUZZ_RUNS=<factor> multiplies the runs, and
 * FUZZ_STATS=1 prints each route's answers by status (to see that the inputs reach the handlers).
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_250_808);
const RUNS_FACTOR = Number(process.env.FUZZ_RUNS ?? 1);
const STATS = process.env.FUZZ_STATS === "1";
const JWT_SECRET = "fuzz-test-secret-of-at-least-32-characters!";

/** Not fuzzed, and why. Every other route of the app must have a plan below. */
const skipped: Record<string, string> = {
  // Photo files from the store (DATA_DIR or a bucket), not a JSON endpoint; traversal of that
  // path is the access tests' subject.
  "GET /uploads/*": "static files",
  // XML and plain text for search engines; they take no input at all.
  "GET /sitemap.xml": "XML, no input",
  "GET /robots.txt": "text, no input",
  // A sitemap file: its one input, the name, is matched against a fixed pattern (seo tests).
  "GET /sitemaps/:file": "XML, a name from a fixed pattern",
  // The listing feeds for portals, XML and JSON; they take no input either.
  "GET /feeds/listings.xml": "XML, no input",

  // The API's own description and its reference page: generated once, they take no input
  // (the assets' file name is checked against a fixed list; openapi.test.ts covers them).
  "GET /api/openapi.json": "JSON document, no input",
  "GET /api/docs": "HTML, no input",
  "GET /api/docs/assets/*": "static files",
  // Ends the caller's own session, and the fuzzer's callers must stay signed in; the sign-out
  // tests (auth.routes.test.ts) send it junk and forged tokens.
  "POST /api/auth/logout": "ends the fuzzer's own session",
  // Takes no input at all (the session names the account); mfa.routes.test.ts covers it.
  "POST /api/auth/mfa/enrolment-code": "no input",
};

type Known = {
  propertyIds: number[];
  unitIds: number[];
  /** Numbers already taken in the fixture building: a duplicate must be a 409, not a 500. */
  unitNumbers: string[];
  imageIds: number[];
  inquiryIds: number[];
  fileIds: string[];
  sessionIds: string[];
  userIds: string[];
  emails: string[];
  uploadTokens: string[];
  downloadTokens: string[];
  verifyTokens: string[];
  maintenanceIds: string[];
  photoTokens: string[];
};

type Plan = {
  /** The body's near-valid model; "junk" for a route that reads no JSON body (junk is sent anyway). */
  body?: (known: Known) => Model | "junk";
  /** The query keys the route reads; every route also gets junk ones. */
  query?: readonly string[];
  params?: (known: Known) => Record<string, Arbitrary<Segment>>;
  /** Runs at the base factor: fewer for costly routes (argon2), more for rich bodies. */
  runs?: number;
  /**
   * A wrong code is counted (auth_codes.attempts) even though the request is refused: that is
   * the brute-force limit at work, not a stray write. Every other column is still compared.
   */
  countsWrongTries?: boolean;
  /** Whether this answer is a refusal (default: status >= 400). */
  refused?: (response: LightMyRequestResponse) => boolean;
  /** Extra checks on every answer. */
  check?: (response: LightMyRequestResponse) => void;
};

// Near-valid field values, shared by the models below.
/** What a listing alert looks for, near valid: each field in or just out of its range. */
const alertCriteriaModel = () =>
  fc.record(
    {
      bedroomsMin: fc.oneof(fc.integer({ min: -2, max: 12 }), fc.double(), text(0, 5)),
      rentMax: fc.oneof(fc.integer({ min: -10, max: 2_000_000 }), fc.constant(0.5)),
      towns: fc.array(fc.oneof(fc.constantFrom("Hartford", "hartford "), text(0, 120)), {
        maxLength: 25,
      }),
      availableNow: fc.oneof(fc.boolean(), text(0, 5)),
    },
    { requiredKeys: [] },
  );

const email = (known: Known) =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc.stringMatching(
        /^[a-z][a-z0-9._+-]{0,20}[a-z0-9]@[a-z0-9]{1,20}\.(com|org|io)$/,
      ),
    },
    { weight: 2, arbitrary: fc.constantFrom(...known.emails) },
    { weight: 1, arbitrary: fc.emailAddress() },
    { weight: 1, arbitrary: text(3, 30) },
  );
const maybeId = (ids: number[]) =>
  fc.oneof(fc.constantFrom(...ids), fc.constant(null), fc.integer({ min: 1, max: 2 ** 31 - 1 }));
const isoDate = fc.oneof(
  fc
    .date({ min: new Date("1900-01-01"), max: new Date("2100-12-31"), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  fc.constantFrom("2030-02-30", "0000-01-01", "9999-12-31", "2024-13-01", "2024-02-29"),
);

const propertyModel = (): Model => ({
  title: text(1, 200),
  type: fc.constantFrom(...propertyTypes),
  address: text(1, 80),
  city: text(1, 40),
  state: fc.constantFrom("CT", "NY", "California"),
  zipCode: fc.constantFrom("06103", "06103-1234", "10001"),
  description: text(0, 300),
  descriptionEs: fc.oneof(fc.constant(null), text(0, 300)),
  yearBuilt: fc.oneof(fc.constant(null), fc.integer({ min: 1600, max: 2030 })),
  totalUnits: fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 10_000 })),
  amenities: fc.array(fc.constantFrom(...amenityChoices), { maxLength: 6 }),
  featured: fc.boolean(),
  active: fc.boolean(),
  hasVacancy: fc.boolean(),
});

const unitFieldsModel = (known: Known): Model => ({
  unitNumber: fc.oneof(text(1, 20), fc.constantFrom(...known.unitNumbers)),
  bedrooms: fc.integer({ min: 0, max: 20 }),
  bathrooms: fc.integer({ min: 0, max: 40 }).map((n) => n / 2),
  squareFeet: fc.integer({ min: 0, max: 100_000 }),
  rent: fc.oneof(fc.integer({ min: 1, max: 1_000_000 }), fc.double({ min: 0.01, max: 1_000_000 })),
  deposit: fc.integer({ min: 0, max: 1_000_000 }),
  available: fc.boolean(),
  availableFrom: fc.oneof(fc.constant(null), isoDate),
  features: fc.array(text(1, 30), { maxLength: 5 }),
  description: text(0, 300),
  descriptionEs: fc.oneof(fc.constant(null), text(0, 300)),
  floorPlan: text(0, 50),
});

const ids = (list: readonly (string | number)[]) => idSegment(list);

const sixDigits = fc.integer({ min: 0, max: 999_999 }).map((n) => String(n).padStart(6, "0"));
const passwordModel = (): Model => ({ password: fc.oneof(text(1, 60), junkString()) });
/** A passkey answer's shape with nothing a real authenticator signed. */
const credentialModel = () =>
  fc.record({
    id: fc.base64String({ minLength: 4, maxLength: 64 }),
    rawId: fc.base64String({ minLength: 4, maxLength: 64 }),
    type: fc.constantFrom("public-key", "other"),
    response: fc.dictionary(
      fc.constantFrom("clientDataJSON", "attestationObject", "authenticatorData", "signature"),
      fc.base64String({ maxLength: 200 }),
    ),
  });

/** A renter's name, address and language for one of the known units (invitations, Apply Now). */
const renterForUnit: Plan = {
  body: (k) => ({
    name: text(0, 120),
    email: email(k),
    lang: fc.constantFrom("en", "es", "fr", undefined),
  }),
  params: (k) => ({ id: ids(k.unitIds) }),
  runs: 20,
};

const plans: Record<string, Plan> = {
  "GET /api/health": { runs: 10 },
  "GET /api/health/ready": { runs: 10 },
  "POST /api/auth/login": {
    // Each well-formed attempt runs argon2: fewer runs.
    runs: 25,
    body: (k) => ({ email: email(k), password: fc.oneof(text(1, 60), junkString()) }),
  },
  "POST /api/auth/register": { body: () => "junk", runs: 20 },
  "GET /api/auth/me": { runs: 20 },
  "GET /api/auth/sessions": { runs: 20 },
  // Only sessions that are not the caller's: ending one must be refused, 404.
  "DELETE /api/auth/sessions/:id": {
    params: (k) => ({ id: fc.oneof(idSegment(k.sessionIds), idSegment([randomUUID()])) }),
  },
  // Ends the caller's other sessions: the fuzzer's callers have none.
  "DELETE /api/auth/sessions": { body: () => "junk", runs: 20 },
  "POST /api/auth/send-verification": {
    body: (k) => ({ uid: fc.oneof(fc.constantFrom(...k.userIds), fc.uuid(), text(1, 64)) }),
  },
  "POST /api/auth/verify-code": {
    countsWrongTries: true,
    body: (k) => ({
      email: email(k),
      code: fc.integer({ min: 0, max: 999_999 }).map((n) => String(n).padStart(6, "0")),
    }),
  },
  "GET /api/auth/verify-email": {
    query: ["token"],
    params: () => ({}),
    // The link always redirects; an error redirect is a refusal, and never a server error.
    refused: (r) => r.statusCode >= 400 || /error=/.test(String(r.headers.location)),
    check: (r) => {
      if (r.statusCode < 400) {
        expect(r.statusCode).toBe(302);
        expect(String(r.headers.location)).not.toContain("server_error");
      }
    },
  },
  "POST /api/auth/request-password-reset": { body: (k) => ({ email: email(k) }) },
  "POST /api/auth/reset-password": {
    countsWrongTries: true,
    body: (k) => ({
      userId: fc.oneof(fc.constantFrom(...k.userIds), fc.uuid(), text(1, 64)),
      resetCode: fc.oneof(fc.base64String({ minLength: 16, maxLength: 128 }), text(16, 64)),
      newPassword: fc.oneof(fc.constantFrom("Str0ng-enough-pw", "Another1Password"), text(1, 60)),
    }),
  },
  // The second step. Changes ask the password again (argon2: fewer runs); the fuzzer never
  // knows it, so they are refused and write nothing.
  "GET /api/auth/mfa": { runs: 20 },
  "POST /api/auth/mfa/totp/setup": { body: () => passwordModel(), runs: 15 },
  "POST /api/auth/mfa/totp/confirm": { body: () => ({ code: sixDigits }) },
  "DELETE /api/auth/mfa/totp": { body: () => passwordModel(), runs: 15 },
  "POST /api/auth/mfa/recovery-codes": { body: () => passwordModel(), runs: 15 },
  "POST /api/auth/mfa/verify": {
    body: () => ({
      mfaToken: fc.oneof(fc.base64String({ minLength: 8, maxLength: 64 }), text(1, 200)),
      code: fc.oneof(sixDigits, fc.constantFrom("k7m2p-x9q4r", "abcde-fghjk"), text(1, 40)),
    }),
  },
  "POST /api/auth/webauthn/register/options": { body: () => passwordModel(), runs: 15 },
  "POST /api/auth/webauthn/register/verify": {
    body: () => ({
      challengeId: fc.oneof(fc.uuid(), text(1, 64)),
      name: text(1, 60),
      credential: credentialModel(),
    }),
  },
  "DELETE /api/auth/webauthn/credentials/:id": {
    body: () => passwordModel(),
    params: () => ({ id: ids([randomUUID()]) }),
    runs: 15,
  },
  // Options for a passkey sign-in are made for anyone who asks (a ceremony row, 200).
  "POST /api/auth/webauthn/options": {
    body: () => ({ mfaToken: fc.oneof(fc.constant(undefined), text(1, 200)) }),
    runs: 20,
  },
  "POST /api/auth/webauthn/verify": {
    body: () => ({
      challengeId: fc.oneof(fc.uuid(), text(1, 64)),
      credential: credentialModel(),
      mfaToken: fc.oneof(fc.constant(undefined), text(1, 200)),
    }),
  },
  "GET /api/admin/staff": { runs: 20 },
  "POST /api/admin/privacy/lookup": { body: (k) => ({ email: email(k) }), runs: 20 },
  "POST /api/admin/privacy/export": { body: (k) => ({ email: email(k) }), runs: 20 },
  // Only addresses nobody has (twice, or not): an erasure of a known one would take the
  // fuzzer's fixtures with it.
  "POST /api/admin/privacy/erase": {
    body: () => {
      const unknown = fc.stringMatching(/^nobody-[a-z0-9]{1,12}@example\.org$/);
      return {
        email: fc.oneof(unknown, text(0, 30)),
        confirmEmail: fc.oneof(unknown, text(0, 30)),
      };
    },
    runs: 20,
  },
  "GET /api/admin/privacy/requests": { query: ["status", "limit", "cursor"], runs: 20 },
  "POST /api/admin/privacy/requests/:id/answer": { params: () => ({ id: ids([randomUUID()]) }) },
  // A renter's own request: accepted (202) or refused with the form's words; the link knows no
  // token here, so every one is refused.
  "POST /api/privacy/requests": {
    body: (k) => ({
      email: email(k),
      kind: fc.constantFrom("access", "deletion", "everything", undefined),
      lang: fc.constantFrom("en", "es", "fr", undefined),
    }),
    runs: 20,
  },
  "POST /api/privacy/requests/confirm/:token": { params: () => ({ token: tokenSegment([]) }) },
  // Showings: any unit id (none has hours here, so no booking is written), any link.
  "GET /api/units/:id/showings/slots": { params: () => ({ id: ids([1, 2, 999_999]) }), runs: 20 },
  "POST /api/units/:id/showings": {
    body: () => ({
      start: fc.oneof(
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        text(0, 40),
      ),
      name: text(0, 120),
      email: fc.oneof(fc.emailAddress(), text(0, 40)),
      phone: text(0, 40),
      note: fc.oneof(fc.constant(undefined), text(0, 1200)),
      lang: fc.constantFrom("en", "es", "fr", undefined),
    }),
    params: () => ({ id: ids([1, 999_999]) }),
    runs: 20,
  },
  "POST /api/showings/:token/cancel": { params: () => ({ token: tokenSegment([]) }) },
  "POST /api/showings/:token/move": {
    body: () => ({ start: fc.oneof(fc.constant("2027-06-05T10:00:00-04:00"), text(0, 40)) }),
    params: () => ({ token: tokenSegment([]) }),
    runs: 20,
  },
  "GET /api/admin/properties/:id/showing-hours": { params: () => ({ id: ids([1, 999_999]) }) },
  "PUT /api/admin/properties/:id/showing-hours": {
    body: () => ({
      weekly: fc.record({
        mon: fc.array(
          fc.record({
            start: fc.constantFrom("09:00", "25:00", "x"),
            end: fc.constantFrom("12:00", "08:00"),
          }),
          { maxLength: 5 },
        ),
      }),
      slotMinutes: fc.integer({ min: -10, max: 500 }),
      bufferMinutes: fc.integer({ min: -10, max: 500 }),
      noticeHours: fc.integer({ min: -10, max: 500 }),
      horizonDays: fc.integer({ min: -10, max: 100 }),
      datesOff: fc.array(fc.oneof(fc.constant("2027-01-01"), text(0, 12)), { maxLength: 3 }),
      unitBooking: fc.dictionary(
        fc.constantFrom("1", "2", "999999999", "9999999999", "0", "x"),
        fc.constantFrom("instant", "request", "x"),
        { maxKeys: 3 },
      ),
    }),
    params: () => ({ id: ids([1, 999_999]) }),
    runs: 20,
  },
  "GET /api/admin/application-settings": {},
  "PUT /api/admin/application-settings": {
    body: () => ({
      screeningFeeCap: fc.oneof(fc.integer({ min: -10, max: 2000 }), fc.constant("50")),
      appliesFrom: fc.oneof(fc.constant("2027-01-01"), text(0, 12)),
    }),
    runs: 20,
  },
  // Applications: invitations to the known units, steps and offers of applications that do
  // not exist, and links that are none (their bodies are still checked before the link).
  "POST /api/admin/units/:id/application-invites": renterForUnit,
  "POST /api/admin/units/:id/paper-applications": renterForUnit,
  "GET /api/admin/applications": { query: ["status", "q", "limit", "cursor"], runs: 20 },
  "GET /api/admin/applications/:id": { params: () => ({ id: ids([randomUUID(), "x"]) }) },
  "PATCH /api/admin/applications/:id": {
    body: () => ({
      status: fc.constantFrom("screening", "denied", "approved", "draft", "x"),
      screeningFee: fc.oneof(fc.constant(undefined), fc.integer({ min: -100, max: 2000 })),
      reason: fc.constantFrom(undefined, "screening-report", "income", "x"),
      adverseAction: fc.oneof(
        fc.constant(undefined),
        fc.record({
          agencyName: text(0, 220),
          agencyAddress: text(0, 320),
          agencyPhone: text(0, 40),
          score: fc.oneof(
            fc.constant(undefined),
            fc.record({
              value: fc.integer({ min: -5, max: 20_000 }),
              low: fc.integer({ min: -5, max: 900 }),
              high: fc.integer({ min: -5, max: 900 }),
              factors: fc.array(text(0, 220), { maxLength: 7 }),
            }),
          ),
        }),
      ),
      note: fc.oneof(fc.constant(undefined), text(0, 2200)),
    }),
    params: () => ({ id: ids([randomUUID()]) }),
    runs: 20,
  },
  "POST /api/admin/applications/:id/offer": {
    body: () => ({
      rent: fc.integer({ min: -10, max: 200_000 }),
      deposit: fc.integer({ min: -10, max: 300_000 }),
      charges: fc.array(
        fc.record({ kind: text(0, 50), amount: fc.integer({ min: -10, max: 1000 }) }),
        { maxLength: 7 },
      ),
      leadPaint: fc.oneof(
        fc.constant(undefined),
        fc.record({
          hazardsKnown: fc.boolean(),
          reportsAvailable: fc.boolean(),
          hazards: text(0, 30),
        }),
      ),
    }),
    params: () => ({ id: ids([randomUUID()]) }),
    runs: 20,
  },
  "GET /api/applications/:token": { params: () => ({ token: tokenSegment([]) }) },
  "PUT /api/applications/:token": {
    body: () => ({
      part: fc.record({
        phone: text(0, 40),
        dateOfBirth: text(0, 12),
        homes: fc.array(fc.record({ address: text(0, 220), from: text(0, 8) }), { maxLength: 7 }),
        income: fc.array(
          fc.record({
            source: fc.constantFrom("employment", "housing_voucher", "x"),
            monthlyAmount: fc.oneof(fc.integer({ min: -10, max: 2_000_000 }), fc.constant(null)),
          }),
          { maxLength: 12 },
        ),
        consent: fc.oneof(fc.boolean(), fc.constant("yes")),
      }),
      household: fc.oneof(
        fc.constant(undefined),
        fc.record({ children: fc.integer({ min: -1, max: 30 }), pets: text(0, 600) }),
      ),
    }),
    params: () => ({ token: tokenSegment([]) }),
    runs: 20,
  },
  "POST /api/applications/:token/submit": { params: () => ({ token: tokenSegment([]) }) },
  "POST /api/applications/:token/adults": {
    body: (k) => ({ name: text(0, 120), email: email(k) }),
    params: () => ({ token: tokenSegment([]) }),
  },
  "POST /api/applications/:token/accept": {
    body: () => ({ leadPaintAcknowledged: fc.oneof(fc.boolean(), fc.constant("yes")) }),
    params: () => ({ token: tokenSegment([]) }),
  },
  // Waiting lists: joins of the known buildings, links that are none, the office's lists of
  // any building, moves of entries that do not exist, invitations for the known units.
  "POST /api/properties/:id/waitlist": {
    body: (k) => ({
      name: text(0, 120),
      email: email(k),
      bedrooms: fc.oneof(fc.integer({ min: -2, max: 9 }), fc.constant("2")),
      lang: fc.constantFrom("en", "es", "fr", undefined),
    }),
    params: (k) => ({ id: ids(k.propertyIds) }),
    runs: 20,
  },
  // Apply Now's own application (the app here runs with APPLY_NOW=online): any unit, any form;
  // the known units start drafts and e-mail their links, no more than a mailbox's few a day.
  "POST /api/units/:id/applications": renterForUnit,
  "GET /api/waitlist/:token": { params: () => ({ token: tokenSegment([]) }) },
  "POST /api/waitlist/:token/confirm": { params: () => ({ token: tokenSegment([]) }) },
  "POST /api/waitlist/:token/leave": { params: () => ({ token: tokenSegment([]) }) },
  "GET /api/admin/waitlists": { query: ["propertyId", "bedrooms", "limit", "cursor"], runs: 20 },
  "POST /api/admin/waitlist-entries/:id/move": {
    body: () => ({ position: fc.integer({ min: -3, max: 1000 }), reason: text(0, 600) }),
    params: () => ({ id: ids([randomUUID()]) }),
    runs: 20,
  },
  "POST /api/admin/units/:id/waitlist-invites": {
    body: () => ({ count: fc.oneof(fc.integer({ min: -3, max: 40 }), fc.constant(undefined)) }),
    params: (k) => ({ id: ids(k.unitIds) }),
    runs: 20,
  },
  "GET /api/admin/showings": {
    query: ["from", "days", "status", "propertyId", "limit", "cursor"],
    runs: 20,
  },
  "GET /api/admin/showings/:id": { params: () => ({ id: ids([randomUUID(), "x"]) }) },
  "POST /api/admin/showings/:id/status": {
    body: () => ({ action: fc.constantFrom("confirm", "decline", "cancel", "completed", "fly") }),
    params: () => ({ id: ids([randomUUID()]) }),
    runs: 20,
  },
  "POST /api/admin/showings/:id/follow-up": {
    body: () => ({ followUp: fc.constantFrom("application_sent", "lead_lost", "x", 1) }),
    params: () => ({ id: ids([randomUUID()]) }),
    runs: 20,
  },
  // Only accounts that do not exist: a reset ends the sessions the fuzzer signs in with.
  "POST /api/admin/staff/:id/reset-second-step": {
    body: () => passwordModel(),
    params: () => ({ id: ids([randomUUID()]) }),
  },
  "GET /api/properties/buildings": { query: ["limit", "cursor", "beds", "maxRent", "available"] },
  "GET /api/properties/buildings/:id": { params: (k) => ({ id: ids(k.propertyIds) }) },
  "GET /api/properties/:id": { params: (k) => ({ id: ids(k.unitIds) }) },
  "POST /api/property-inquiry": {
    body: (k) => ({
      name: text(2, 100),
      email: email(k),
      phone: fc.constantFrom("(860) 555-0100", "+1 860 555 0100", "8605550100"),
      message: text(10, 600),
      propertyId: maybeId(k.propertyIds),
      unitId: fc.oneof(maybeId(k.unitIds), fc.constant(undefined)),
    }),
  },
  "GET /api/admin/properties/admin": { query: ["q", "cursor", "limit"], runs: 20 },
  "GET /api/admin/properties/stats": { runs: 20 },
  "GET /api/admin/properties/choices": { query: ["q", "id"], runs: 20 },
  "GET /api/admin/units/to-confirm": { query: ["cursor", "limit"], runs: 20 },
  "GET /feeds/listings.json": { query: ["cursor", "limit"], runs: 20 },
  "POST /api/admin/properties": { body: propertyModel, runs: 60 },
  "PUT /api/admin/properties/:id": {
    body: propertyModel,
    params: (k) => ({ id: ids(k.propertyIds) }),
    runs: 60,
  },
  "DELETE /api/admin/properties/admin/:id": {
    body: () => "junk",
    params: (k) => ({ id: ids(k.propertyIds) }),
  },
  "DELETE /api/admin/properties/:id/images/:imageId": {
    body: () => "junk",
    params: (k) => ({ id: ids(k.propertyIds), imageId: ids(k.imageIds) }),
  },
  "POST /api/admin/units": {
    body: (k) => ({ propertyId: maybeId(k.propertyIds), ...unitFieldsModel(k) }),
    runs: 60,
  },
  "PUT /api/admin/units/:id": {
    body: unitFieldsModel,
    params: (k) => ({ id: ids(k.unitIds) }),
    runs: 60,
  },
  "POST /api/admin/units/:id/confirm-availability": {
    body: () => "junk",
    params: (k) => ({ id: ids(k.unitIds) }),
  },
  "DELETE /api/admin/units/:id": { body: () => "junk", params: (k) => ({ id: ids(k.unitIds) }) },
  "DELETE /api/admin/units/:unitId/images/:imageId": {
    body: () => "junk",
    params: (k) => ({ unitId: ids(k.unitIds), imageId: ids(k.imageIds) }),
  },
  "PATCH /api/admin/images/:id": {
    body: () => ({ alt: fc.oneof(text(0, 250), junkString()) }),
    params: (k) => ({ id: ids(k.imageIds) }),
  },
  // Multipart routes: their parts are the malformed-transport and upload tests' subject; here
  // they get JSON and other junk, which must be refused cleanly with nothing written.
  "POST /api/upload": { body: () => "junk" },
  "POST /api/tenant/files": { body: () => "junk" },
  "POST /api/upload-requests/:token/files": {
    body: () => "junk",
    params: (k) => ({ token: tokenSegment(k.uploadTokens) }),
  },
  "GET /api/admin/files": { query: ["category", "tenant"] },
  "GET /api/admin/files/stats": { runs: 20 },
  "GET /api/admin/files/:id/download": { params: (k) => ({ id: ids(k.fileIds) }) },
  // Answers the file itself for a good token; every refusal is JSON.
  "GET /api/files/download/:token": {
    params: (k) => ({ token: tokenSegment(k.downloadTokens) }),
  },
  "POST /api/admin/document-requests": {
    body: (k) => ({
      tenantName: text(2, 100),
      tenantEmail: email(k),
      propertyId: maybeId(k.propertyIds),
      unit: text(0, 20),
      category: fc.constantFrom(...fileCategories),
      maintenanceRequest: text(0, 200),
      note: text(0, 300),
    }),
  },
  "GET /api/admin/document-requests": { runs: 20 },
  "GET /api/upload-requests/:token": {
    params: (k) => ({ token: tokenSegment(k.uploadTokens) }),
  },
  "GET /api/admin/inquiries": { query: ["status"] },
  "PATCH /api/admin/inquiries/:id": {
    body: () => ({ handled: fc.boolean() }),
    params: (k) => ({ id: ids(k.inquiryIds) }),
  },
  "GET /api/admin/outgoing-mail": { query: ["status"] },
  // Listing alerts: the public routes. A subscription written is an accepted request (202);
  // the links' routes know no token here, so every one is refused and writes nothing.
  "POST /api/alerts": {
    body: (k) => ({
      email: email(k),
      criteria: alertCriteriaModel(),
      frequency: fc.constantFrom("instant", "daily", "weekly"),
      lang: fc.constantFrom("en", "es", "fr", undefined),
    }),
    runs: 40,
  },
  "POST /api/alerts/confirm/:token": { params: () => ({ token: tokenSegment([]) }) },
  "GET /api/alerts/manage/:token": { params: () => ({ token: tokenSegment([]) }) },
  "PATCH /api/alerts/manage/:token": {
    body: () => ({
      criteria: alertCriteriaModel(),
      frequency: fc.constantFrom("instant", "daily", "never", undefined),
      paused: fc.oneof(fc.boolean(), fc.constant(undefined)),
    }),
    params: () => ({ token: tokenSegment([]) }),
  },
  "POST /api/alerts/unsubscribe/:token": {
    body: () => "junk",
    params: () => ({ token: tokenSegment([]) }),
  },
  // The tenant portal. The fuzzer's tenant has no unit: a new request is refused (409), as is a
  // comment on a request it cannot see; sign-in links it guesses are unknown.
  "POST /api/tenant/sign-in-link": {
    body: (k) => ({ email: email(k), lang: fc.constantFrom("en", "es", "fr", 7, undefined) }),
  },
  "POST /api/tenant/sign-in": {
    body: () => ({
      token: fc.oneof(fc.base64String({ minLength: 40, maxLength: 48 }), text(0, 300)),
    }),
  },
  "GET /api/tenant/home": { runs: 20 },
  "GET /api/tenant/maintenance": { runs: 20 },
  "POST /api/tenant/maintenance": { body: () => "junk" },
  "POST /api/tenant/maintenance/:id/comments": {
    body: () => ({ body: fc.oneof(text(0, 2100), junkString()) }),
    params: (k) => ({ id: ids([...k.maintenanceIds, randomUUID()]) }),
  },
  "GET /api/tenant/files": { runs: 20 },
  "GET /api/tenant/files/:id/download": { params: (k) => ({ id: ids(k.fileIds) }) },
  "GET /api/maintenance/photos/:token": {
    params: (k) => ({ token: tokenSegment(k.photoTokens) }),
  },
  // Staff's side. Ending access is tried on ids that name no tenant only: the fuzzer's tenant
  // must stay signed in for the routes after.
  "POST /api/admin/units/:id/tenants": {
    body: (k) => ({ name: fc.oneof(text(0, 120), junkString()), email: email(k) }),
    params: (k) => ({ id: ids(k.unitIds) }),
  },
  "GET /api/admin/tenants": { query: ["units", "q", "cursor", "limit"], runs: 20 },
  "PATCH /api/admin/tenants/:id": {
    body: (k) => ({ unitId: maybeId(k.unitIds) }),
    params: (k) => ({ id: ids(k.userIds) }),
  },
  "DELETE /api/admin/tenants/:id": {
    body: () => "junk",
    params: () => ({ id: ids([randomUUID()]) }),
  },
  "POST /api/admin/tenants/:id/documents": {
    body: () => "junk",
    params: (k) => ({ id: ids(k.userIds) }),
  },
  "GET /api/admin/maintenance": { query: ["status", "urgency", "propertyId"] },
  "GET /api/admin/maintenance/summary": { runs: 20 },
  "GET /api/admin/maintenance/:id": { params: (k) => ({ id: ids(k.maintenanceIds) }) },
  "PATCH /api/admin/maintenance/:id": {
    body: () => ({
      status: fc.constantFrom(
        "submitted",
        "scheduled",
        "in_progress",
        "completed",
        "cancelled",
        "x",
      ),
      scheduledFor: fc.oneof(fc.constant(null), isoDate, text(0, 12)),
      window: fc.constantFrom("morning", "afternoon", "evening", "night", null),
    }),
    params: (k) => ({ id: ids(k.maintenanceIds) }),
  },
  "POST /api/admin/maintenance/:id/comments": {
    body: () => ({ body: fc.oneof(text(0, 2100), junkString()) }),
    params: (k) => ({ id: ids(k.maintenanceIds) }),
  },
  // A person's own notifications (the fuzzer's have none: each id is unknown) and preferences.
  "GET /api/notifications": { runs: 20 },
  "PATCH /api/notifications/:id": {
    body: () => ({ read: fc.oneof(fc.boolean(), text(0, 5)) }),
    params: () => ({ id: ids([randomUUID()]) }),
  },
  "POST /api/notifications/read-all": { body: () => "junk", runs: 20 },
  "DELETE /api/notifications/:id": {
    body: () => "junk",
    params: () => ({ id: ids([randomUUID()]) }),
  },
  "DELETE /api/notifications": { body: () => "junk", runs: 20 },
  "GET /api/account/notification-preferences": { runs: 20 },
  "PUT /api/account/notification-preferences": {
    body: () => {
      const channel = fc.record({
        enabled: fc.oneof(fc.boolean(), text(0, 4)),
        maintenance: fc.boolean(),
        payment: fc.boolean(),
        system: fc.boolean(),
        communication: fc.boolean(),
        emergency: fc.boolean(),
      });
      return {
        email: channel,
        inApp: channel,
        push: channel,
        quietHours: fc.record({
          enabled: fc.boolean(),
          startTime: fc.constantFrom("22:00", "7:00", "25:00", ""),
          endTime: fc.constantFrom("08:00", "xx"),
        }),
        frequency: fc.constantFrom("instant", "hourly", "daily", "weekly", "monthly"),
      };
    },
  },
  "GET /api/admin/alerts/summary": { runs: 20 },
  "GET /api/admin/alerts/subscribers": { query: ["status", "page"] },
  "GET /api/admin/alerts/reach": {
    query: ["propertyId", "bedrooms", "rent", "availableFrom", "unitId"],
  },
  "GET /api/admin/audit": {
    query: ["actor", "action", "propertyId", "from", "to", "before", "format"],
  },
  "GET /api/admin/audit/export": { query: ["actor", "action", "propertyId", "from", "to"] },
  "POST /api/admin/outgoing-mail/:id/retry": {
    body: () => "junk",
    params: () => ({ id: ids(["00000000-0000-4000-8000-000000000000"]) }),
  },
  // The catch-all: any other path under /api is a JSON 404, whatever the method.
  ...Object.fromEntries(
    ["GET", "TRACE", "DELETE", "OPTIONS", "PATCH", "PUT", "POST", "QUERY"].map((method) => [
      `${method} /api/*`,
      {
        runs: 15,
        body: method === "GET" ? undefined : () => "junk" as const,
        params: () => ({ "*": apiPathRest }),
      } satisfies Plan,
    ]),
  ),
};

let database: TestDatabase;
let app: FastifyInstance;
let dataDir: string;
let close: () => Promise<void>;
let admin: { uid: string; header: string };
let tenant: { uid: string; email: string; header: string };
/** Authorization headers that must never pass a guard: forged, foreign, expired, junk claims. */
let forgedHeaders: string[];
/** A tenant's own session claiming the admin role: still a tenant (the role comes from the row). */
let escalatedHeader: string;
/** Sessions that are not the callers': one of another administrator's, one signed out. */
let otherSessionIds: string[];

const secret = new TextEncoder().encode(JWT_SECRET);
const links = createFileLinks(secret);
const photoLinks = createPhotoLinks(secret);
const sessions = createSessionTokens(secret);

beforeAll(async () => {
  database = await createTestDb();
  ({ app, dataDir, close } = await createTestApp(database, {
    env: { JWT_SECRET, APPLY_NOW: "online" },
  }));
  const signedInAdmin = await loginAs(app, database.db, "admin");
  const signedInTenant = await loginAs(app, database.db, "tenant");
  const uidOf = async (address: string) =>
    (await database.pool.query("select id from users where email = $1", [address])).rows[0].id;
  admin = { uid: await uidOf(signedInAdmin.email), header: signedInAdmin.headers.authorization };
  tenant = {
    uid: await uidOf(signedInTenant.email),
    email: signedInTenant.email,
    header: signedInTenant.headers.authorization,
  };

  // Each forged token names a live session of the administrator's (or the tenant's), so that it
  // is refused for its own defect, not for a missing session.
  const sessionIdOf = (header: string) =>
    JSON.parse(Buffer.from(header.split(".")[1]!, "base64url").toString()).sid as string;
  const adminSid = sessionIdOf(admin.header);
  const tenantSid = sessionIdOf(tenant.header);
  const signedOut = await loginAs(app, database.db, "admin");
  await call(app, authApi.logout, { headers: signedOut.headers });
  otherSessionIds = [
    sessionIdOf((await loginAs(app, database.db, "admin")).headers.authorization),
    sessionIdOf(signedOut.headers.authorization),
  ];
  const past = Math.floor(Date.now() / 1000) - 3600;
  const sign = (claims: Record<string, unknown>, audience: string, exp?: number) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(exp ?? "1h")
      .sign(secret);
  const session = (sub: unknown, extra: Record<string, unknown> = {}, exp?: number) =>
    sign({ sub, role: "admin", tv: 0, sid: adminSid, ...extra }, "rentals:session", exp);
  const forged = [
    await session("not-a-uuid"),
    await session("' OR 1=1 --"),
    await session(randomUUID()),
    await session(admin.uid, { tv: 7 }), // a session ended by a password reset
    await session(admin.uid, { sid: sessionIdOf(signedOut.headers.authorization) }), // signed out
    await session(admin.uid, { sid: tenantSid }), // another user's session
    await session(admin.uid, { sid: "not-a-uuid" }),
    // No expiry: refused, however valid the rest.
    await new SignJWT({ role: "admin", tv: 0, sid: adminSid })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(admin.uid)
      .setAudience("rentals:session")
      .setIssuedAt()
      .sign(secret),
    await session(admin.uid, {}, past), // expired
    await session(admin.uid, { role: "superuser" }),
    await session(123),
    await session(admin.uid, { tv: "0" }),
    // The administrator's session signed with another key, and link tokens used as sessions.
    await new SignJWT({ role: "admin", tv: 0 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(admin.uid)
      .setAudience("rentals:session")
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("another-secret-another-secret-another-secret")),
    (await links.uploads.sign({ rid: randomUUID() })).token,
    (await links.downloads.sign({ fid: randomUUID(), v: admin.uid })).token,
    "eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwicm9sZSI6ImFkbWluIiwidHYiOjB9.",
  ];
  forgedHeaders = forged.map((token) => `Bearer ${token}`);
  escalatedHeader = `Bearer ${await sessions.sign({ uid: tenant.uid, role: "admin", tokenVersion: 0, sessionId: tenantSid })}`;
});

afterAll(async () => {
  await close();
  await database.drop();
});

let addressCounter = 0;
/**
 * Each request from its own address: the rate limits (per address) stay as configured and are
 * never what answers a fuzzed request.
 */
function nextAddress(): string {
  addressCounter++;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

let fixtureCounter = 0;

/** Fresh rows for a route's run (an earlier run may have deleted or changed the last ones). */
async function freshFixtures(): Promise<Known> {
  fixtureCounter++;
  const db = database.db;
  const property = await insertProperty(db);
  const unit = await insertUnit(db, property.id);
  const neighbour = await insertUnit(db, property.id);
  const images = [
    await insertImage(db, { propertyId: property.id }),
    await insertImage(db, { unitId: unit.id }),
  ];
  const [inquiry] = await db
    .insert(schema.inquiries)
    .values({
      name: "Robin Fuzz",
      email: "robin@example.com",
      phone: "8605550100",
      message: "Is the flat still free?",
      propertyId: property.id,
    })
    .returning();
  const filename = randomUUID();
  await writeFile(path.join(dataDir, "tenant-files", filename), "%PDF-1.4 fuzz\n");
  const [file] = await db
    .insert(schema.tenantFiles)
    .values({
      tenantId: tenant.uid,
      tenantName: "Tess Tenant",
      tenantEmail: tenant.email,
      propertyId: property.id,
      propertyName: property.title,
      category: "lease",
      filename,
      originalName: "lease.pdf",
      size: 14,
      mime: "application/pdf",
    })
    .returning();
  const [repair] = await db
    .insert(schema.maintenanceRequests)
    .values({
      tenantId: tenant.uid,
      tenantName: "Tess Tenant",
      tenantEmail: tenant.email,
      unitId: unit.id,
      propertyId: property.id,
      title: "Dripping tap",
      description: "The kitchen tap drips all night.",
      category: "plumbing",
      urgency: "routine",
      permissionToEnter: true,
    })
    .returning();
  const [request] = await db
    .insert(schema.documentRequests)
    .values({
      tenantName: "Tess Tenant",
      tenantEmail: tenant.email,
      propertyId: property.id,
      propertyName: property.title,
      category: "lease",
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();

  // An unverified account with a live code and link; the tenant with a live reset code.
  const unverifiedEmail = `unverified-${fixtureCounter}@example.com`;
  const { user: unverified } = await addUser(
    { db },
    { email: unverifiedEmail, password: "Unverified-1", role: "tenant", emailVerified: false },
  );
  for (const [contract, payload] of [
    [authApi.sendVerification, { uid: unverified.id }],
    [authApi.requestPasswordReset, { email: tenant.email }],
  ] as const) {
    const sent = await call(app, contract, { payload, remoteAddress: nextAddress() });
    expect(sent.statusCode).toBe(200);
  }
  await app.mailQueue.idle();
  const mail = (await readOutbox(dataDir)).filter((m) => m.to === unverifiedEmail).at(-1);
  const verifyToken = /verify-email\?token=([\w.-]+)/.exec(mail?.text ?? "")?.[1];

  return {
    propertyIds: [property.id],
    unitIds: [unit.id, neighbour.id],
    unitNumbers: [unit.unitNumber, neighbour.unitNumber],
    imageIds: images.map((i) => i.id),
    inquiryIds: [inquiry!.id],
    fileIds: [file!.id],
    sessionIds: otherSessionIds,
    userIds: [admin.uid, tenant.uid, unverified.id],
    emails: [tenant.email, unverifiedEmail],
    uploadTokens: [
      (await links.uploads.sign({ rid: request!.id })).token,
      (await links.uploads.sign({ rid: "not-a-uuid" })).token,
      (await links.uploads.sign({ rid: "' OR 1=1 --" })).token,
      (await links.uploads.sign({ rid: randomUUID() })).token,
    ],
    downloadTokens: [
      (await links.downloads.sign({ fid: file!.id, v: admin.uid })).token,
      (await links.downloads.sign({ fid: "../../jwt-secret", v: admin.uid })).token,
      (await links.downloads.sign({ fid: "\u0000", v: admin.uid })).token,
      (await links.downloads.sign({ fid: randomUUID(), v: admin.uid })).token,
    ],
    verifyTokens: verifyToken ? [verifyToken] : [],
    maintenanceIds: [repair!.id],
    photoTokens: [
      (await photoLinks.sign({ pid: randomUUID(), w: "480", v: admin.uid })).token,
      (await photoLinks.sign({ pid: "' OR 1=1 --", w: "../../jwt-secret", v: "' OR 1=1 --" }))
        .token,
    ],
  };
}

/**
 * Every table of the schema, and every file of DATA_DIR, as they stand: what "nothing written"
 * compares before and after a refused request.
 */
const tableNames = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table))
  // The alert job drains this queue on its own clock, and only a unit's change (a write to
  // units, which is compared) ever fills it.
  .filter((name) => name !== "alert_unit_changes");

/**
 * A table as its row count and the newest transaction that wrote one of its rows (xmin: an
 * insert or an update gives the row version the writing transaction's id, a delete lowers the
 * count), read in one pass without reading the rows' values: the tables grow with every route's
 * fixtures, and hashing every row's JSON twice per request was most of this file's time. The
 * two tables where a refused request does some bookkeeping on purpose are compared by content,
 * without that column: a session's last-active time (moved on any signed-in request, refused or
 * not) and a wrong code's count of attempts (the brute-force limit at work).
 */
async function snapshot(ignoreWrongTries: boolean) {
  const byContent = (name: string, column: string) =>
    `select '${name}' as name, count(*)::int as rows,
      md5(coalesce(string_agg((to_jsonb(t) - '${column}')::text, ',' order by (to_jsonb(t) - '${column}')::text), '')) as sum
      from "${name}" t`;
  const selects = tableNames.map((name) => {
    if (name === "sessions") return byContent(name, "last_active_at");
    if (name === "auth_codes" && ignoreWrongTries) return byContent(name, "attempts");
    // A refused sign-in is recorded in the audit trail on purpose: that is the trail at work.
    const where = name === "audit_events" ? "where t.action not like 'sign_in.%'" : "";
    return `select '${name}' as name, count(*)::int as rows,
      coalesce(max(t.xmin::text::bigint), 0)::text as sum
      from "${name}" t ${where}`;
  });
  const { rows } = await database.pool.query(selects.join(" union all "));
  return { tables: rows, files: await listFiles(dataDir) };
}

/**
 * DATA_DIR's files by name, and its folders with their modification times. A store writes a new
 * file under a temporary name and renames it into place, and removes files by name: each of
 * these changes the folder's time, so an overwritten file shows without a stat of every file
 * (thousands by the end of this file's run, and the stat of each was a third of its time).
 */
async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const folders = entries.filter((entry) => entry.isDirectory());
  const times = await Promise.all(
    [root, ...folders.map((entry) => path.join(entry.parentPath, entry.name))].map(
      async (folder) => `${path.relative(root, folder)}/ ${(await stat(folder)).mtimeMs}`,
    ),
  );
  const files = entries
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
  return [...times, ...files].sort();
}

/** A stack trace, a file path of the server, or PostgreSQL's own words never reach a client. */
const LEAK =
  /\bat .+\.(?:ts|js):\d+|node_modules|syntax error at or near|violates .+ constraint|duplicate key value|invalid input syntax for|relation ".+" does not exist/i;

/** The body as sent, decompressed when the client's Accept-Encoding allowed it. */
function bodyText(response: LightMyRequestResponse): string {
  const encoding = response.headers["content-encoding"];
  const raw = response.rawPayload;
  if (encoding === "br") return brotliDecompressSync(raw).toString("utf8");
  if (encoding === "gzip") return gunzipSync(raw).toString("utf8");
  if (encoding === "deflate") return inflateSync(raw).toString("utf8");
  return response.body;
}

function expectErrorFormat(response: LightMyRequestResponse, context: string) {
  expect(String(response.headers["content-type"]), context).toMatch(/^application\/json/);
  const text = bodyText(response);
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(
    Object.keys(body).filter((key) => !["error", "message", "details"].includes(key)),
    context,
  ).toEqual([]);
  expect(body.error, context).toMatch(/^[a-z][a-z0-9_]*$/);
  expect(typeof body.message === "string" && body.message.length > 0, context).toBe(true);
  if (body.details !== undefined) {
    expect(Array.isArray(body.details), context).toBe(true);
    for (const detail of body.details as Record<string, unknown>[]) {
      expect(Object.keys(detail).sort(), context).toEqual(["msg", "path"]);
      expect(typeof detail.path === "string" && typeof detail.msg === "string", context).toBe(true);
    }
  }
  expect(text, context).not.toMatch(LEAK);
}

type Who = { identity: "admin" | "tenant" | "anonymous"; header?: string };

function callers(guarded: Guard | "none"): Arbitrary<Who> {
  const anonymous = fc
    .oneof(
      fc.constant(undefined),
      fc.constantFrom(...forgedHeaders),
      fc.string({ unit: "grapheme-ascii", maxLength: 80 }),
      fc.string({ unit: "grapheme-ascii", maxLength: 300 }).map((t) => `Bearer ${t}`),
    )
    .map((header): Who => ({ identity: "anonymous", header }));
  const asTenant = fc
    .constantFrom(tenant.header, escalatedHeader)
    .map((header): Who => ({ identity: "tenant", header }));
  const asAdmin = fc.constant<Who>({ identity: "admin", header: admin.header });
  // Most runs go to the caller who gets past the guard, where the input is read.
  const [a, t, n] =
    guarded === "admin"
      ? [4, 1, 1]
      : guarded === "session" || guarded === "user" || guarded === "tenant"
        ? [1, 3, 1]
        : [1, 1, 3];
  return fc.oneof(
    { weight: a, arbitrary: asAdmin },
    { weight: t, arbitrary: asTenant },
    { weight: n, arbitrary: anonymous },
  );
}

type Input = {
  who: Who;
  params: Record<string, Segment>;
  query: string | null;
  body: Body;
  headers: Record<string, string>;
};

function inputs(
  route: { method: string; url: string; guard: Guard | "none" },
  plan: Plan,
  known: Known,
): Arbitrary<Input> {
  const model = plan.body?.(known);
  const hasBody = route.method !== "GET";
  return fc.record({
    who: callers(route.guard),
    headers: extraHeaders,
    params: fc.record(plan.params?.(known) ?? {}),
    query: fc.option(
      route.url === authApi.verifyEmailLink.path && known.verifyTokens.length > 0
        ? fc.oneof(
            queryString(plan.query ?? []),
            tokenSegment(known.verifyTokens).map((s) => `token=${s.raw}`),
          )
        : queryString(plan.query ?? []),
    ),
    body: hasBody ? bodies(model === "junk" ? undefined : model) : fc.constant<Body>({}),
  });
}

function urlOf(template: string, input: Input): string {
  const pathname = template
    .replace(/:(\w+)/g, (_, name: string) => input.params[name]!.raw)
    .replace("*", () => input.params["*"]!.raw);
  return input.query === null ? pathname : `${pathname}?${input.query}`;
}

async function send(
  route: { method: string; url: string; guard: Guard | "none"; contract?: Contract },
  plan: Plan,
  input: Input,
) {
  const url = urlOf(route.url, input);
  const headers: Record<string, string> = { ...input.headers };
  if (input.who.header !== undefined) headers.authorization = input.who.header;
  if (input.body.contentType !== undefined) headers["content-type"] = input.body.contentType;
  // Mail an earlier request queued is sent (its row changes) before the state is taken.
  await app.mailQueue.idle();
  const before = await snapshot(plan.countsWrongTries ?? false);
  const response = await app.inject({
    method: route.method as "GET",
    url,
    headers,
    payload: input.body.payload,
    remoteAddress: nextAddress(),
  });
  await app.mailQueue.idle();
  const context = `${route.method} ${url.slice(0, 300)} as ${input.who.identity} -> ${response.statusCode} ${response.body.slice(0, 300)}`;

  if (STATS) statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
  expect(response.statusCode, context).toBeLessThan(500);
  if (response.statusCode >= 400) expectErrorFormat(response, context);
  // A Host no URL can be built on is refused before anything else looks at the request.
  const host = input.headers.host;
  if (host !== undefined && host !== "" && !isValidHost(host)) {
    // (A URL the router cannot decode is refused first, with its own message.)
    expect(response.statusCode, context).toBe(400);
    expect(await snapshot(plan.countsWrongTries ?? false), `nothing written: ${context}`).toEqual(
      before,
    );
    return;
  }
  if ((plan.refused ?? ((r) => r.statusCode >= 400))(response)) {
    expect(await snapshot(plan.countsWrongTries ?? false), `nothing written: ${context}`).toEqual(
      before,
    );
  }
  plan.check?.(response);

  // A guard lets nobody through; where the URL reaches the route, it answers 401 or 403 itself.
  const needs = route.guard;
  const through =
    needs === "none" ||
    needs === "public" ||
    (needs === "admin" && input.who.identity === "admin") ||
    ((needs === "user" || needs === "session") && input.who.identity !== "anonymous") ||
    (needs === "tenant" && input.who.identity === "tenant");
  // JSON nested deeper than the limit is refused unparsed by a route that reads a body (when
  // its URL reaches the route at all: a path Fastify cannot decode is refused before).
  const payload = input.body.payload;
  if (
    through &&
    Object.values(input.params).every((p) => p.routable) &&
    route.contract?.body &&
    input.body.contentType === "application/json" &&
    typeof payload === "string" &&
    nestsDeeperThan(payload, JSON_MAX_DEPTH) &&
    Buffer.byteLength(payload) <= route.contract.bodyLimit!
  ) {
    expect(response.statusCode, context).toBe(400);
    expect(response.json().message, context).toBe(messages.server.tooDeep);
  }
  if (!through) {
    expect(response.statusCode, context).toBeGreaterThanOrEqual(400);
    if (Object.values(input.params).every((p) => p.routable)) {
      expect(response.statusCode, context).toBe(input.who.identity === "anonymous" ? 401 : 403);
    }
  }
}

async function expectHealthy() {
  const response = await call(app, healthApi.liveness, { remoteAddress: nextAddress() });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ status: "ok", database: "up" });
}

const planned = Object.keys(plans);
const statuses = new Map<number, number>();

describe("fuzzing every JSON endpoint", () => {
  it("has a plan for every route of the app, or a reason to skip it", () => {
    const routes = app.routeTable.map((r) => `${r.method} ${r.url}`);
    expect(routes.filter((key) => !(key in plans) && !(key in skipped))).toEqual([]);
    // And no plan for a route that no longer exists.
    expect([...planned, ...Object.keys(skipped)].filter((key) => !routes.includes(key))).toEqual(
      [],
    );
    // The snapshot that proves "nothing written" covers every table of the schema.
    expect(tableNames).toEqual(
      expect.arrayContaining(["users", "auth_codes", "properties", "units", "images"]),
    );
    expect(tableNames).toEqual(
      expect.arrayContaining(["document_requests", "tenant_files", "inquiries"]),
    );
  });

  it.each(planned.map((key, index) => [key, index] as const))(
    "%s: no 5xx, errors in the API's format, nothing written when refused",
    async (key, index) => {
      const plan = plans[key]!;
      const route = app.routeTable.find((r) => `${r.method} ${r.url}` === key);
      if (!route) throw new Error(`${key} is not a route of the app`);
      const known = await freshFixtures();
      statuses.clear();
      await fc.assert(
        fc.asyncProperty(inputs(route, plan, known), (input) => send(route, plan, input)),
        { seed: SEED + index, numRuns: Math.max(1, Math.round((plan.runs ?? 40) * RUNS_FACTOR)) },
      );
      await expectHealthy();
      if (STATS) {
        const counts = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
        process.stdout.write(`${key}  ${counts.join(", ")}\n`);
      }
    },
    120_000,
  );
});

describe("slow bodies to every route that reads one", () => {
  it("each is answered in the API's format, never a 5xx, and its connection closes", async () => {
    const slow = await createTestApp(database, {
      env: { JWT_SECRET, BODY_TIMEOUT_SECONDS: "1" },
    });
    try {
      await slow.app.listen({ host: "127.0.0.1", port: 0 });
      const { port } = slow.app.server.address() as net.AddressInfo;
      const writes = slow.app.routeTable.filter((r) => r.method !== "GET" && r.method !== "HEAD");
      expect(writes.length).toBeGreaterThan(10);
      const outcomes = await Promise.all(
        writes.map(async (route) => {
          const url = route.url.replace(/:\w+/g, "1").replace("*", "x");
          const head = [
            `${route.method} ${url} HTTP/1.1`,
            "Host: 127.0.0.1",
            "Content-Type: application/json",
            "Content-Length: 4000",
            "",
            "",
          ].join("\r\n");
          const { answer, closedByServer: closed } = await exchange(
            port,
            [{ write: `${head}{"a":` }],
            15_000,
          );
          const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
          const body = answer.slice(answer.indexOf("\r\n\r\n") + 4);
          return { key: `${route.method} ${route.url}`, status, closed, body };
        }),
      );
      for (const { key, status, closed, body } of outcomes) {
        expect(status, key).toBeGreaterThanOrEqual(400);
        expect(status, key).toBeLessThan(500);
        expect(closed, `${key}: closed by the server`).toBe(true);
        expect(body, key).toMatch(/"error":"[a-z_]+","message":"/);
      }
      // A public route that reads its body is the one cut off by the deadline itself.
      expect(outcomes.find((o) => o.key === "POST /api/property-inquiry")?.status).toBe(408);
    } finally {
      await slow.close();
    }
  }, 30_000);
});
