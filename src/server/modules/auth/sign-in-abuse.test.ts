import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { authApi } from "#domain/api/auth";
import { authMessages } from "#domain/auth";
import { loginAs } from "#tests/support/auth";
import { call } from "#tests/support/call";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import { addUser } from "../users/users.service";
import { DEVICE_COOKIE } from "./device-cookie";
import { ACCOUNT_RULE, createLoginThrottle, delayAfter } from "./login-throttle";

/**
 * Sign-in as an attacker tries it: failures on purpose to keep the owner out, a burst of
 * simultaneous guesses, an unverified administrator's token, a token kept after sign-out, and
 * answers a shared computer's cache could keep.
 */
let database: TestDatabase;
let testApp: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  database = await createTestDb();
  testApp = await createTestApp(database, { env: { AUTH_ATTEMPTS_PER_MINUTE: "1000" } });
});

afterAll(async () => {
  await testApp.close();
  await database.drop();
});

let counter = 0;
async function staffMember(options: { emailVerified?: boolean } = {}) {
  const email = `staff-${++counter}@example.com`;
  const password = `Right-password-${counter}`;
  await addUser({ db: database.db }, { email, password, role: "admin", ...options });
  return { email, password };
}

const signIn = (
  body: { email: string; password: string },
  options: { from?: string; cookie?: string } = {},
) =>
  call(testApp.app, authApi.login, {
    payload: body,
    remoteAddress: options.from ?? "192.0.2.1",
    headers: options.cookie ? { cookie: options.cookie } : {},
  });

/** The device cookie a sign-in answer sets, as a browser sends it back. */
function deviceCookieOf(response: { headers: Record<string, unknown> }): string {
  const header = String(response.headers["set-cookie"] ?? "");
  const pair = header.split(";")[0]!;
  expect(pair.startsWith(`${DEVICE_COOKIE}=`)).toBe(true);
  return pair;
}

describe("failed sign-ins on purpose", () => {
  it("do not keep the owner out on a browser they signed in from before", async () => {
    const owner = await staffMember();
    const first = await signIn(owner, { from: "198.51.100.10" });
    expect(first.statusCode).toBe(200);
    const cookie = deviceCookieOf(first);
    expect(String(first.headers["set-cookie"])).toMatch(
      /HttpOnly; SameSite=Strict|SameSite=Strict.*HttpOnly/,
    );

    // Before: five wrong passwords from five addresses locked the account for 15 minutes.
    for (let n = 0; n < 30; n++) {
      const guess = await signIn(
        { email: owner.email, password: `guess-${n}` },
        { from: `203.0.113.${n + 1}` },
      );
      expect([401, 429]).toContain(guess.statusCode);
    }
    // A browser that does not know the account waits ...
    const stranger = await signIn(owner, { from: "198.51.100.99" });
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers["retry-after"])).toBeGreaterThan(0);
    // ... the owner's own browser gets in at once, from wherever it is.
    const back = await signIn(owner, { from: "198.51.100.11", cookie });
    expect(back.statusCode).toBe(200);
    // And knows it: no new cookie is set for a browser that has one.
    expect(back.headers["set-cookie"]).toBeUndefined();
  });

  it("a cookie the app did not sign is no way around the delay", async () => {
    const owner = await staffMember();
    for (let n = 0; n < 6; n++) {
      await signIn({ email: owner.email, password: "wrong" }, { from: `203.0.113.${n + 100}` });
    }
    const made = `${DEVICE_COOKIE}=${"a".repeat(22)}.${"b".repeat(32)}`;
    expect((await signIn(owner, { from: "198.51.100.12", cookie: made })).statusCode).toBe(429);
  });

  it("twenty at once check at most five passwords", async () => {
    const target = await staffMember();
    // Before: 15 of 20 simultaneous guesses were checked against the password.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        signIn({ email: target.email, password: `guess-${n}` }, { from: `203.0.113.${n + 50}` }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(ACCOUNT_RULE.free);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - ACCOUNT_RULE.free);
  });

  it("from one address over many accounts are slowed after twenty", async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 22; n++) {
      statuses.push(
        (
          await signIn(
            { email: `nobody-${n}@example.com`, password: "x" },
            { from: "203.0.113.250" },
          )
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });
});

describe("the throttle's delays", () => {
  it("double after the free attempts, up to fifteen minutes", () => {
    const waits = [1, 4, 5, 6, 7, 14, 30].map((count) => delayAfter(count, ACCOUNT_RULE));
    expect(waits).toEqual([0, 0, 1_000, 2_000, 4_000, 512_000, 900_000]);
  });

  it("takes an attempt on every bucket or on none, and forgets a bucket after its idle time", async () => {
    let now = 0;
    const throttle = createLoginThrottle({ now: () => now });
    const rule = { free: 1, baseMs: 1_000, maxMs: 60_000, idleMs: 10_000 };
    const a = { name: "a", rule };
    const b = { name: "b", rule };
    expect(await throttle.take([a])).toBe(0);
    // a waits 1 s: taking a and b together takes neither.
    expect(await throttle.take([a, b])).toBe(1);
    expect(await throttle.take([b])).toBe(0);
    now += 10_000;
    expect(await throttle.take([a, b])).toBe(0);
    // A refund gives one attempt back; forgiving starts over.
    await throttle.settle({ forgive: [a], refund: [b] });
    expect(await throttle.take([a])).toBe(0);
  });
});

describe("an administrator whose e-mail is not verified", () => {
  it("is refused by the admin API, but may check the session and verify", async () => {
    const unverified = await loginAs(testApp.app, database.db, "admin", { emailVerified: false });
    // Before: every admin API accepted this token; only the browser sent it to verify first.
    const refused = await call(testApp.app, adminPropertiesApi.list, {
      headers: unverified.headers,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: "email_not_verified",
      message: authMessages.emailNotVerified,
    });
    const me = await call(testApp.app, authApi.me, { headers: unverified.headers });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.emailVerified).toBe(false);
    const uid = me.json().user.uid;
    const sent = await call(testApp.app, authApi.sendVerification, { payload: { uid } });
    expect(sent.statusCode).toBe(200);
  });
});

describe("signing out", () => {
  it("ends the session on the server: the token is refused from then on", async () => {
    const { headers } = await loginAs(testApp.app, database.db, "admin");
    expect((await call(testApp.app, adminPropertiesApi.list, { headers })).statusCode).toBe(200);
    const out = await call(testApp.app, authApi.logout, { headers });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true, message: authMessages.signedOut });
    // Before: a copied token went on working for its 24 hours.
    const after = await call(testApp.app, adminPropertiesApi.list, { headers });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(authMessages.sessionEnded);
    expect((await call(testApp.app, authApi.logout, { headers })).statusCode).toBe(401);
  });

  it("ends that session only: the same person's other sessions go on", async () => {
    const { email, password, headers } = await loginAs(testApp.app, database.db, "admin");
    const other = await signIn({ email, password });
    const otherHeaders = { authorization: `Bearer ${other.json().token}` };
    await call(testApp.app, authApi.logout, { headers });
    expect((await call(testApp.app, authApi.me, { headers: otherHeaders })).statusCode).toBe(200);
  });
});

describe("answers that carry tokens or personal data", () => {
  it("are never stored: Cache-Control no-store", async () => {
    const member = await staffMember();
    const signedIn = await signIn(member);
    // Before: the sign-in answer and the admin JSON had no Cache-Control at all.
    expect(signedIn.headers["cache-control"]).toBe("no-store");
    const headers = { authorization: `Bearer ${signedIn.json().token}` };
    for (const contract of [authApi.me, authApi.listSessions, adminPropertiesApi.list]) {
      const answer = await call(testApp.app, contract, { headers });
      expect(answer.statusCode, contract.id).toBe(200);
      expect(answer.headers["cache-control"], contract.id).toBe("no-store");
    }
  });
});
