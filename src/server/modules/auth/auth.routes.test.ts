import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authApi } from "#domain/api/auth";
import type { Contract } from "#domain/api/contract";
import { authMessages } from "#domain/auth";
import { loginAs } from "#tests/support/auth";
import { call } from "#tests/support/call";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import { addUser, setUserPassword } from "../users/users.service";
import { loadJwtSecret } from "./auth.secret";
import { createLoginThrottle } from "./login-throttle";

let database: TestDatabase;
let testApp: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  database = await createTestDb();
  testApp = await createTestApp(database, { env: { AUTH_ATTEMPTS_PER_MINUTE: "1000" } });
  await addUser(
    { db: database.db },
    {
      email: "office@example.com",
      password: "right-password",
      role: "admin",
      displayName: "Office",
    },
  );
});

afterAll(async () => {
  await testApp.close();
  await database.drop();
});

const post = (contract: Contract, payload: object, app = testApp.app) =>
  call(app, contract, { payload });
const me = (authorization?: string) =>
  call(testApp.app, authApi.me, { headers: authorization ? { authorization } : {} });
/** A describe block's title: the contract's method and path. */
const route = (contract: Contract) => `${contract.method} ${contract.path}`;

function decode(token: string) {
  return JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());
}

describe(route(authApi.login), () => {
  it("signs in with the right password: a 24-hour token and the user", async () => {
    const response = await post(authApi.login, {
      email: " Office@Example.com ",
      password: "right-password",
    });
    expect(response.statusCode).toBe(200);
    const { token, user } = response.json();
    expect(user).toEqual({
      uid: expect.any(String),
      email: "office@example.com",
      displayName: "Office",
      role: "admin",
      emailVerified: true,
    });
    const claims = decode(token);
    expect(claims.exp - claims.iat).toBe(24 * 60 * 60);
    expect(claims.sub).toBe(user.uid);
    expect(JSON.parse(Buffer.from(token.split(".")[0], "base64url").toString())).toMatchObject({
      alg: "HS256",
    });
  });

  it("answers an unknown e-mail exactly like a wrong password", async () => {
    const wrong = await post(authApi.login, {
      email: "office@example.com",
      password: "wrong-password",
    });
    const unknown = await post(authApi.login, {
      email: "nobody@example.com",
      password: "wrong-password",
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.json()).toEqual({
      error: "unauthorized",
      message: authMessages.invalidCredentials,
    });
  });

  it("refuses a bad e-mail or an empty password with the form's messages", async () => {
    const response = await post(authApi.login, { email: "nope", password: "" });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { path: "email", msg: authMessages.invalidEmail },
      { path: "password", msg: authMessages.passwordRequired },
    ]);
  });

  it("slows an account after 5 failures with growing delays, right password included, on a browser it does not know", async () => {
    let now = 1_000_000;
    const throttled = await createTestApp(database, {
      loginThrottle: createLoginThrottle({ now: () => now }),
      env: { AUTH_ATTEMPTS_PER_MINUTE: "1000" },
    });
    await addUser(
      { db: database.db },
      { email: "held@example.com", password: "right-password", role: "admin" },
    );
    const attempt = (password: string) =>
      post(authApi.login, { email: "held@example.com", password }, throttled.app);
    for (let i = 0; i < 5; i++) expect((await attempt("guess")).statusCode).toBe(401);
    const held = await attempt("right-password");
    expect(held.statusCode).toBe(429);
    expect(held.headers["retry-after"]).toBe("1");
    expect(held.json().message).toBe(
      "Too many requests. Please wait a moment before trying again.",
    );
    // Each further failure doubles the wait: 1 s, 2 s, 4 s ...
    now += 1_000;
    expect((await attempt("guess")).statusCode).toBe(401);
    expect((await attempt("right-password")).headers["retry-after"]).toBe("2");
    now += 2_000;
    expect((await attempt("guess")).statusCode).toBe(401);
    expect((await attempt("right-password")).headers["retry-after"]).toBe("4");
    now += 4_000;
    // The right password, once the wait is over, gets in and starts the account over.
    expect((await attempt("right-password")).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await attempt("guess")).statusCode).toBe(401);
    await throttled.close();
  });

  it("limits attempts from one address with 429", async () => {
    const limited = await createTestApp(database, { env: { AUTH_ATTEMPTS_PER_MINUTE: "3" } });
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await post(authApi.login, { email: `x${i}@example.com`, password: "x" }, limited.app))
          .statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    await limited.close();
  });
});

describe(route(authApi.register), () => {
  it("is always refused: registration is disabled", async () => {
    const response = await post(authApi.register, {
      email: "new@example.com",
      password: "whatever1",
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: "registration_disabled",
      message: authMessages.registrationUnavailable,
    });
  });
});

describe(route(authApi.me), () => {
  it("returns the signed-in user", async () => {
    const { headers, email } = await loginAs(testApp.app, database.db, "tenant");
    const response = await me(headers.authorization);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ email, role: "tenant" });
  });

  it("refuses a missing or malformed token with 401", async () => {
    for (const header of [
      undefined,
      "Bearer",
      "Bearer not.a.token",
      "Basic abc",
      `Bearer ${"a".repeat(5000)}`,
    ]) {
      const response = await me(header);
      expect(response.statusCode, String(header)).toBe(401);
      expect(response.json()).toMatchObject({ error: "unauthorized" });
    }
  });

  it("refuses a token signed with another secret", async () => {
    const { token } = await loginAs(testApp.app, database.db, "admin");
    const forged = await new SignJWT(decode(token))
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode("someone-else's-secret-of-32-characters!"));
    expect((await me(`Bearer ${forged}`)).statusCode).toBe(401);
  });

  it("refuses an alg:none token", async () => {
    const { token } = await loginAs(testApp.app, database.db, "admin");
    const header = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url");
    const unsigned = `${header}.${token.split(".")[1]}.`;
    expect((await me(`Bearer ${unsigned}`)).statusCode).toBe(401);
  });

  it("refuses an expired token", async () => {
    const { token } = await loginAs(testApp.app, database.db, "admin");
    const secret = await loadJwtSecret({ dataDir: testApp.dataDir });
    const claims = decode(token);
    const expired = await new SignJWT({
      ...claims,
      iat: claims.iat - 90_000,
      exp: claims.iat - 3_600,
    })
      .setProtectedHeader({ alg: "HS256" })
      .sign(secret);
    expect((await me(`Bearer ${expired}`)).statusCode).toBe(401);
  });

  it("ends every older session when the password changes", async () => {
    const { headers, email } = await loginAs(testApp.app, database.db, "admin");
    expect((await me(headers.authorization)).statusCode).toBe(200);
    await setUserPassword({ db: database.db }, { email, password: "a-brand-new-one" });
    const response = await me(headers.authorization);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(authMessages.sessionEnded);
  });
});

describe("the signing secret", () => {
  it("is made once, kept private in DATA_DIR, and reused", async () => {
    const first = await loadJwtSecret({ dataDir: testApp.dataDir });
    const again = await loadJwtSecret({ dataDir: testApp.dataDir });
    expect(Buffer.from(first).toString()).toBe(Buffer.from(again).toString());
    expect(first.length).toBe(64);
    const { stat } = await import("node:fs/promises");
    const { mode } = await stat(`${testApp.dataDir}/jwt-secret`);
    expect(mode & 0o777).toBe(0o600);
  });
});

describe("the administrator guard", () => {
  it("answers 401 without a session, 403 for a tenant and lets an administrator through", async () => {
    const guarded = await createTestApp(database, { env: { AUTH_ATTEMPTS_PER_MINUTE: "1000" } });
    // A route of the test's own, which no contract describes: the guard alone is under test.
    const adminOnly = "/api/test/admin-only";
    guarded.app.get(adminOnly, { onRequest: guarded.app.guards.admin }, async (request) => ({
      uid: request.user?.uid,
    }));
    const tenant = await loginAs(guarded.app, database.db, "tenant");
    const admin = await loginAs(guarded.app, database.db, "admin");
    const get = (headers = {}) => guarded.app.inject({ method: "GET", url: adminOnly, headers });
    expect((await get()).statusCode).toBe(401);
    const refused = await get(tenant.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: "forbidden", message: authMessages.adminOnly });
    expect((await get(admin.headers)).statusCode).toBe(200);
    await guarded.close();
  });
});

describe("passwords", () => {
  it("never appear in the logs or the database, in clear", async () => {
    const lines: string[] = [];
    const logged = await createTestApp(database, {
      logger: { level: "trace", stream: { write: (line: string) => lines.push(line) } },
      env: { AUTH_ATTEMPTS_PER_MINUTE: "1000" },
    });
    const password = "Plain-Text-Secret-4711";
    await addUser({ db: database.db }, { email: "careful@example.com", password, role: "admin" });
    await post(authApi.login, { email: "careful@example.com", password }, logged.app);
    await post(
      authApi.login,
      { email: "careful@example.com", password: `${password}-wrong` },
      logged.app,
    );
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join("\n")).not.toContain(password);
    expect(lines.some((l) => l.includes("sign-in succeeded"))).toBe(true);
    expect(lines.some((l) => l.includes("sign-in refused"))).toBe(true);
    const { rows } = await database.pool.query("select row_to_json(u)::text as row from users u");
    expect(rows.map((r) => r.row).join("\n")).not.toContain(password);
    await logged.close();
  });
});
