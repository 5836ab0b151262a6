import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { MFA_MAX_TRIES } from "#domain/mfa";
import type { Executor } from "#server/db/client";
import { mfaChallenges, passkeys, recoveryCodes, totpFactors } from "./mfa.table";

/**
 * The second step's rows: the authenticator app, the recovery codes and the tokens of sign-ins
 * waiting for their second step (the passkeys are passkeys.repository.ts's). Each function takes
 * `db`, the database or a transaction; times are given (`at`), so a test's clock holds here too.
 */

export type TotpRow = typeof totpFactors.$inferSelect;
export type ChallengeRow = typeof mfaChallenges.$inferSelect;
type Of = { db: Executor; userId: string };

export async function findConfirmedTotp({ db, userId }: Of): Promise<TotpRow | null> {
  const rows = await db
    .select()
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)))
    .limit(1);
  return rows[0] ?? null;
}

/** The user's app, pending or on, locked until the transaction `db` ends. */
export async function lockTotp({ db, userId }: Of): Promise<TotpRow | null> {
  const rows = await db
    .select()
    .from(totpFactors)
    .where(eq(totpFactors.userId, userId))
    .for("update")
    .limit(1);
  return rows[0] ?? null;
}

/** A pending app's secret, replacing a pending one; an app that is on is left as it is. */
export async function savePendingTotp({
  db,
  userId,
  sealedSecret,
  at,
}: Of & { sealedSecret: string; at: Date }): Promise<void> {
  await db
    .insert(totpFactors)
    .values({ userId, sealedSecret })
    .onConflictDoUpdate({
      target: totpFactors.userId,
      set: { sealedSecret, createdAt: at, lastUsedStep: null },
      setWhere: isNull(totpFactors.confirmedAt),
    });
}

/** The pending app turned on, its first code's step used. */
export async function confirmTotp({ db, userId, step, at }: Of & { step: number; at: Date }) {
  await db
    .update(totpFactors)
    .set({ confirmedAt: at, lastUsedStep: step })
    .where(eq(totpFactors.userId, userId));
}

/** Accepts a 30-second step once: a step used before (even by a parallel request) is refused. */
export async function spendTotpStep({ db, userId, step }: Of & { step: number }): Promise<boolean> {
  const rows = await db
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

/** Removes the app that is on; false when there was none. */
export async function deleteConfirmedTotp({ db, userId }: Of): Promise<boolean> {
  const removed = await db
    .delete(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)))
    .returning({ userId: totpFactors.userId });
  return removed.length > 0;
}

/** The user's recovery codes become these (their keyed hashes). */
export async function replaceRecoveryCodes({ db, userId, hashes }: Of & { hashes: string[] }) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses the unused code with that hash; false when there is none. */
export async function spendRecoveryCode({
  db,
  userId,
  hash,
  at,
}: Of & { hash: string; at: Date }): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: at })
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

export async function countUnusedRecoveryCodes({ db, userId }: Of): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return rows[0]?.n ?? 0;
}

/** Whether the user has recovery codes at all, used or not. */
export async function hasRecoveryCodes({ db, userId }: Of): Promise<boolean> {
  const rows = await db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(eq(recoveryCodes.userId, userId))
    .limit(1);
  return rows.length > 0;
}

export async function deleteRecoveryCodes({ db, userId }: Of): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/** Whether the user has a second step on: an authenticator app confirmed, or a passkey. */
export async function hasSecondStep({ db, userId }: Of): Promise<boolean> {
  const rows = await db.execute<{ on: boolean }>(sql`
    select exists(select 1 from ${totpFactors}
                  where ${totpFactors.userId} = ${userId} and ${totpFactors.confirmedAt} is not null)
        or exists(select 1 from ${passkeys} where ${passkeys.userId} = ${userId}) as "on"`);
  return rows.rows[0]?.on === true;
}

/** The user's app, passkeys and recovery codes, all removed. */
export async function deleteSecondStep({ db, userId }: Of): Promise<void> {
  await db.delete(totpFactors).where(eq(totpFactors.userId, userId));
  await db.delete(passkeys).where(eq(passkeys.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

export async function insertChallenge({
  db,
  userId,
  tokenHash,
  expiresAt,
}: Of & { tokenHash: string; expiresAt: Date }): Promise<void> {
  await db.insert(mfaChallenges).values({ tokenHash, userId, expiresAt });
}

/** A token that may still be tried: not spent, not expired, tries left. */
const liveToken = (tokenHash: string, at: Date) =>
  and(
    eq(mfaChallenges.tokenHash, tokenHash),
    isNull(mfaChallenges.usedAt),
    gt(mfaChallenges.expiresAt, at),
    lt(mfaChallenges.tries, MFA_MAX_TRIES),
  );

/** The user of a live token, without counting a try. */
export async function findLiveChallengeUser({
  db,
  tokenHash,
  at,
}: {
  db: Executor;
  tokenHash: string;
  at: Date;
}): Promise<string | null> {
  const rows = await db
    .select({ userId: mfaChallenges.userId })
    .from(mfaChallenges)
    .where(liveToken(tokenHash, at))
    .limit(1);
  return rows[0]?.userId ?? null;
}

/** Counts one try on a live token, in one statement; null for a token that is not live. */
export async function countChallengeTry({
  db,
  tokenHash,
  at,
}: {
  db: Executor;
  tokenHash: string;
  at: Date;
}): Promise<ChallengeRow | null> {
  const rows = await db
    .update(mfaChallenges)
    .set({ tries: sql`${mfaChallenges.tries} + 1` })
    .where(liveToken(tokenHash, at))
    .returning();
  return rows[0] ?? null;
}

/** Marks the token spent; false when it was spent already. */
export async function spendChallenge({
  db,
  id,
  at,
}: {
  db: Executor;
  id: string;
  at: Date;
}): Promise<boolean> {
  const rows = await db
    .update(mfaChallenges)
    .set({ usedAt: at })
    .where(and(eq(mfaChallenges.id, id), isNull(mfaChallenges.usedAt)))
    .returning({ id: mfaChallenges.id });
  return rows.length > 0;
}

/** Tokens spent or expired, removed; answers how many. */
export async function purgeSpentChallenges({
  db,
  at = new Date(),
}: {
  db: Executor;
  at?: Date;
}): Promise<number> {
  const removed = await db
    .delete(mfaChallenges)
    .where(or(lt(mfaChallenges.expiresAt, at), isNotNull(mfaChallenges.usedAt)))
    .returning({ id: mfaChallenges.id });
  return removed.length;
}
