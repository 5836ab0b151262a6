import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { authApi } from "#domain/api/auth";
import { mfaApi } from "#domain/api/mfa";
import { MFA_MAX_TRIES, mfaMessages, RECOVERY_CODE_COUNT } from "#domain/mfa";
import { projectRoot } from "#server/paths";
import { loginAs } from "#tests/support/auth";
import { call } from "#tests/support/call";
import { createSoftAuthenticator } from "#tests/support/soft-authenticator";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import { addUser } from "../users/users.service";

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

type Account = Awaited<ReturnType<typeof loginAs>>;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The authenticator app's code for the 30-second step `offset` steps from now. */
function codeOf(secret: string, offset = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + offset * 30_000 });
}

/** Turns the authenticator app on for the account: its secret and its recovery codes. */
async function enrolTotp(account: Account, app = testApp.app) {
  const setup = await call(app, mfaApi.totpSetup, {
    headers: account.headers,
    payload: { password: account.password },
  });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, otpauthUrl } = setup.json();
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]+/);
  const confirmed = await call(app, mfaApi.totpConfirm, {
    headers: account.headers,
    payload: { code: codeOf(secret) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret: secret as string, recoveryCodes: confirmed.json().recoveryCodes as string[] };
}

async function firstStep(
  account: Account,
  headers: Record<string, string> = {},
  app = testApp.app,
) {
  return call(app, authApi.login, {
    headers,
    payload: { email: account.email, password: account.password },
  });
}

async function mfaTokenOf(account: Account, headers: Record<string, string> = {}) {
  const response = await firstStep(account, headers);
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json();
  expect(answer.mfaRequired).toBe(true);
  return answer.mfaToken as string;
}

const verify = (mfaToken: string, code: string, headers: Record<string, string> = {}) =>
  call(testApp.app, mfaApi.verify, { headers, payload: { mfaToken, code } });

describe("turning on an authenticator app", () => {
  it("asks the current password again, then a code from the app; answers ten recovery codes once", async () => {
    const admin = await loginAs(testApp.app, database.db, "admin");
    const wrong = await call(testApp.app, mfaApi.totpSetup, {
      headers: admin.headers,
      payload: { password: "not-the-password" },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ error: "password_incorrect" });

    const setup = await call(testApp.app, mfaApi.totpSetup, {
      headers: admin.headers,
      payload: { password: admin.password },
    });
    const { secret } = setup.json();
    const badCode = codeOf(secret) === "000000" ? "111111" : "000000";
    const refused = await call(testApp.app, mfaApi.totpConfirm, {
      headers: admin.headers,
      payload: { code: badCode },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: "totp_code_invalid" });
    // Not on until confirmed: the password alone still signs in.
    expect((await firstStep(admin)).json().token).toEqual(expect.any(String));

    const confirmed = await call(testApp.app, mfaApi.totpConfirm, {
      headers: admin.headers,
      payload: { code: codeOf(secret) },
    });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json();
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const status = await call(testApp.app, mfaApi.status, { headers: admin.headers });
    expect(status.json()).toMatchObject({
      totp: { enabled: true, enabledAt: expect.any(String) },
      passkeys: [],
      recoveryCodesLeft: RECOVERY_CODE_COUNT,
      required: false,
    });
    // The secret is sealed in the database, never kept as text.
    const { rows } = await database.pool.query("select sealed_secret from totp_factors");
    expect(JSON.stringify(rows)).not.toContain(secret);
    // Set-up again while on: refused.
    const again = await call(testApp.app, mfaApi.totpSetup, {
      headers: admin.headers,
      payload: { password: admin.password },
    });
    expect(again.statusCode).toBe(409);
    // The owner is told, with the way to end any other session.
    const [notice] = (await testApp.outbox()).filter(
      (m) => m.to === admin.email && m.subject.endsWith("second sign-in step changed"),
    );
    expect(notice?.text).toContain("An authenticator app was added to your account");
    expect(notice?.text).toContain("sign out everywhere else");
  });

  it("is refused to an account whose e-mail address is not verified", async () => {
    const unverified = await loginAs(testApp.app, database.db, "admin", { emailVerified: false });
    const response = await call(testApp.app, mfaApi.totpSetup, {
      headers: unverified.headers,
      payload: { password: unverified.password },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: "email_not_verified" });
  });
});

describe("signing in with a second step", () => {
  it("answers the challenge and no session to the password, then the session to the code", async () => {
    const admin = await loginAs(testApp.app, database.db, "admin");
    const { secret } = await enrolTotp(admin);

    const first = await firstStep(admin);
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toContain("no-store");
    const challenge = first.json();
    expect(challenge).toEqual({
      mfaRequired: true,
      mfaToken: expect.any(String),
      methods: ["totp", "recovery_code"],
    });
    expect(challenge).not.toHaveProperty("token");

    const second = await verify(challenge.mfaToken, codeOf(secret, 1));
    expect(second.statusCode, second.body).toBe(200);
    const { token, user } = second.json();
    expect(user.email).toBe(admin.email);
    const me = await call(testApp.app, authApi.me, { headers: bearer(token) });
    expect(me.statusCode).toBe(200);

    // The token is spent: a second use is refused, even with another good code.
    const reused = await verify(challenge.mfaToken, codeOf(secret, -1));
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({
      error: "mfa_token_invalid",
      message: mfaMessages.secondStepExpired,
    });
  });

  it("refuses an authenticator code used before, even in the same 30-second step", async () => {
    const admin = await loginAs(testApp.app, database.db, "admin");
    const { secret } = await enrolTotp(admin);
    const code = codeOf(secret, 1);
    expect((await verify(await mfaTokenOf(admin), code)).statusCode).toBe(200);
    const replay = await verify(await mfaTokenOf(admin), code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ error: "mfa_code_invalid" });
    // An older step than the last one used is refused as well.
    const older = await verify(await mfaTokenOf(admin), codeOf(secret, 0));
    expect(older.statusCode).toBe(401);
  });

  it("allows five tries per token, counted before the code is checked, even all at once", async () => {
    const admin = await loginAs(testApp.app, database.db, "admin");
    const { secret } = await enrolTotp(admin);
    const mfaToken = await mfaTokenOf(admin);
    const right = codeOf(secret, 1);
    const wrongCodes = [
      "000001",
      "000002",
      "000003",
      "000004",
      "000005",
      "000006",
      "000007",
    ].filter((code) => code !== right && code !== codeOf(secret, 0) && code !== codeOf(secret, -1));
    const answers = await Promise.all(
      [...wrongCodes, ...wrongCodes].slice(0, 10).map((code) => verify(mfaToken, code)),
    );
    expect(answers.map((r) => r.statusCode).every((status) => status === 401)).toBe(true);
    const { rows } = await database.pool.query(
      "select tries from mfa_challenges c join users u on u.id = c.user_id where u.email = $1",
      [admin.email],
    );
    expect(rows[0].tries).toBe(MFA_MAX_TRIES);
    // Used up: the right code no longer helps; the sign-in starts again at the password.
    const late = await verify(mfaToken, right);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ error: "mfa_token_invalid" });
    // The account's wrong codes count across tokens too: after five, each try waits longer.
    const fresh = await mfaTokenOf(admin);
    const delayed = await verify(fresh, right);
    expect(delayed.statusCode).toBe(429);
    await new Promise((done) => setTimeout(done, Number(delayed.headers["retry-after"]) * 1000));
    expect((await verify(fresh, right)).statusCode).toBe(200);
  });

  it("refuses an expired token, and one that was never given", async () => {
    const admin = await loginAs(testApp.app, database.db, "admin");
    const { secret } = await enrolTotp(admin);
    const mfaToken = await mfaTokenOf(admin);
    await database.pool.query(
      "update mfa_challenges set expires_at = now() - interval '1 second' where user_id = (select id from users where email = $1)",
      [admin.email],
    );
    const expired = await verify(mfaToken, codeOf(secret, 1));
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ error: "mfa_token_invalid" });
    const made = await verify("made-up-token", codeOf(secret, 1));
    expect(made.statusCode).toBe(401);
    expect(made.json()).toMatchObject({ error: "mfa_token_invalid" });
  });

  it("takes a recovery code once, typed in any case and without its dash", async () => {
    const admin = await loginAs(testApp.app, database.db, "admin");
    const { recoveryCodes } = await enrolTotp(admin);
    const code = recoveryCodes[3]!;
    const used = await verify(await mfaTokenOf(admin), code.replace("-", "").toUpperCase());
    expect(used.statusCode, used.body).toBe(200);
    const again = await verify(await mfaTokenOf(admin), code);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ error: "mfa_code_invalid" });
    const status = await call(testApp.app, mfaApi.status, { headers: admin.headers });
    expect(status.json().recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 1);

    // New codes replace the old ones, and need the password.
    const regenerated = await call(testApp.app, mfaApi.regenerateRecoveryCodes, {
      headers: admin.headers,
      payload: { password: admin.password },
    });
    expect(regenerated.statusCode).toBe(200);
    const fresh: string[] = regenerated.json().recoveryCodes;
    expect((await verify(await mfaTokenOf(admin), recoveryCodes[4]!)).statusCode).toBe(401);
    expect((await verify(await mfaTokenOf(admin), fresh[0]!)).statusCode).toBe(200);
  });

  it("is not bypassed by a password reset", async () => {
    const admin = await loginAs(testApp.app, database.db, "admin");
    await enrolTotp(admin);
    await call(testApp.app, authApi.requestPasswordReset, { payload: { email: admin.email } });
    const mail = (await testApp.outbox()).findLast((m) => m.to === admin.email);
    const link = new URL(/https?:\/\/\S+reset-password\S+/.exec(mail!.text)![0]);
    const reset = await call(testApp.app, authApi.resetPassword, {
      payload: {
        userId: link.searchParams.get("uid"),
        resetCode: link.searchParams.get("code"),
        newPassword: "Brand-New-Pass-9",
      },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).not.toHaveProperty("token");
    const after = await firstStep({ ...admin, password: "Brand-New-Pass-9" });
    expect(after.json()).toMatchObject({ mfaRequired: true });
    expect(after.json()).not.toHaveProperty("token");
  });

  it("tells the owner, once a day, when their password is followed by a wrong code from a browser they do not use", async () => {
    const admin = await loginAs(testApp.app, database.db, "admin");
    await enrolTotp(admin);
    expect((await verify(await mfaTokenOf(admin), "999999")).statusCode).toBe(401);
    expect((await verify(await mfaTokenOf(admin), "999998")).statusCode).toBe(401);
    const notices = (await testApp.outbox()).filter(
      (m) => m.to === admin.email && /Someone entered your/.test(m.subject),
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain("Address: 127.0.0.1");
  });

  it("keeps the owner in while someone who has the password fails the second step elsewhere", async () => {
    const admin = await loginAs(testApp.app, database.db, "admin");
    const { secret } = await enrolTotp(admin);
    // The owner's browser, known to the account once it has signed in from it.
    const first = await firstStep(admin);
    const cookie = String(first.headers["set-cookie"]).split(";")[0]!;
    expect((await verify(first.json().mfaToken, codeOf(secret, 1), { cookie })).statusCode).toBe(
      200,
    );

    // The attacker: many tokens, many wrong codes, from browsers the account does not know.
    let delayed = false;
    for (let round = 0; round < 4 && !delayed; round++) {
      const token = await mfaTokenOf(admin);
      for (let i = 0; i < MFA_MAX_TRIES; i++) {
        const status = (await verify(token, "999999")).statusCode;
        if (status === 429) delayed = true;
      }
    }
    expect(delayed).toBe(true);

    // The owner, from their browser, with the right code of a later step: in at once.
    await database.pool.query(
      "update totp_factors set last_used_step = last_used_step - 1 where user_id = (select id from users where email = $1)",
      [admin.email],
    );
    const owner = await verify(await mfaTokenOf(admin, { cookie }), codeOf(secret, 1), { cookie });
    expect(owner.statusCode, owner.body).toBe(200);
  });
});

describe("passkeys", () => {
  it("adds a passkey (password first), signs in with it as the second step and as the only one", async () => {
    const admin = await loginAs(testApp.app, database.db, "admin");
    const authenticator = createSoftAuthenticator(testApp.config.publicUrl);
    const options = await call(testApp.app, mfaApi.passkeyRegisterOptions, {
      headers: admin.headers,
      payload: { password: admin.password },
    });
    expect(options.statusCode, options.body).toBe(200);
    const { challengeId, options: creation } = options.json();
    expect(creation.rp).toMatchObject({ id: new URL(testApp.config.publicUrl).hostname });

    const registered = await call(testApp.app, mfaApi.passkeyRegister, {
      headers: admin.headers,
      payload: { challengeId, name: "Office laptop", credential: authenticator.register(creation) },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const { passkey, recoveryCodes } = registered.json();
    expect(passkey).toMatchObject({ name: "Office laptop", lastUsedAt: null });
    // The account's first second step: recovery codes come with it.
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);

    // The same ceremony cannot be used twice.
    const replayed = await call(testApp.app, mfaApi.passkeyRegister, {
      headers: admin.headers,
      payload: { challengeId, name: "Again", credential: authenticator.register(creation) },
    });
    expect(replayed.statusCode).toBe(400);

    // As the second step.
    const first = await firstStep(admin);
    expect(first.json().methods).toEqual(["recovery_code", "passkey"]);
    const mfaToken = first.json().mfaToken;
    const second = await call(testApp.app, mfaApi.passkeyOptions, { payload: { mfaToken } });
    const request = second.json();
    expect(request.options.allowCredentials).toEqual([
      expect.objectContaining({ id: authenticator.id }),
    ]);
    const signedIn = await call(testApp.app, mfaApi.passkeySignIn, {
      payload: {
        mfaToken,
        challengeId: request.challengeId,
        credential: authenticator.authenticate(request.options),
      },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user.email).toBe(admin.email);

    // As the only step: no password at all.
    const alone = (await call(testApp.app, mfaApi.passkeyOptions, { payload: {} })).json();
    expect(alone.options.allowCredentials ?? []).toEqual([]);
    expect(alone.options.userVerification).toBe("required");
    const only = await call(testApp.app, mfaApi.passkeySignIn, {
      payload: {
        challengeId: alone.challengeId,
        credential: authenticator.authenticate(alone.options),
      },
    });
    expect(only.statusCode, only.body).toBe(200);
    expect(only.json().user.email).toBe(admin.email);

    // The same answer twice: the challenge is spent.
    const replay = await call(testApp.app, mfaApi.passkeySignIn, {
      payload: {
        challengeId: alone.challengeId,
        credential: authenticator.authenticate(alone.options),
      },
    });
    expect(replay.statusCode).toBe(401);

    const status = (await call(testApp.app, mfaApi.status, { headers: admin.headers })).json();
    expect(status.passkeys).toEqual([
      expect.objectContaining({ name: "Office laptop", lastUsedAt: expect.any(String) }),
    ]);

    // Removed with the password: the password alone signs in again, the recovery codes go.
    const removed = await call(testApp.app, mfaApi.passkeyRemove, {
      headers: admin.headers,
      params: { id: passkey.id },
      payload: { password: admin.password },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await firstStep(admin)).json().token).toEqual(expect.any(String));
    const after = (await call(testApp.app, mfaApi.status, { headers: admin.headers })).json();
    expect(after.recoveryCodesLeft).toBe(0);
    // The owner heard of both changes, with the way to end any other session.
    const notices = (await testApp.outbox()).filter(
      (m) => m.to === admin.email && m.subject.endsWith("second sign-in step changed"),
    );
    expect(notices.map((m) => /A passkey \("Office laptop"\) was (\w+)/.exec(m.text)?.[1])).toEqual(
      ["added", "removed"],
    );
    expect(notices[0]!.text).toContain("/account/security");
  });

  it("refuses a passkey answer signed by another key", async () => {
    const admin = await loginAs(testApp.app, database.db, "admin");
    const authenticator = createSoftAuthenticator(testApp.config.publicUrl);
    const options = (
      await call(testApp.app, mfaApi.passkeyRegisterOptions, {
        headers: admin.headers,
        payload: { password: admin.password },
      })
    ).json();
    await call(testApp.app, mfaApi.passkeyRegister, {
      headers: admin.headers,
      payload: {
        challengeId: options.challengeId,
        name: "Phone",
        credential: authenticator.register(options.options),
      },
    });
    const impostor = createSoftAuthenticator(testApp.config.publicUrl);
    const request = (await call(testApp.app, mfaApi.passkeyOptions, { payload: {} })).json();
    const forged = {
      ...impostor.authenticate(request.options),
      id: authenticator.id,
      rawId: authenticator.id,
    };
    const response = await call(testApp.app, mfaApi.passkeySignIn, {
      payload: { challengeId: request.challengeId, credential: forged },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: "passkey_invalid" });
  });
});

describe("a lost factor", () => {
  it("is reset by another administrator: factors gone, sessions ended; never one's own", async () => {
    const lost = await loginAs(testApp.app, database.db, "admin");
    await enrolTotp(lost);
    const colleague = await loginAs(testApp.app, database.db, "admin");
    const tenant = await loginAs(testApp.app, database.db, "tenant");

    const list = await call(testApp.app, mfaApi.staff, { headers: colleague.headers });
    expect(list.statusCode).toBe(200);
    const entry = list.json().staff.find((s: { email: string }) => s.email === lost.email);
    expect(entry).toMatchObject({ secondStep: true });
    expect(list.json().staff.some((s: { email: string }) => s.email === tenant.email)).toBe(false);

    const byTenant = await call(testApp.app, mfaApi.resetFactor, {
      headers: tenant.headers,
      params: { id: entry.id },
      payload: { password: tenant.password },
    });
    expect(byTenant.statusCode).toBe(403);
    const own = await call(testApp.app, mfaApi.resetFactor, {
      headers: lost.headers,
      params: { id: entry.id },
      payload: { password: lost.password },
    });
    expect(own.statusCode).toBe(409);
    // Only administrators' second steps are reset here.
    const { rows: tenantRow } = await database.pool.query("select id from users where email = $1", [
      tenant.email,
    ]);
    const notStaff = await call(testApp.app, mfaApi.resetFactor, {
      headers: colleague.headers,
      params: { id: tenantRow[0].id },
      payload: { password: colleague.password },
    });
    expect(notStaff.statusCode).toBe(404);
    // The caller's own password, asked again.
    const wrongPassword = await call(testApp.app, mfaApi.resetFactor, {
      headers: colleague.headers,
      params: { id: entry.id },
      payload: { password: "not-the-password" },
    });
    expect(wrongPassword.statusCode).toBe(403);
    expect(wrongPassword.json()).toMatchObject({ error: "password_incorrect" });
    expect(
      (await call(testApp.app, mfaApi.status, { headers: lost.headers })).json(),
    ).toMatchObject({ totp: { enabled: true } });

    const reset = await call(testApp.app, mfaApi.resetFactor, {
      headers: colleague.headers,
      params: { id: entry.id },
      payload: { password: colleague.password },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    // The person is told, with who did it.
    const notice = (await testApp.outbox()).findLast((m) => m.to === lost.email);
    expect(notice?.subject).toMatch(/second sign-in step was reset/);
    expect(notice?.text).toContain(colleague.email);
    expect((await call(testApp.app, authApi.me, { headers: lost.headers })).statusCode).toBe(401);
    expect((await firstStep(lost)).json().token).toEqual(expect.any(String));
  });
});

describe("MFA_REQUIRED=true", () => {
  it("lets an administrator without a second step only add one, then everything", async () => {
    const strict = await createTestApp(database, {
      env: { AUTH_ATTEMPTS_PER_MINUTE: "1000", MFA_REQUIRED: "true" },
    });
    try {
      const email = `strict-${Date.now()}@example.com`;
      const password = "strict-password-1";
      await addUser({ db: database.db }, { email, password, role: "admin", emailVerified: true });
      const login = await call(strict.app, authApi.login, { payload: { email, password } });
      expect(login.statusCode).toBe(200);
      expect(login.json()).toMatchObject({
        token: expect.any(String),
        mfaEnrollmentRequired: true,
      });
      const account = {
        email,
        password,
        uid: login.json().user.uid,
        token: login.json().token,
        headers: bearer(login.json().token),
      };

      const refused = await call(strict.app, adminPropertiesApi.list, {
        headers: account.headers,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        error: "mfa_enrollment_required",
        message: mfaMessages.enrollmentRequired,
      });
      const status = await call(strict.app, mfaApi.status, { headers: account.headers });
      expect(status.json()).toMatchObject({
        required: true,
        emailCodeNeeded: true,
        totp: { enabled: false },
      });

      // The password alone does not add the first one: the account's mailbox must answer too.
      const start = (payload: object) =>
        call(strict.app, mfaApi.totpSetup, { headers: account.headers, payload });
      const ceremony = (payload: object) =>
        call(strict.app, mfaApi.passkeyRegisterOptions, { headers: account.headers, payload });
      for (const bare of [await start({ password }), await ceremony({ password })]) {
        expect(bare.statusCode).toBe(403);
        expect(bare.json()).toMatchObject({
          error: "email_code_required",
          message: mfaMessages.emailCodeRequired,
        });
      }
      const sent = await call(strict.app, mfaApi.enrolmentCode, { headers: account.headers });
      expect(sent.statusCode).toBe(202);
      expect(sent.json().message).toBe(mfaMessages.emailCodeSent);
      const mail = (await strict.outbox()).findLast((m) => m.to === email)!;
      expect(mail.subject).toMatch(/code to add a second sign-in step: \d{6}$/);
      const code = /(\d{6})$/.exec(mail.subject)![1]!;
      const wrong = code === "000000" ? "111111" : "000000";
      expect((await start({ password, emailCode: wrong })).statusCode).toBe(400);
      expect((await start({ password: "not-it", emailCode: code })).statusCode).toBe(403);

      const setup = await start({ password, emailCode: code });
      expect(setup.statusCode, setup.body).toBe(200);
      // Spent: the same code does not start another.
      expect((await ceremony({ password, emailCode: code })).statusCode).toBe(400);
      const confirmed = await call(strict.app, mfaApi.totpConfirm, {
        headers: account.headers,
        payload: { code: codeOf(setup.json().secret) },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const allowed = await call(strict.app, adminPropertiesApi.list, {
        headers: account.headers,
      });
      expect(allowed.statusCode).toBe(200);
      // With a second step on, the session has it: no code is sent or needed for another.
      const after = await call(strict.app, mfaApi.enrolmentCode, { headers: account.headers });
      expect(after.statusCode).toBe(409);
      expect((await ceremony({ password })).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe("npm run users -- reset-mfa", () => {
  it("removes the second step of the account named, signs it out, and records it", async () => {
    const lost = await loginAs(testApp.app, database.db, "admin");
    await enrolTotp(lost);
    const run = promisify(execFile);
    const { stdout } = await run(
      path.join(projectRoot, "node_modules/.bin/tsx"),
      ["src/server/cli/users.ts", "reset-mfa", "--email", lost.email.toUpperCase()],
      {
        cwd: projectRoot,
        env: {
          ...process.env,
          NODE_ENV: "production",
          DATA_DIR: testApp.dataDir,
          DATABASE_URL: database.url,
          LOG_LEVEL: "silent",
        },
      },
    );
    expect(stdout).toContain(`Second sign-in step removed for ${lost.email}`);
    expect((await call(testApp.app, authApi.me, { headers: lost.headers })).statusCode).toBe(401);
    expect((await firstStep(lost)).json().token).toEqual(expect.any(String));
    const { rows } = await database.pool.query(
      "select actor_email, detail from audit_events where action = 'mfa.reset' and detail->>'email' = $1",
      [lost.email],
    );
    expect(rows).toEqual([
      { actor_email: null, detail: { email: lost.email, by: "npm run users -- reset-mfa" } },
    ]);
  }, 60_000);
});
