import { randomBytes } from "node:crypto";
import { MFA_MAX_TRIES, MFA_TOKEN_MINUTES, type SecondStepMethod } from "#domain/mfa";
import type { Db, Executor } from "#server/db/client";
import { tooManyRequests } from "#server/http/errors";
import { createOutgoingMailRepository } from "#server/mail/outgoing-mail.repository";
import {
  ACCOUNT_RULE,
  type Bucket,
  createSessionStore,
  type SecondStepGate,
  type SignInAttempt,
} from "#server/modules/auth";
import { createUsersRepository, type UserRow } from "#server/modules/users";
import { type MfaDeps, nowOf } from "./mfa.deps";
import { secondStepCodeWrong, secondStepExpired } from "./mfa.errors";
import {
  countChallengeTry,
  findConfirmedTotp,
  findLiveChallengeUser,
  hasSecondStep,
  insertChallenge,
  spendChallenge as spendChallengeRow,
} from "./mfa.repository";
import { countPasskeys } from "./passkeys.repository";
import { spendRecoveryCode } from "./recovery-codes.service";
import { createMfaKeys } from "./secret-box";
import { secondStepFailedEmail } from "./security-notice.email";
import { spendTotpCode } from "./totp.service";

/**
 * The second step of a sign-in: the token that carries a sign-in from the right password to its
 * second step (5 minutes, 5 tries, used once), and the code that passes it.
 */
type Deps = Pick<MfaDeps, "db" | "keys" | "now" | "log">;
type Challenge = { challengeId: string; user: UserRow; tries: number };

const tokenHashOf = (deps: Pick<MfaDeps, "keys">, mfaToken: string) =>
  deps.keys.challengeTokens.hash(mfaToken);

/** What auth asks of the second step (its SecondStepGate), over this module's rows. */
export function createSecondStepGate(deps: { db: Db; secret: Uint8Array }): SecondStepGate {
  const own = { db: deps.db, keys: createMfaKeys(deps.secret) };
  return {
    isOn: (userId) => hasSecondStep({ db: own.db, userId }),
    async challenge(userId) {
      if (!(await hasSecondStep({ db: own.db, userId }))) return null;
      const mfaToken = await startChallenge(own, userId);
      return { mfaToken, methods: await methodsOf(own, userId) };
    },
  };
}

/** The token for the second step of a sign-in whose password was right. */
async function startChallenge(deps: Deps, userId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(nowOf(deps).getTime() + MFA_TOKEN_MINUTES * 60_000);
  await insertChallenge({ db: deps.db, userId, tokenHash: tokenHashOf(deps, token), expiresAt });
  return token;
}

/** The methods the user's second step offers, for the sign-in form. */
async function methodsOf(deps: Deps, userId: string): Promise<SecondStepMethod[]> {
  const [totp, keys] = await Promise.all([
    findConfirmedTotp({ db: deps.db, userId }),
    countPasskeys({ db: deps.db, userId }),
  ]);
  return [
    ...(totp ? (["totp"] as const) : []),
    "recovery_code" as const,
    ...(keys > 0 ? (["passkey"] as const) : []),
  ];
}

/** The user of a live second-step token, without counting a try (passkey options). */
export async function peekChallenge(deps: Deps, mfaToken: string): Promise<string | null> {
  return findLiveChallengeUser({
    db: deps.db,
    tokenHash: tokenHashOf(deps, mfaToken),
    at: nowOf(deps),
  });
}

/**
 * Counts one try on a live token (not spent, not expired, tries left) and answers its
 * challenge's user; a token with none of that is refused. The try is counted before the code is
 * checked, so parallel guesses cannot get past the limit.
 */
export async function takeTry(deps: Deps, mfaToken: string): Promise<Challenge> {
  const tokenHash = tokenHashOf(deps, mfaToken);
  const challenge = await countChallengeTry({ db: deps.db, tokenHash, at: nowOf(deps) });
  const user = challenge ? await createUsersRepository(deps.db).findById(challenge.userId) : null;
  if (!challenge || !user) throw secondStepExpired();
  return { challengeId: challenge.id, user, tries: challenge.tries };
}

/** Spends a token: only its first success signs in (a spent one is refused as expired). */
export async function spendChallenge(
  deps: Deps,
  challengeId: string,
  tx: Executor = deps.db,
): Promise<void> {
  if (!(await spendChallengeRow({ db: tx, id: challengeId, at: nowOf(deps) }))) {
    throw secondStepExpired();
  }
}

/** A wrong code inside the check-and-spend transaction: undoes the spend. */
class WrongCode extends Error {}

/**
 * Checks the code and spends the token in one transaction: the token's row is spent first (and
 * stays locked), then the code is checked; a wrong code undoes the spend. Two tries at once on
 * one token wait for each other: only one signs in, and the other's code (a recovery code, say)
 * is not used up. A code of digits is the app's (each 30-second step once), any other a recovery
 * code. Answers the method, or null for a wrong code.
 */
async function checkAndSpend(
  deps: Deps,
  { challengeId, user }: Challenge,
  code: string,
): Promise<"totp" | "recovery_code" | null> {
  const trimmed = code.trim();
  const method = /^\d+$/.test(trimmed) ? "totp" : "recovery_code";
  try {
    return await deps.db.transaction(async (tx) => {
      await spendChallenge(deps, challengeId, tx);
      const right =
        method === "totp"
          ? await spendTotpCode(deps, user, trimmed, tx)
          : await spendRecoveryCode(deps, user.id, trimmed, tx);
      if (!right) throw new WrongCode();
      return method;
    });
  } catch (error) {
    if (error instanceof WrongCode) return null;
    throw error;
  }
}

/**
 * Bucket of second-step tries per account, or per account on a browser it has signed in from
 * before: an attacker's wrong codes elsewhere never slow the owner's browser.
 */
async function bucketOf(deps: Deps, user: UserRow, deviceId: string | null): Promise<Bucket> {
  const known =
    deviceId !== null && (await createSessionStore(deps.db).knownDevice(user.id, deviceId));
  return known
    ? { name: `second-step:${deviceId}:${user.id}`, rule: ACCOUNT_RULE }
    : { name: `second-step:${user.id}`, rule: ACCOUNT_RULE };
}

/**
 * A wrong second step from a browser the account does not know means someone has the password:
 * the owner is told, at most once a day.
 */
async function warnOwner(
  deps: Pick<MfaDeps, "db" | "mailQueue" | "publicUrl">,
  user: UserRow,
  bucket: Bucket,
  attempt: SignInAttempt,
): Promise<void> {
  if (bucket.name !== `second-step:${user.id}`) return;
  const outgoing = createOutgoingMailRepository(deps.db);
  if (await outgoing.queuedRecently("second_step_failed", user.email, 24)) return;
  const securityUrl = `${deps.publicUrl}/account/security`;
  await deps.mailQueue.send(
    secondStepFailedEmail(user.email, attempt.context, new Date(), securityUrl),
  );
}

/**
 * The second step of a sign-in with a code (the app's or a recovery code): the token's try is
 * counted, then the browser's bucket is, then the code is checked. Refusals are audited; a wrong
 * code after the token's last try spends it. Answers the user to sign in, and how.
 */
export async function passSecondStep(
  deps: Deps & Pick<MfaDeps, "throttle" | "mailQueue" | "publicUrl">,
  input: { mfaToken: string; code: string },
  attempt: SignInAttempt,
): Promise<{ user: UserRow; method: "totp" | "recovery_code" }> {
  const challenge = await takeTry(deps, input.mfaToken);
  const { user } = challenge;
  const bucket = await bucketOf(deps, user, attempt.context.deviceId);
  const wait = await deps.throttle.take([bucket]);
  if (wait > 0) {
    await attempt.refused(user, { step: "second_step" }, true);
    throw tooManyRequests(wait);
  }
  const method = await checkAndSpend(deps, challenge, input.code);
  if (!method) {
    await attempt.refused(user, { step: "second_step" });
    await warnOwner(deps, user, bucket, attempt);
    throw challenge.tries >= MFA_MAX_TRIES ? secondStepExpired() : secondStepCodeWrong();
  }
  await deps.throttle.settle({ forgive: [bucket], refund: [] });
  return { user, method };
}
