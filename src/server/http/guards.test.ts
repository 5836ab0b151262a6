import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { allContracts } from "#domain/api/all";
import { authApi } from "#domain/api/auth";
import type { Contract } from "#domain/api/contract";
import { type Guard, pathParamNames } from "#domain/api/wire";
import { loginAs } from "#tests/support/auth";
import { call } from "#tests/support/call";
import { insertProperty, insertUnit } from "#tests/support/fixtures";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";

/**
 * Every guarded route, read from the contracts: no token or a forged one is 401, the wrong role
 * is 403, and nothing changes; the right caller gets through. Every route under /api/admin/ must
 * be for administrators, so a new one cannot be added open.
 */
const guarded = allContracts.filter((c) => c.guard !== "public");
const byRole = (role: Guard) => guarded.filter((c) => c.guard === role);
const rows = (list: readonly Contract[]) => list.map((c) => [c.method, c.path, c] as const);

let database: TestDatabase;
let app: FastifyInstance;
let close: () => Promise<void>;
let tenant: { authorization: string };
let admin: { authorization: string };
let params: Record<string, string>;

beforeAll(async () => {
  database = await createTestDb();
  // Each "past the guard" case signs in afresh: more sign-ins than one address's default limit.
  ({ app, close } = await createTestApp(database, { env: { AUTH_ATTEMPTS_PER_MINUTE: "1000" } }));
  tenant = (await loginAs(app, database.db, "tenant")).headers;
  admin = (await loginAs(app, database.db, "admin")).headers;
  const property = await insertProperty(database.db, { title: "Guarded Court" });
  const unit = await insertUnit(database.db, property.id);
  params = {
    id: String(property.id),
    imageId: "1",
    unitId: String(unit.id),
  };
});

afterAll(async () => {
  await close();
  await database.drop();
});

/** The contract's path parameters: the fixtures' ids, "1" for any other. */
function paramsOf(contract: Contract): Record<string, string> {
  return Object.fromEntries(
    pathParamNames(contract.path).map((name) => [name, params[name] ?? "1"]),
  );
}

async function snapshot() {
  const { rows } = await database.pool.query(
    `select (select count(*) from properties) as properties, (select count(*) from units) as units,
            (select max(updated_at) from properties) as touched`,
  );
  return rows[0];
}

describe("the guards, from the contracts", () => {
  it("puts every route under /api/admin/ (and the photo upload) behind the administrator guard", () => {
    const open = allContracts.filter(
      (c) =>
        (c.path.startsWith("/api/admin/") || c === adminPropertiesApi.uploadImages) &&
        c.guard !== "admin",
    );
    expect(open.map((c) => c.id)).toEqual([]);
    expect(byRole("admin").length).toBeGreaterThanOrEqual(18);
  });

  it("registers each guarded route with its contract's guard", () => {
    for (const contract of guarded) {
      const route = app.routeTable.find(
        (r) => r.method === contract.method && r.url === contract.path,
      );
      expect(route?.guard, contract.id).toBe(contract.guard);
    }
  });

  it.each(rows(guarded))(
    "%s %s answers 401 without a token and changes nothing",
    async (method, _path, contract) => {
      const before = await snapshot();
      const response = await call(app, contract, {
        params: paramsOf(contract),
        payload: method === "GET" ? undefined : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: "unauthorized", message: expect.any(String) });
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each(rows(guarded))(
    "%s %s refuses a forged token with 401",
    async (method, _path, contract) => {
      const response = await call(app, contract, {
        params: paramsOf(contract),
        headers: { authorization: `${admin.authorization.slice(0, -4)}AAAA` },
        payload: method === "GET" ? undefined : {},
      });
      expect(response.statusCode).toBe(401);
    },
  );

  it.each(rows(byRole("admin")))(
    "%s %s answers 403 to a tenant and changes nothing",
    async (method, _path, contract) => {
      const before = await snapshot();
      const response = await call(app, contract, {
        params: paramsOf(contract),
        headers: tenant,
        payload: method === "GET" ? undefined : {},
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: "forbidden" });
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each(rows(byRole("tenant")))(
    "%s %s answers 403 to an administrator",
    async (_method, _path, contract) => {
      const response = await call(app, contract, {
        params: paramsOf(contract),
        headers: admin,
        payload: {},
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: "forbidden" });
    },
  );

  it.each(rows(guarded))(
    "%s %s lets its own caller past the guard",
    async (method, _path, contract) => {
      // A fresh session each: getting past the guard of sign-out ends the caller's session.
      const headers = (
        await loginAs(app, database.db, contract.guard === "tenant" ? "tenant" : "admin")
      ).headers;
      const response = await call(app, contract, {
        params: paramsOf(contract),
        headers,
        payload: method === "GET" ? undefined : {},
      });
      expect([401, 403]).not.toContain(response.statusCode);
    },
  );
});

describe("MFA_REQUIRED, an administrator with only a password", () => {
  let strict: Awaited<ReturnType<typeof createTestApp>>;
  let passwordOnly: { authorization: string };

  beforeAll(async () => {
    strict = await createTestApp(database, {
      env: { AUTH_ATTEMPTS_PER_MINUTE: "1000", MFA_REQUIRED: "true" },
    });
    passwordOnly = (await loginAs(strict.app, database.db, "admin")).headers;
  });
  afterAll(async () => {
    await strict.close();
  });

  // Signing out would end the session the other cases use: it is the last one asked.
  const sessionOnly = byRole("session").sort(
    (a, b) => Number(a === authApi.logout) - Number(b === authApi.logout),
  );

  it.each(rows(guarded.filter((c) => c.guard === "user" || c.guard === "admin")))(
    "%s %s answers 403 mfa_enrollment_required and changes nothing",
    async (method, _path, contract) => {
      const before = await snapshot();
      const response = await call(strict.app, contract, {
        params: paramsOf(contract),
        headers: passwordOnly,
        payload: method === "GET" ? undefined : {},
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: "mfa_enrollment_required" });
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each(rows(sessionOnly))(
    "%s %s lets them past the guard: it is how they add a second step, or leave",
    async (method, _path, contract) => {
      const response = await call(strict.app, contract, {
        params: paramsOf(contract),
        headers: passwordOnly,
        payload: method === "GET" ? undefined : {},
      });
      expect([401, 403]).not.toContain(response.statusCode);
    },
  );

  it("names the session-only routes: nothing of the office's is among them", () => {
    expect(sessionOnly.map((c) => `${c.method} ${c.path}`).sort()).toEqual([
      "GET /api/auth/me",
      "GET /api/auth/mfa",
      "POST /api/auth/logout",
      "POST /api/auth/mfa/enrolment-code",
      "POST /api/auth/mfa/totp/confirm",
      "POST /api/auth/mfa/totp/setup",
      "POST /api/auth/webauthn/register/options",
      "POST /api/auth/webauthn/register/verify",
    ]);
  });
});
