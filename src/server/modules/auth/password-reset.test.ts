import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { authApi } from "#domain/api/auth";
import { accountMessages, RESET_LINK_MINUTES } from "#domain/auth";
import { authCodes } from "#server/db/schema";
import type { OutboxMessage } from "#server/mail/outbox";
import { addUser } from "#server/modules/users/users.service";
import { call } from "#tests/support/call";
import { startRedisServer } from "#tests/support/redis-server";
import { recordStatements, statementsDuring } from "#tests/support/statements";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import { RESET_REQUEST_WINDOW_MS, RESET_REQUESTS_PER_ADDRESS } from "./reset-request-limit";

/**
 * Abuse resistance of the password reset: the request does the same work whatever the address
 * (its time tells nobody which accounts exist), a new request voids no link already sent (nobody
 * can cancel a person's reset), and each address gets at most 3 e-mails per link lifetime.
 */
type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let database: TestDatabase;
let testApp: TestApp;
let counter = 0;
/**
 * Every instance here shares the database, so any of them may run a job another queued: they share
 * the secret that seals queued mail and hashes codes, and a test reads every instance's outbox.
 */
const env = {
  AUTH_ATTEMPTS_PER_MINUTE: "1000",
  PUBLIC_URL: "https://rent.example.com",
  JWT_SECRET: "password-reset-test-secret-that-is-long-enough",
};

beforeAll(async () => {
  database = await createTestDb();
  testApp = await createTestApp(database, { env });
  // Booted now: the first inject would otherwise run its request from the boot's async context.
  await testApp.app.ready();
  recordStatements();
});

afterAll(async () => {
  vi.restoreAllMocks();
  await testApp?.close();
  await database?.drop();
});

const requestReset = (app: TestApp, email: string) =>
  call(app.app, authApi.requestPasswordReset, { payload: { email } });

async function newUser() {
  counter++;
  const email = `reset-person${counter}@example.com`;
  const { user } = await addUser(
    { db: database.db },
    { email, password: "Old-password-1", role: "admin" },
  );
  return { uid: user.id, email };
}

const resetLink = /https:\/\/rent\.example\.com\/reset-password\?code=([^&\s]+)&uid=([^\s]+)/;

/** What the reset form sends for the link in `mail`. */
function linkIn(mail: OutboxMessage | undefined) {
  const [, code, uid] = resetLink.exec(mail?.text ?? "") ?? [];
  if (!code || !uid) throw new Error("no reset link in the mail");
  return { userId: decodeURIComponent(uid), resetCode: decodeURIComponent(code) };
}

const mailTo = async (email: string, ...others: TestApp[]) =>
  (await Promise.all([testApp, ...others].map((app) => app.outbox())))
    .flat()
    .filter((m) => m.to === email);

const signIn = (email: string, password: string) =>
  call(testApp.app, authApi.login, { payload: { email, password } });

describe("requesting a password reset", () => {
  it("does the same database work in the request for an address with an account and one without", async () => {
    const { email } = await newUser();
    const known = await statementsDuring(() => requestReset(testApp, email));
    const unknown = await statementsDuring(() => requestReset(testApp, "nobody@example.com"));
    // The request did store something (the recording works), and the very same statements.
    expect(known.length).toBeGreaterThan(0);
    expect(unknown).toEqual(known);
    expect(known.filter((sql) => /\b(users|auth_codes|outgoing_mail)\b/.test(sql))).toEqual([]);
    // The account is still sent its link, by the worker.
    expect((await mailTo(email)).at(-1)?.text).toMatch(resetLink);
    expect(await mailTo("nobody@example.com")).toEqual([]);
  });

  it("leaves an earlier link working after a new request; a reset with it voids the other", async () => {
    const { email } = await newUser();
    await requestReset(testApp, email);
    const first = linkIn((await mailTo(email))[0]);
    await requestReset(testApp, email);
    const mails = await mailTo(email);
    expect(mails).toHaveLength(2);
    const second = linkIn(mails.find((m) => linkIn(m).resetCode !== first.resetCode));

    const reset = await call(testApp.app, authApi.resetPassword, {
      payload: { ...first, newPassword: "New-password-2" },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(email, "New-password-2")).statusCode).toBe(200);

    const other = await call(testApp.app, authApi.resetPassword, {
      payload: { ...second, newPassword: "Another-password-3" },
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(accountMessages.resetLinkExpired);
    expect((await signIn(email, "New-password-2")).statusCode).toBe(200);
  });

  it("resets once when two live links of one user are used at the same time; the other is refused", async () => {
    const { email } = await newUser();
    await requestReset(testApp, email);
    await requestReset(testApp, email);
    const links = (await mailTo(email)).map(linkIn);
    expect(new Set(links.map((link) => link.resetCode)).size).toBe(2);

    const passwords = ["Together-password-1", "Together-password-2"];
    const answers = await Promise.all(
      links.map((link, i) =>
        call(testApp.app, authApi.resetPassword, {
          payload: { ...link, newPassword: passwords[i]! },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const refused = answers.find((a) => a.statusCode === 400)!;
    expect(refused.json().message).toBe(accountMessages.resetLinkExpired);
    const winner = passwords[answers.findIndex((a) => a.statusCode === 200)]!;
    expect((await signIn(email, winner)).statusCode).toBe(200);
  });

  it("keeps a request for the next instance when the one that queued it stops before working it", async () => {
    // A database of its own: no other instance's worker may pick the request up.
    const alone = await createTestDb();
    try {
      const email = "restart@example.com";
      await addUser({ db: alone.db }, { email, password: "Old-password-1", role: "admin" });
      const first = await createTestApp(alone, { env });
      // Its workers stop, as in a crash right after the answer: the job waits in the database.
      await first.app.mailQueue.stop();
      expect((await requestReset(first, email)).statusCode).toBe(200);
      await first.close();
      const next = await createTestApp(alone, { env });
      try {
        const mails = (await next.outbox()).filter((m) => m.to === email);
        expect(mails).toHaveLength(1);
        expect(mails[0]!.text).toMatch(resetLink);
      } finally {
        await next.close();
      }
    } finally {
      await alone.drop();
    }
  });

  it("counts an address's requests over the lifetime of the link it mails", async () => {
    const { uid, email } = await newUser();
    await requestReset(testApp, email);
    await testApp.outbox();
    const [code] = await database.db.select().from(authCodes).where(eq(authCodes.userId, uid));
    const lifetime = code!.expiresAt.getTime() - code!.createdAt.getTime();
    // The code's expiry is the worker's clock, its creation the database's: a moment apart.
    expect(Math.abs(lifetime - RESET_REQUEST_WINDOW_MS)).toBeLessThan(5_000);
    expect(RESET_REQUEST_WINDOW_MS).toBe(RESET_LINK_MINUTES * 60_000);
  });

  it(`mails at most ${RESET_REQUESTS_PER_ADDRESS} links per link lifetime per address, counted whether or not it has an account`, async () => {
    // Its own instance: counters start at zero.
    const limited = await createTestApp(database, { env });
    try {
      const known = await newUser();
      const answers = [];
      for (const email of [known.email, known.email, known.email, known.email.toUpperCase()]) {
        answers.push(await requestReset(limited, email));
      }
      // Three requests while the address has no account, then the account is made.
      const later = `later-${++counter}@example.com`;
      for (let i = 0; i < 3; i++) answers.push(await requestReset(limited, later));
      await limited.outbox();
      await addUser(
        { db: database.db },
        { email: later, password: "Old-password-1", role: "admin" },
      );
      answers.push(await requestReset(limited, later));
      const other = await newUser();
      answers.push(await requestReset(limited, other.email));

      // Over the limit the answer is the one every request gets.
      expect(new Set(answers.map((a) => `${a.statusCode} ${a.body}`))).toEqual(
        new Set([`200 ${answers[0]!.body}`]),
      );
      expect(await mailTo(known.email, limited)).toHaveLength(3);
      expect(await mailTo(later, limited)).toHaveLength(0);
      expect(await mailTo(other.email, limited)).toHaveLength(1);
    } finally {
      await limited.close();
    }
  });

  it("counts an address's requests in Redis, across instances", async () => {
    const redis = await startRedisServer();
    const shared = { ...env, REDIS_URL: redis.url };
    const one = await createTestApp(database, { env: shared });
    const two = await createTestApp(database, { env: shared });
    try {
      const { email } = await newUser();
      for (const app of [one, two, one, two]) {
        expect((await requestReset(app, email)).statusCode).toBe(200);
      }
      expect(await mailTo(email, one, two)).toHaveLength(3);
    } finally {
      await one.close();
      await two.close();
      await redis.stop();
    }
  });
});
