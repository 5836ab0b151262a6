import { randomBytes, randomInt } from "node:crypto";
import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import {
  MFA_MAX_TRIES,
  MFA_TOKEN_MINUTES,
  type MfaStatus,
  mfaMessages,
  normalizeRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
} from "#domain/mfa";
import { site } from "#domain/site";
import type { Db, Executor } from "#server/db/client";
import { mfaChallenges, passkeys, recoveryCodes, totpFactors, users } from "#server/db/schema";
import { AppError, conflict } from "#server/http/errors";
import type { UserRow } from "../users/users.repository";
import { createKeyedHash, createSecretBox } from "./secret-box";

/**
 * The second sign-in step: the authenticator app (TOTP, RFC 6238: SHA-1, 6 digits, 30 seconds,
 * one step of drift either way), the ten single-use recovery codes, and the token that carries a
 * sign-in from the right password to its second step (5 minutes, 5 tries, used once).
 */

export const totpCodeWrong = () =>
  new AppError(400, "totp_code_invalid", mfaMessages.totpCodeWrong);
export const secondStepCodeWrong = () =>
  new AppError(401, "mfa_code_invalid", mfaMessages.secondStepWrong);
export const secondStepExpired = () =>
  new AppError(401, "mfa_token_invalid", mfaMessages.secondStepExpired);

type Deps = {
  db: Db;
  secret: Uint8Array;
  now?: () => Date;
  log?: { error: (details: object, message: string) => void };
};

/** A wrong code inside the check-and-spend transaction: undoes the spend. */
class WrongCode extends Error {}

export type SecondStepMethodUsed = "totp" | "recovery_code";

export function createSecondStep(deps: Deps) {
  const { db } = deps;
  const box = createSecretBox(deps.secret, "totp-secret");
  const codeHashes = createKeyedHash(deps.secret, "recovery-code");
  const tokenHashes = createKeyedHash(deps.secret, "mfa-token");
  const now = () => deps.now?.() ?? new Date();

  const totpOf = (secret: string, email: string) =>
    new TOTP({
      issuer: site.name,
      label: email,
      algorithm: "SHA1",
      digits: TOTP_DIGITS,
      period: TOTP_PERIOD_SECONDS,
      secret: Secret.fromBase32(secret),
    });

  /** The 30-second step a code belongs to (this one or a neighbour), or null for a wrong code. */
  function stepOf(secret: string, email: string, code: string): number | null {
    const at = now().getTime();
    const delta = totpOf(secret, email).validate({ token: code, timestamp: at, window: 1 });
    if (delta === null) return null;
    return Math.floor(at / 1000 / TOTP_PERIOD_SECONDS) + delta;
  }

  /** Accepts a step once: a code already used (even by a parallel request) is refused. */
  async function spendStep(userId: string, step: number, tx: Executor = db): Promise<boolean> {
    const rows = await tx
      .update(totpFactors)
      .set({ lastUsedStep: step })
      .where(
        and(
          eq(totpFactors.userId, userId),
          isNotNull(totpFactors.confirmedAt),
          or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, step)),
        ),
      )
      .returning({ userId: totpFactors.userId });
    return rows.length === 1;
  }

  const recoveryHash = (userId: string, code: string) =>
    codeHashes.hash(`${userId}:${normalizeRecoveryCode(code)}`);

  function newRecoveryCode(): string {
    let code = "";
    for (let i = 0; i < 10; i++)
      code += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  }

  /** Ten new codes for the user; the old ones stop working. Shown once: only hashes are kept. */
  async function replaceRecoveryCodes(userId: string, tx: Executor): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((code) => ({ userId, codeHash: recoveryHash(userId, code) })));
    return codes;
  }

  async function spendRecoveryCode(userId: string, code: string, tx: Executor): Promise<boolean> {
    const hash = recoveryHash(userId, code);
    const rows = await tx
      .update(recoveryCodes)
      .set({ usedAt: now() })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, hash),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    return rows.length === 1;
  }

  /**
   * The app's secret, or null. A secret that no longer opens was sealed under another server
   * secret (JWT_SECRET changed, or a database restored elsewhere): worth an error in the log,
   * since every code of that account is refused until its second step is reset.
   */
  function openSecret(userId: string, sealed: string): string | null {
    const secret = box.open(sealed);
    if (secret === null) {
      deps.log?.error(
        { uid: userId },
        "authenticator secret cannot be opened: sealed under another JWT_SECRET; reset this account's second step",
      );
    }
    return secret;
  }

  /** An authenticator code (each 30-second step once) or an unused recovery code. */
  async function checkCode(
    user: UserRow,
    code: string,
    tx: Executor,
  ): Promise<SecondStepMethodUsed | null> {
    const trimmed = code.trim();
    if (/^\d+$/.test(trimmed)) {
      const totp = await confirmedTotp(user.id, tx);
      const secret = totp ? openSecret(user.id, totp.sealedSecret) : null;
      const step = secret ? stepOf(secret, user.email, trimmed) : null;
      return step !== null && (await spendStep(user.id, step, tx)) ? "totp" : null;
    }
    return (await spendRecoveryCode(user.id, trimmed, tx)) ? "recovery_code" : null;
  }

  async function confirmedTotp(userId: string, tx: Executor = db) {
    const rows = await tx
      .select()
      .from(totpFactors)
      .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)))
      .limit(1);
    return rows[0] ?? null;
  }

  const hasSecondStep = (userId: string, tx: Executor = db) => userHasSecondStep(tx, userId);

  /** A second-step token that may still be tried: not spent, not expired, tries left. */
  const liveToken = (mfaToken: string) =>
    and(
      eq(mfaChallenges.tokenHash, tokenHashes.hash(mfaToken)),
      isNull(mfaChallenges.usedAt),
      gt(mfaChallenges.expiresAt, now()),
      lt(mfaChallenges.tries, MFA_MAX_TRIES),
    );

  /** Spends a token: only its first success signs in (a spent one is refused as expired). */
  async function spendChallenge(challengeId: string, tx: Executor = db): Promise<void> {
    const rows = await tx
      .update(mfaChallenges)
      .set({ usedAt: now() })
      .where(and(eq(mfaChallenges.id, challengeId), isNull(mfaChallenges.usedAt)))
      .returning({ id: mfaChallenges.id });
    if (rows.length === 0) throw secondStepExpired();
  }

  /** Recovery codes stand in for a second step: without one left, they go. */
  async function dropUnneededRecoveryCodes(userId: string): Promise<void> {
    await db.transaction(async (tx) => {
      if (!(await hasSecondStep(userId, tx))) {
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      }
    });
  }

  return {
    hasSecondStep,
    replaceRecoveryCodes,

    /** The user of a live second-step token, without counting a try (passkey options). */
    async peek(mfaToken: string): Promise<string | null> {
      const rows = await db
        .select({ userId: mfaChallenges.userId })
        .from(mfaChallenges)
        .where(liveToken(mfaToken))
        .limit(1);
      return rows[0]?.userId ?? null;
    },

    async status(userId: string, required: boolean): Promise<MfaStatus> {
      const [totp, keys, left] = await Promise.all([
        confirmedTotp(userId),
        db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(passkeys.createdAt),
        db
          .select({ n: count() })
          .from(recoveryCodes)
          .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))),
      ]);
      return {
        totp: { enabled: totp !== null, enabledAt: totp?.confirmedAt?.toISOString() ?? null },
        passkeys: keys.map((key) => ({
          id: key.id,
          name: key.name,
          createdAt: key.createdAt.toISOString(),
          lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
        })),
        recoveryCodesLeft: left[0]?.n ?? 0,
        required,
      };
    },

    /**
     * A new secret, kept pending until a code from it confirms it; a pending one before it is
     * replaced (set-up started again). Refused while an app is on: turn it off first.
     */
    async startTotp(user: UserRow): Promise<{ secret: string; otpauthUrl: string }> {
      if (await confirmedTotp(user.id)) throw conflict(mfaMessages.totpAlreadyOn);
      const secret = new Secret({ size: 20 }).base32;
      const sealedSecret = box.seal(secret);
      await db
        .insert(totpFactors)
        .values({ userId: user.id, sealedSecret })
        .onConflictDoUpdate({
          target: totpFactors.userId,
          set: { sealedSecret, createdAt: now(), lastUsedStep: null },
          setWhere: isNull(totpFactors.confirmedAt),
        });
      return { secret, otpauthUrl: totpOf(secret, user.email).toString() };
    },

    /** Turns the pending app on with a code from it; answers the new recovery codes. */
    async confirmTotp(user: UserRow, code: string): Promise<string[]> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(totpFactors)
          .where(eq(totpFactors.userId, user.id))
          .for("update")
          .limit(1);
        const pending = rows[0];
        if (pending?.confirmedAt) throw conflict(mfaMessages.totpAlreadyOn);
        const secret = pending ? openSecret(user.id, pending.sealedSecret) : null;
        if (!pending || !secret) throw conflict(mfaMessages.totpNotStarted);
        const step = stepOf(secret, user.email, code);
        if (step === null) throw totpCodeWrong();
        await tx
          .update(totpFactors)
          .set({ confirmedAt: now(), lastUsedStep: step })
          .where(eq(totpFactors.userId, user.id));
        return replaceRecoveryCodes(user.id, tx);
      });
    },

    /** Turns the app off; the recovery codes go too when no passkey is left. */
    async disableTotp(userId: string): Promise<boolean> {
      const removed = await db
        .delete(totpFactors)
        .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)))
        .returning({ userId: totpFactors.userId });
      await dropUnneededRecoveryCodes(userId);
      return removed.length > 0;
    },

    dropUnneededRecoveryCodes,

    /**
     * Ten recovery codes when the account has none yet (its first factor was just added), else
     * null. The user's row is locked meanwhile, so two first factors added at once make one set.
     */
    async issueFirstRecoveryCodes(userId: string): Promise<string[] | null> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
        const existing = await tx
          .select({ id: recoveryCodes.id })
          .from(recoveryCodes)
          .where(eq(recoveryCodes.userId, userId))
          .limit(1);
        return existing.length > 0 ? null : replaceRecoveryCodes(userId, tx);
      });
    },

    async regenerateRecoveryCodes(userId: string): Promise<string[]> {
      return db.transaction(async (tx) => {
        if (!(await hasSecondStep(userId, tx))) {
          throw conflict("Turn on an authenticator app or add a passkey first.");
        }
        return replaceRecoveryCodes(userId, tx);
      });
    },

    /** The token for the second step of a sign-in whose password was right. */
    async startChallenge(userId: string): Promise<string> {
      const token = randomBytes(32).toString("base64url");
      const at = now();
      await db.insert(mfaChallenges).values({
        tokenHash: tokenHashes.hash(token),
        userId,
        expiresAt: new Date(at.getTime() + MFA_TOKEN_MINUTES * 60_000),
      });
      return token;
    },

    /**
     * Counts one try on a live token (not spent, not expired, tries left) and answers its
     * challenge's user; a token with none of that is refused. The try is counted before the
     * code is checked, so parallel guesses cannot get past the limit.
     */
    async takeTry(
      mfaToken: string,
    ): Promise<{ challengeId: string; user: UserRow; tries: number }> {
      const rows = await db
        .update(mfaChallenges)
        .set({ tries: sql`${mfaChallenges.tries} + 1` })
        .where(liveToken(mfaToken))
        .returning();
      const challenge = rows[0];
      const user = challenge
        ? (await db.select().from(users).where(eq(users.id, challenge.userId)).limit(1))[0]
        : undefined;
      if (!challenge || !user) throw secondStepExpired();
      return { challengeId: challenge.id, user, tries: challenge.tries };
    },

    /**
     * Checks the code and spends the token in one transaction: the token's row is spent first
     * (and stays locked), then the code is checked; a wrong code undoes the spend. Two tries at
     * once on one token wait for each other: only one signs in, and the other's code (a
     * recovery code, say) is not used up. Answers the method, or null for a wrong code.
     */
    async checkAndSpend(
      challengeId: string,
      user: UserRow,
      code: string,
    ): Promise<SecondStepMethodUsed | null> {
      try {
        return await db.transaction(async (tx) => {
          await spendChallenge(challengeId, tx);
          const method = await checkCode(user, code, tx);
          if (!method) throw new WrongCode();
          return method;
        });
      } catch (error) {
        if (error instanceof WrongCode) return null;
        throw error;
      }
    },

    /** Spends the token after another check passed (a passkey): only its first success counts. */
    spend: (challengeId: string) => spendChallenge(challengeId),

    /** The methods the user's second step offers, for the sign-in form. */
    async methods(userId: string): Promise<("totp" | "recovery_code" | "passkey")[]> {
      const [totp, keys] = await Promise.all([
        confirmedTotp(userId),
        db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)),
      ]);
      return [
        ...(totp ? (["totp"] as const) : []),
        "recovery_code" as const,
        ...((keys[0]?.n ?? 0) > 0 ? (["passkey"] as const) : []),
      ];
    },
  };
}

export type SecondStep = ReturnType<typeof createSecondStep>;

/** Second steps spent or expired, removed daily; answers how many. */
export async function purgeSpentChallenges(db: Db): Promise<number> {
  const removed = await db
    .delete(mfaChallenges)
    .where(or(lt(mfaChallenges.expiresAt, new Date()), isNotNull(mfaChallenges.usedAt)))
    .returning({ id: mfaChallenges.id });
  return removed.length;
}

/** Whether the user has a second step on: an authenticator app confirmed, or a passkey. */
export async function userHasSecondStep(db: Executor, userId: string): Promise<boolean> {
  const rows = await db.execute<{ on: boolean }>(sql`
    select exists(select 1 from ${totpFactors}
                  where ${totpFactors.userId} = ${userId} and ${totpFactors.confirmedAt} is not null)
        or exists(select 1 from ${passkeys} where ${passkeys.userId} = ${userId}) as "on"`);
  return rows.rows[0]?.on === true;
}

/**
 * Everything of the user's second step removed (a lost phone, reset by another administrator
 * or from the command line), and their sessions ended: they sign in with the password again and
 * may add a new factor.
 */
export async function resetSecondStep(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(totpFactors).where(eq(totpFactors.userId, userId));
    await tx.delete(passkeys).where(eq(passkeys.userId, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, userId));
  });
}

/** The refusal for a session whose administrator must add a second step first. */
export const enrollmentRequired = () =>
  new AppError(403, "mfa_enrollment_required", mfaMessages.enrollmentRequired);

export const passwordIncorrect = () =>
  new AppError(403, "password_incorrect", mfaMessages.passwordIncorrect);
