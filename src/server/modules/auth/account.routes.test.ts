import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountMessages } from "#domain/auth";
import { authCodes } from "#server/db/schema";
import { readOutbox } from "#server/mail/outbox";
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

const post = (url: string, payload: object) => testApp.app.inject({ method: "POST", url, payload });

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
  const mail = (await readOutbox(testApp.dataDir)).filter((m) => m.to === email).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}

const codeIn = (text: string) => /^(\d{6})$/m.exec(text)?.[1];
const linkIn = (text: string, pattern: RegExp) => pattern.exec(text)?.[0];

describe("e-mail verification", () => {
  it("mails a 6-digit code that verifies the account and signs in", async () => {
    const { uid, email } = await newUser({ emailVerified: false });
    const sent = await post("/api/auth/send-verification", { uid });
    expect(sent.statusCode).toBe(200);
    const mail = await lastMailTo(email);
    const code = codeIn(mail.text);
    expect(code).toMatch(/^\d{6}$/);
    const response = await post("/api/auth/verify-code", { email, code });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ uid, emailVerified: true });
    expect(response.json().token.split(".")).toHaveLength(3);
  });

  it("never stores the code in clear", async () => {
    const { uid, email } = await newUser({ emailVerified: false });
    await post("/api/auth/send-verification", { uid });
    const code = codeIn((await lastMailTo(email)).text)!;
    const rows = await database.db.select().from(authCodes);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it("refuses a wrong code, and after 5 wrong tries refuses even the right one", async () => {
    const { uid, email } = await newUser({ emailVerified: false });
    await post("/api/auth/send-verification", { uid });
    const code = codeIn((await lastMailTo(email)).text)!;
    const wrong = code === "000000" ? "111111" : "000000";
    const first = await post("/api/auth/verify-code", { email, code: wrong });
    expect(first.statusCode).toBe(400);
    expect(first.json().message).toBe(accountMessages.codeInvalid);
    for (let i = 0; i < 4; i++) await post("/api/auth/verify-code", { email, code: wrong });
    const right = await post("/api/auth/verify-code", { email, code });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe(accountMessages.codeExhausted);
  });

  it("accepts a code once only, and only the latest code sent", async () => {
    const { uid, email } = await newUser({ emailVerified: false });
    await post("/api/auth/send-verification", { uid });
    const older = codeIn((await lastMailTo(email)).text)!;
    await post("/api/auth/send-verification", { uid });
    const latest = codeIn((await lastMailTo(email)).text)!;
    if (older !== latest)
      expect((await post("/api/auth/verify-code", { email, code: older })).statusCode).toBe(400);
    expect((await post("/api/auth/verify-code", { email, code: latest })).statusCode).toBe(200);
    expect((await post("/api/auth/verify-code", { email, code: latest })).statusCode).toBe(400);
  });

  it("refuses an expired code", async () => {
    const { uid, email } = await newUser({ emailVerified: false });
    await post("/api/auth/send-verification", { uid });
    const code = codeIn((await lastMailTo(email)).text)!;
    await database.pool.query(
      "update auth_codes set expires_at = now() - interval '1 minute' where user_id = $1",
      [uid],
    );
    expect((await post("/api/auth/verify-code", { email, code })).statusCode).toBe(400);
  });

  it("checks the code's format with the form's message", async () => {
    const response = await post("/api/auth/verify-code", { email: "a@b.co", code: "12ab" });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual({
      path: "code",
      msg: accountMessages.codeFormat,
    });
  });

  it("answers an unknown or verified account the same and sends nothing", async () => {
    const { uid, email } = await newUser({ emailVerified: true });
    const before = (await readOutbox(testApp.dataDir)).length;
    const verified = await post("/api/auth/send-verification", { uid });
    const unknown = await post("/api/auth/send-verification", {
      uid: "00000000-0000-0000-0000-000000000000",
    });
    const junk = await post("/api/auth/send-verification", { uid: "not-a-uuid" });
    expect(verified.body).toBe(unknown.body);
    expect(junk.body).toBe(unknown.body);
    expect((await readOutbox(testApp.dataDir)).length).toBe(before);
    expect((await readOutbox(testApp.dataDir)).some((m) => m.to === email)).toBe(false);
  });

  it("verifies through the mailed link once, then redirects with the failure banner", async () => {
    const { uid, email } = await newUser({ emailVerified: false });
    await post("/api/auth/send-verification", { uid });
    const link = linkIn(
      (await lastMailTo(email)).text,
      /https:\/\/rent\.example\.com\/api\/auth\/verify-email\?token=\S+/,
    )!;
    const path = link.replace("https://rent.example.com", "");
    const first = await testApp.app.inject({ url: path });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe("/login?verified=true");
    const again = await testApp.app.inject({ url: path });
    expect(again.headers.location).toBe("/login?error=verification_failed");
    const tampered = await testApp.app.inject({ url: `${path.slice(0, -4)}abcd` });
    expect(tampered.headers.location).toBe("/login?error=verification_failed");
  });

  it("does not accept a verification link as a session", async () => {
    const { uid, email } = await newUser({ emailVerified: false });
    await post("/api/auth/send-verification", { uid });
    const token = /token=(\S+)/.exec((await lastMailTo(email)).text)![1]!;
    const me = await testApp.app.inject({
      url: "/api/auth/me",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(401);
  });
});

describe("password reset", () => {
  const resetLink = /https:\/\/rent\.example\.com\/reset-password\?code=([^&\s]+)&uid=([^\s]+)/;

  it("answers every e-mail address the same, and mails a link only to an account", async () => {
    const { email } = await newUser();
    const known = await post("/api/auth/request-password-reset", { email });
    const unknown = await post("/api/auth/request-password-reset", { email: "ghost@example.com" });
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.json().message).toBe(accountMessages.resetSent);
    expect((await lastMailTo(email)).text).toMatch(resetLink);
    expect((await readOutbox(testApp.dataDir)).some((m) => m.to === "ghost@example.com")).toBe(
      false,
    );
  });

  it("sets the new password through the link, once; the old password stops working", async () => {
    const { email } = await newUser();
    await post("/api/auth/request-password-reset", { email });
    const [, code, uid] = resetLink.exec((await lastMailTo(email)).text)!;
    const body = {
      userId: decodeURIComponent(uid!),
      resetCode: decodeURIComponent(code!),
      newPassword: "New-password-2",
    };
    const reset = await post("/api/auth/reset-password", body);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe(accountMessages.resetDone);
    expect((await post("/api/auth/login", { email, password: "New-password-2" })).statusCode).toBe(
      200,
    );
    expect((await post("/api/auth/login", { email, password: "Old-password-1" })).statusCode).toBe(
      401,
    );
    const reused = await post("/api/auth/reset-password", {
      ...body,
      newPassword: "Another-password-3",
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(accountMessages.resetLinkExpired);
  });

  it("refuses an expired link", async () => {
    const { email } = await newUser();
    await post("/api/auth/request-password-reset", { email });
    const [, code, uid] = resetLink.exec((await lastMailTo(email)).text)!;
    await database.pool.query(
      "update auth_codes set expires_at = now() - interval '1 minute' where user_id = $1",
      [decodeURIComponent(uid!)],
    );
    const response = await post("/api/auth/reset-password", {
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
    const response = await post("/api/auth/reset-password", {
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
    for (const [url, body] of [
      ["/api/auth/verify-code", { email: "a@b.co", code: "123456" }],
      [
        "/api/auth/reset-password",
        { userId: "x", resetCode: "y".repeat(20), newPassword: "Valid-pass-1" },
      ],
      ["/api/auth/request-password-reset", { email: "a@b.co" }],
    ] as const) {
      const statuses = [];
      let last: Awaited<ReturnType<typeof limited.app.inject>> | undefined;
      for (let i = 0; i < 3; i++) {
        last = await limited.app.inject({ method: "POST", url, payload: body });
        statuses.push(last.statusCode);
      }
      expect(statuses[2], url).toBe(429);
      expect(Number(last!.headers["retry-after"])).toBeGreaterThan(0);
    }
    await limited.close();
  });
});
