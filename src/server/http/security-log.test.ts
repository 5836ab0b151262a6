import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { authApi } from "#domain/api/auth";
import { tenantPortalApi } from "#domain/api/tenant-portal";
import { call } from "#tests/support/call";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import { createTenantLinks } from "../modules/tenants/tenant-links";
import { addUser } from "../modules/users/users.service";

/**
 * Security events are structured log lines: sign-ins that succeed and fail, refused
 * authorisations, rate-limit hits. None of them carries a password, a token or a code.
 */
type Line = { msg: string; level: number; [key: string]: unknown };

let database: TestDatabase;
let app: FastifyInstance;
let close: () => Promise<void>;
const lines: Line[] = [];
const raw: string[] = [];
const password = "Correct-horse-9";
let token = "";
let tenantId = "";

beforeAll(async () => {
  database = await createTestDb();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split("\n").filter(Boolean)) {
        raw.push(text);
        lines.push(JSON.parse(text) as Line);
      }
      done();
    },
  });
  ({ app, close } = await createTestApp(database, {
    logger: { level: "info", stream },
    env: { AUTH_ATTEMPTS_PER_MINUTE: "3" },
  }));
  const { user } = await addUser(
    { db: database.db },
    { email: "tenant@example.com", password, role: "tenant", emailVerified: true },
  );
  tenantId = user.id;
});

afterAll(async () => {
  await close();
  await database.drop();
});

const find = (msg: string) => lines.filter((line) => line.msg === msg);

describe("security logging", () => {
  it("logs a successful and a failed sign-in, with the account but never the password", async () => {
    const ok = await call(app, tenantPortalApi.signIn, {
      payload: {
        token: await createTenantLinks(database.db).issue(
          tenantId,
          "sign_in",
          new Date(Date.now() + 60_000),
        ),
      },
    });
    expect(ok.statusCode).toBe(200);
    token = ok.json().token;
    const bad = await call(app, authApi.login, {
      payload: { email: "tenant@example.com", password: "Wrong-password-1" },
    });
    expect(bad.statusCode).toBe(401);
    // The right password, where a tenant has one, is refused too: tenants sign in by link.
    const staffOnly = await call(app, authApi.login, {
      payload: { email: "tenant@example.com", password },
    });
    expect(staffOnly.statusCode).toBe(403);
    expect(find("sign-in succeeded")).toEqual([
      expect.objectContaining({ uid: tenantId, method: "email_link" }),
    ]);
    expect(find("sign-in refused")[0]).toMatchObject({ account: "tenant@example.com" });
    expect(find("sign-in refused: admins_only")).toEqual([
      expect.objectContaining({ uid: tenantId, method: "password" }),
    ]);
  });

  it("logs refused authorisations: a tenant at an admin route, and a forged session", async () => {
    const forbidden = await call(app, adminPropertiesApi.list, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(find("refused: administrators only")[0]).toMatchObject({
      route: adminPropertiesApi.list.path,
    });
    const forged = await call(app, adminPropertiesApi.list, {
      headers: { authorization: `Bearer ${token.slice(0, -3)}abc` },
    });
    expect(forged.statusCode).toBe(401);
    expect(find("refused: session not valid")).toHaveLength(1);
  });

  it("logs a rate-limit hit with the route", async () => {
    let limited = 0;
    for (let i = 0; i < 6; i++) {
      const response = await call(app, authApi.login, {
        payload: { email: "nobody@example.com", password: "Whatever-123" },
      });
      if (response.statusCode === 429) limited++;
    }
    expect(limited).toBeGreaterThan(0);
    expect(find("rate limit hit")[0]).toMatchObject({ route: authApi.login.path });
  });

  it("never writes a password or a token", () => {
    const all = raw.join("\n");
    expect(all).not.toContain(password);
    expect(all).not.toContain("Wrong-password-1");
    expect(all).not.toContain(token);
  });
});
