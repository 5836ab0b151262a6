import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authApi } from "#domain/api/auth";
import { authMessages } from "#domain/auth";
import { loginAs } from "#tests/support/auth";
import { call } from "#tests/support/call";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import { setUserPassword } from "../users/users.service";
import { loadJwtSecret } from "./auth.secret";
import { createSessionStore } from "./sessions.repository";
import { describeUserAgent } from "./user-agent";

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

const FIREFOX_ON_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0";
const SAFARI_ON_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1";

/** A second sign-in of the same person, from another browser and address. */
async function signInAgain(
  email: string,
  password: string,
  userAgent: string,
  from: string,
): Promise<{ authorization: string }> {
  const response = await call(testApp.app, authApi.login, {
    payload: { email, password },
    remoteAddress: from,
    headers: { "user-agent": userAgent },
  });
  expect(response.statusCode).toBe(200);
  return { authorization: `Bearer ${response.json().token}` };
}

const sessionIdOf = (headers: { authorization: string }) =>
  JSON.parse(Buffer.from(headers.authorization.split(".")[1]!, "base64url").toString())
    .sid as string;

const list = (headers: { authorization: string }) =>
  call(testApp.app, authApi.listSessions, { headers });

describe("the list of sessions", () => {
  it("shows each live session: browser, device, address, when, and which one is this", async () => {
    const { email, password, headers } = await loginAs(testApp.app, database.db, "admin");
    const phone = await signInAgain(email, password, SAFARI_ON_IPHONE, "198.51.100.7");
    const laptop = await signInAgain(email, password, FIREFOX_ON_WINDOWS, "198.51.100.8");

    const answer = await list(laptop);
    expect(answer.statusCode).toBe(200);
    const { sessions } = answer.json();
    expect(sessions).toHaveLength(3);
    const byId = new Map(sessions.map((s: { id: string }) => [s.id, s]));
    expect(byId.get(sessionIdOf(laptop))).toMatchObject({
      current: true,
      browser: "Firefox",
      device: "Windows",
      ipAddress: "198.51.100.8",
    });
    expect(byId.get(sessionIdOf(phone))).toMatchObject({
      current: false,
      browser: "Safari",
      device: "iPhone",
      ipAddress: "198.51.100.7",
    });
    expect(byId.get(sessionIdOf(headers))).toMatchObject({ current: false });
    for (const session of sessions) {
      expect(Date.parse(session.signedInAt)).toBeGreaterThan(Date.now() - 60_000);
      expect(Date.parse(session.lastActiveAt)).toBeGreaterThanOrEqual(
        Date.parse(session.signedInAt),
      );
    }
    // Nobody else's sessions are listed.
    const stranger = await loginAs(testApp.app, database.db, "admin");
    expect((await list(stranger.headers)).json().sessions).toHaveLength(1);
  });

  it("moves last-active forward at most once a minute", async () => {
    const { headers } = await loginAs(testApp.app, database.db, "tenant");
    const sid = sessionIdOf(headers);
    const lastActive = async () =>
      (
        await database.pool.query("select last_active_at from sessions where id = $1", [sid])
      ).rows[0].last_active_at.getTime() as number;
    const fresh = await lastActive();
    await call(testApp.app, authApi.me, { headers });
    expect(await lastActive()).toBe(fresh);

    await database.pool.query(
      "update sessions set last_active_at = now() - interval '2 minutes' where id = $1",
      [sid],
    );
    const old = await lastActive();
    await call(testApp.app, authApi.me, { headers });
    await expect.poll(lastActive).toBeGreaterThan(old + 60_000);
  });
});

describe("ending sessions", () => {
  it("ends one other session: its token is refused on its next request", async () => {
    const { email, password, headers } = await loginAs(testApp.app, database.db, "admin");
    const other = await signInAgain(email, password, FIREFOX_ON_WINDOWS, "198.51.100.9");
    expect((await call(testApp.app, authApi.me, { headers: other })).statusCode).toBe(200);

    const ended = await call(testApp.app, authApi.endSession, {
      headers,
      params: { id: sessionIdOf(other) },
    });
    expect(ended.statusCode).toBe(200);
    const refused = await call(testApp.app, authApi.me, { headers: other });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(authMessages.sessionEnded);
    expect((await call(testApp.app, authApi.me, { headers })).statusCode).toBe(200);
    expect((await list(headers)).json().sessions).toHaveLength(1);

    // Already ended: nothing to end.
    const again = await call(testApp.app, authApi.endSession, {
      headers,
      params: { id: sessionIdOf(other) },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(authMessages.sessionNotFound);
  });

  it("never ends someone else's session", async () => {
    const victim = await loginAs(testApp.app, database.db, "admin");
    const attacker = await loginAs(testApp.app, database.db, "admin");
    for (const id of [sessionIdOf(victim.headers), "not-a-uuid", crypto.randomUUID()]) {
      const refused = await call(testApp.app, authApi.endSession, {
        headers: attacker.headers,
        params: { id },
      });
      expect(refused.statusCode, id).toBe(404);
    }
    expect((await call(testApp.app, authApi.me, { headers: victim.headers })).statusCode).toBe(200);
  });

  it("signs out everywhere else, and keeps this session", async () => {
    const { email, password, headers } = await loginAs(testApp.app, database.db, "admin");
    const others = [
      await signInAgain(email, password, FIREFOX_ON_WINDOWS, "198.51.100.20"),
      await signInAgain(email, password, SAFARI_ON_IPHONE, "198.51.100.21"),
    ];
    const answer = await call(testApp.app, authApi.endOtherSessions, { headers });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      success: true,
      message: authMessages.otherSessionsEnded,
      ended: 2,
    });
    for (const other of others) {
      expect((await call(testApp.app, authApi.me, { headers: other })).statusCode).toBe(401);
    }
    expect((await call(testApp.app, authApi.me, { headers })).statusCode).toBe(200);
  });

  it("a new password ends every session, and the list says so", async () => {
    const { email, headers } = await loginAs(testApp.app, database.db, "admin");
    await setUserPassword({ db: database.db }, { email, password: "A-new-password-1" });
    expect((await call(testApp.app, authApi.me, { headers })).statusCode).toBe(401);
    const { rows } = await database.pool.query(
      "select count(*)::int as live from sessions s join users u on u.id = s.user_id where u.email = $1 and s.ended_at is null",
      [email],
    );
    expect(rows[0].live).toBe(0);
  });
});

describe("the new sign-in notice", () => {
  it("is e-mailed for a browser the account has not used, but not on its first sign-in", async () => {
    const { email, password } = await loginAs(testApp.app, database.db, "admin");
    const toThem = async () => (await testApp.outbox()).filter((m) => m.to === email);
    // The very first sign-in (loginAs) sent nothing.
    expect(await toThem()).toEqual([]);

    const laptop = await call(testApp.app, authApi.login, {
      payload: { email, password },
      remoteAddress: "198.51.100.30",
      headers: { "user-agent": FIREFOX_ON_WINDOWS },
    });
    expect(laptop.statusCode).toBe(200);
    const [notice, ...rest] = await toThem();
    expect(rest).toEqual([]);
    expect(notice!.subject).toBe("New sign-in to your Charter Oak Rentals account");
    expect(notice!.text).toContain("Browser: Firefox on Windows");
    expect(notice!.text).toContain("Address: 198.51.100.30");
    expect(notice!.text).toMatch(/When: \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s?[AP]M E[SD]T/);
    expect(notice!.text).toContain("/account/security");

    // The same browser again (its device cookie): no second notice.
    const cookie = String(laptop.headers["set-cookie"]).split(";")[0]!;
    const again = await call(testApp.app, authApi.login, {
      payload: { email, password },
      remoteAddress: "198.51.100.31",
      headers: { "user-agent": FIREFOX_ON_WINDOWS, cookie },
    });
    expect(again.statusCode).toBe(200);
    expect(await toThem()).toHaveLength(1);
  });
});

describe("session tokens", () => {
  it("are refused without an expiry, however valid the rest", async () => {
    const { headers } = await loginAs(testApp.app, database.db, "admin");
    const claims = JSON.parse(
      Buffer.from(headers.authorization.split(".")[1]!, "base64url").toString(),
    );
    const { exp: _exp, ...forever } = claims;
    const secret = await loadJwtSecret({ dataDir: testApp.dataDir });
    const token = await new SignJWT(forever).setProtectedHeader({ alg: "HS256" }).sign(secret);
    const refused = await call(testApp.app, authApi.me, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refused.statusCode).toBe(401);
    // The same claims with their expiry are accepted: the expiry alone made the difference.
    const withExpiry = await new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).sign(secret);
    expect(
      (await call(testApp.app, authApi.me, { headers: { authorization: `Bearer ${withExpiry}` } }))
        .statusCode,
    ).toBe(200);
  });
});

describe("user agents as people name them", () => {
  it.each([
    [FIREFOX_ON_WINDOWS, "Firefox", "Windows"],
    [SAFARI_ON_IPHONE, "Safari", "iPhone"],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36",
      "Chrome",
      "Mac",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36 Edg/142.0.0.0",
      "Edge",
      "Windows",
    ],
    [
      "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36",
      "Chrome",
      "Android",
    ],
    ["curl/8.5.0", "Unknown browser", "Unknown device"],
  ])("%s", (agent, browser, device) => {
    expect(describeUserAgent(agent)).toEqual({ browser, device });
  });

  it("no user agent at all", () => {
    expect(describeUserAgent(null)).toEqual({
      browser: "Unknown browser",
      device: "Unknown device",
    });
  });
});

describe("the daily purge of sessions", () => {
  it("removes sessions over for longer than a device cookie lives, keeping each user's latest", async () => {
    const person = await loginAs(testApp.app, database.db, "admin");
    const { rows: users } = await database.pool.query("select id from users where email = $1", [
      person.email,
    ]);
    const userId = users[0].id;
    // Two sessions long over (older than the live one), and one over recently.
    await database.pool.query(
      `insert into sessions (user_id, created_at, last_active_at, expires_at, device_id) values
         ($1, now() - interval '900 days', now() - interval '900 days', now() - interval '899 days', 'old-a'),
         ($1, now() - interval '500 days', now() - interval '500 days', now() - interval '499 days', 'old-b'),
         ($1, now() - interval '30 days', now() - interval '30 days', now() - interval '29 days', 'recent')`,
      [userId],
    );
    // Someone whose only session is long over keeps it: they have signed in before.
    const lonely = await loginAs(testApp.app, database.db, "admin");
    await database.pool.query(
      `update sessions set created_at = now() - interval '800 days', expires_at = now() - interval '799 days'
       where user_id = (select id from users where email = $1)`,
      [lonely.email],
    );

    const removed = await createSessionStore(database.db).purgeOld();
    expect(removed).toBeGreaterThanOrEqual(2);
    const { rows } = await database.pool.query(
      "select device_id from sessions where user_id = $1 order by created_at",
      [userId],
    );
    expect(rows.map((r) => r.device_id)).toEqual(["recent", expect.anything()]);
    const { rows: kept } = await database.pool.query(
      "select count(*)::int as n from sessions where user_id = (select id from users where email = $1)",
      [lonely.email],
    );
    expect(kept[0].n).toBe(1);
    // The signed-in session is untouched.
    expect((await call(testApp.app, authApi.me, { headers: person.headers })).statusCode).toBe(200);
  });
});
