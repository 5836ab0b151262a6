import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authApi } from "#domain/api/auth";
import type { Contract } from "#domain/api/contract";
import { accountMessages } from "#domain/auth";
import { authCodes } from "#server/db/schema";
import { call, urlOf } from "#tests/support/call";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import { addUser } from "../users/users.service";

let database: TestDatabase;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let counter = 0;

beforeAll(async () => {
  database = await createTestDb();
  testApp = await createTestApp(database, {
    env: { AUTH_ATTEMPTS_PER_MINUTE: "1000", PUBLIC_URL: "https://rent.example.com" },
  });
});

afterAll(async () => {
  await testApp.close();
  await database.drop();
});

const post = (contract: Contract, payload: object) => call(testApp.app, contract, { payload });

async function newUser(options: { emailVerified?: boolean } = {}) {
  counter++;
  const email = `person${counter}@example.com`;
  const { user } = await addUser(
    { db: database.db },
    { email, password: "Old-password-1", role: "admin", ...options },
  );
  return { uid: user.id, email };
}

async function lastMailTo(email: string) {
  const mail = (await testApp.outbox()).filter((m) => m.to === email).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}

const codeIn = (text: string) => /^(\d{6})$/m.exec(text)?.[1];

describe("e-mail verification", () => {
  it("mails a 6-digit code that verifies the account and signs in", async () => {
    const { uid, email } = await newUser({ emailVerified: false });
    const sent = await post(authApi.sendVerification, { uid });
    expect(sent.statusCode).toBe(200);
    const mail = await lastMailTo(email);
    const code = codeIn(mail.text);
    expect(code).toMatch(/^\d{6}$/);
    const response = await post(authApi.verifyCode, { email, code });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ uid, emailVerified: true });
    expect(response.json().token.split(".")).toHaveLength(3);
  });

  it("never stores the code in clear", async () => {
    const { uid, email } = await newUser({ emailVerified: false });
    await post(authApi.sendVerification, { uid });
    const code = codeIn((await lastMailTo(email)).text)!;
    const rows = await database.db.select().from(authCodes);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it("refuses a wrong code, and after 5 wrong tries refuses even the right one", async () => {
    const { uid, email } = await newUser({ emailVerified: false });
    await post(authApi.sendVerification, { uid });
    const code = codeIn((await lastMailTo(email)).text)!;
    const wrong = code === "000000" ? "111111" : "000000";
    const first = await post(authApi.verifyCode, { email, code: wrong });
    expect(first.statusCode).toBe(400);
    expect(first.json().message).toBe(accountMessages.codeInvalid);
    for (let i = 0; i < 4; i++) await post(authApi.verifyCode, { email, code: wrong });
    const right = await post(authApi.verifyCode, { email, code });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe(accountMessages.codeExhausted);
  });

  it("accepts a code once only, and only the latest code sent", async () => {
    const { uid, email } = await newUser({ emailVerified: false });
    await post(authApi.sendVerification, { uid });
    const older = codeIn((await lastMailTo(email)).text)!;
    await post(authApi.sendVerification, { uid });
    const latest = codeIn((await lastMailTo(email)).text)!;
    if (older !== latest)
      expect((await post(authApi.verifyCode, { email, code: older })).statusCode).toBe(400);
    expect((await post(authApi.verifyCode, { email, code: latest })).statusCode).toBe(200);
    expect((await post(authApi.verifyCode, { email, code: latest })).statusCode).toBe(400);
  });

  it("refuses an expired code", async () => {
    const { uid, email } = await newUser({ emailVerified: false });
    await post(authApi.sendVerification, { uid });
    const code = codeIn((await lastMailTo(email)).text)!;
    await database.pool.query(
      "update auth_codes set expires_at = now() - interval '1 minute' where user_id = $1",
      [uid],
    );
    expect((await post(authApi.verifyCode, { email, code })).statusCode).toBe(400);
  });

  it("checks the code's format with the form's message", async () => {
    const response = await post(authApi.verifyCode, { email: "a@b.co", code: "12ab" });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual({
      path: "code",
      msg: accountMessages.codeFormat,
    });
  });

  it("answers an unknown or verified account the same and sends nothing", async () => {
    const { uid, email } = await newUser({ emailVerified: true });
    const before = (await testApp.outbox()).length;
    const verified = await post(authApi.sendVerification, { uid });
    const unknown = await post(authApi.sendVerification, {
      uid: "00000000-0000-0000-0000-000000000000",
    });
    const junk = await post(authApi.sendVerification, { uid: "not-a-uuid" });
    expect(verified.body).toBe(unknown.body);
    expect(junk.body).toBe(unknown.body);
    expect((await testApp.outbox()).length).toBe(before);
    expect((await testApp.outbox()).some((m) => m.to === email)).toBe(false);
  });

  it("verifies through the mailed link once, then redirects with the failure banner", async () => {
    const { uid, email } = await newUser({ emailVerified: false });
    await post(authApi.sendVerification, { uid });
    const text = (await lastMailTo(email)).text;
    const token = /token=(\S+)/.exec(text)![1]!;
    expect(text).toContain(
      `https://rent.example.com${urlOf(authApi.verifyEmailLink, {}, { token })}`,
    );
    const first = await call(testApp.app, authApi.verifyEmailLink, { query: { token } });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe("/login?verified=true");
    const again = await call(testApp.app, authApi.verifyEmailLink, { query: { token } });
    expect(again.headers.location).toBe("/login?error=verification_failed");
    const tampered = await call(testApp.app, authApi.verifyEmailLink, {
      query: { token: `${token.slice(0, -4)}abcd` },
    });
    expect(tampered.headers.location).toBe("/login?error=verification_failed");
  });

  it("does not accept a verification link as a session", async () => {
    const { uid, email } = await newUser({ emailVerified: false });
    await post(authApi.sendVerification, { uid });
    const token = /token=(\S+)/.exec((await lastMailTo(email)).text)![1]!;
    const me = await call(testApp.app, authApi.me, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(401);
  });
});

describe("password reset", () => {
  const resetLink = /https:\/\/rent\.example\.com\/reset-password\?code=([^&\s]+)&uid=([^\s]+)/;

  it("answers every e-mail address the same, and mails a link only to an account", async () => {
    const { email } = await newUser();
    const known = await post(authApi.requestPasswordReset, { email });
    const unknown = await post(authApi.requestPasswordReset, { email: "ghost@example.com" });
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.json().message).toBe(accountMessages.resetSent);
    expect((await lastMailTo(email)).text).toMatch(resetLink);
    expect((await testApp.outbox()).some((m) => m.to === "ghost@example.com")).toBe(false);
  });

  it("sets the new password through the link, once; the old password stops working", async () => {
    const { email } = await newUser();
    await post(authApi.requestPasswordReset, { email });
    const [, code, uid] = resetLink.exec((await lastMailTo(email)).text)!;
    const body = {
      userId: decodeURIComponent(uid!),
      resetCode: decodeURIComponent(code!),
      newPassword: "New-password-2",
    };
    const reset = await post(authApi.resetPassword, body);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe(accountMessages.resetDone);
    expect((await post(authApi.login, { email, password: "New-password-2" })).statusCode).toBe(200);
    expect((await post(authApi.login, { email, password: "Old-password-1" })).statusCode).toBe(401);
    const reused = await post(authApi.resetPassword, {
      ...body,
      newPassword: "Another-password-3",
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(accountMessages.resetLinkExpired);
  });

  it("refuses an expired link", async () => {
    const { email } = await newUser();
    await post(authApi.requestPasswordReset, { email });
    const [, code, uid] = resetLink.exec((await lastMailTo(email)).text)!;
    await database.pool.query(
      "update auth_codes set expires_at = now() - interval '1 minute' where user_id = $1",
      [decodeURIComponent(uid!)],
    );
    const response = await post(authApi.resetPassword, {
      userId: decodeURIComponent(uid!),
      resetCode: decodeURIComponent(code!),
      newPassword: "New-password-2",
    });
    expect(response.statusCode).toBe(400);
  });

  it.each([
    ["short", accountMessages.passwordLength],
    ["alllowercase1", accountMessages.passwordRules],
    ["NoDigitsHere", accountMessages.passwordRules],
  ])("refuses the new password %s with the form's message", async (newPassword, msg) => {
    const response = await post(authApi.resetPassword, {
      userId: "00000000-0000-0000-0000-000000000000",
      resetCode: "x".repeat(43),
      newPassword,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual({ path: "newPassword", msg });
  });
});

describe("limits", () => {
  it("answers 429 with Retry-After once an address exceeds its attempts on the code and reset routes", async () => {
    const limited = await createTestApp(database, { env: { AUTH_ATTEMPTS_PER_MINUTE: "2" } });
    for (const [contract, body] of [
      [authApi.verifyCode, { email: "a@b.co", code: "123456" }],
      [
        authApi.resetPassword,
        { userId: "x", resetCode: "y".repeat(20), newPassword: "Valid-pass-1" },
      ],
      [authApi.requestPasswordReset, { email: "a@b.co" }],
    ] as const) {
      const statuses = [];
      let last: Awaited<ReturnType<typeof call>> | undefined;
      for (let i = 0; i < 3; i++) {
        last = await call(limited.app, contract, { payload: body });
        statuses.push(last.statusCode);
      }
      expect(statuses[2], contract.path).toBe(429);
      expect(Number(last!.headers["retry-after"])).toBeGreaterThan(0);
    }
    await limited.close();
  });
});
