import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { PASSKEYS_MAX as PASSKEYS_LISTED_MAX } from "#domain/mfa";
import type { Executor } from "#server/db/client";
import type { UserRow } from "#server/modules/users";
import { users } from "#server/modules/users/users.table";
import { passkeys, webauthnChallenges } from "./mfa.table";

/**
 * Passkeys and their ceremonies (the challenge a browser must sign, one row each, used once).
 * Each function takes `db`, the database or a transaction; times are given (`at`).
 */

export type PasskeyRow = typeof passkeys.$inferSelect;
export type CeremonyPurpose = "register" | "sign_in";
type Of = { db: Executor; userId: string };

/** The user's passkeys, the oldest first (at most PASSKEYS_LISTED_MAX: the contract's bound). */
export async function listPasskeys({ db, userId }: Of): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(passkeys.createdAt)
    .limit(PASSKEYS_LISTED_MAX);
}

export async function countPasskeys({ db, userId }: Of): Promise<number> {
  const rows = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return rows[0]?.n ?? 0;
}

/** A new passkey; null when its credential is registered already. */
export async function insertPasskey({
  db,
  values,
}: {
  db: Executor;
  values: typeof passkeys.$inferInsert;
}): Promise<PasskeyRow | null> {
  const rows = await db.insert(passkeys).values(values).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

/** Removes one of the user's passkeys; null when they have none with that id. */
export async function deletePasskey({ db, userId, id }: Of & { id: string }) {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return rows[0] ?? null;
}

/** The passkey with that credential id, and its user. */
export async function findPasskeyWithUser({
  db,
  credentialId,
}: {
  db: Executor;
  credentialId: string;
}): Promise<{ passkey: PasskeyRow; user: UserRow } | null> {
  const rows = await db
    .select({ passkey: passkeys, user: users })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.credentialId, credentialId))
    .limit(1);
  return rows[0] ?? null;
}

/** A use of the passkey: its signature counter, never moved backwards, and when. */
export async function recordPasskeyUse({
  db,
  id,
  counter,
  at,
}: {
  db: Executor;
  id: string;
  counter: number;
  at: Date;
}): Promise<void> {
  await db
    .update(passkeys)
    // Never backwards, even when two sign-ins with the same key finish out of order.
    .set({ counter: sql`greatest(${passkeys.counter}, ${counter})`, lastUsedAt: at })
    .where(eq(passkeys.id, id));
}

/** A new ceremony's row; answers its id. */
export async function insertCeremony({
  db,
  values,
}: {
  db: Executor;
  values: {
    purpose: CeremonyPurpose;
    userId: string | null;
    challenge: string;
    expiresAt: Date;
  };
}): Promise<string> {
  const rows = await db
    .insert(webauthnChallenges)
    .values(values)
    .returning({ id: webauthnChallenges.id });
  return rows[0]!.id;
}

/** Spends a live ceremony of that purpose (unused, unexpired): its row, or null. */
export async function spendCeremony({
  db,
  id,
  purpose,
  at,
}: {
  db: Executor;
  id: string;
  purpose: CeremonyPurpose;
  at: Date;
}) {
  const rows = await db
    .update(webauthnChallenges)
    .set({ usedAt: at })
    .where(
      and(
        eq(webauthnChallenges.id, id),
        eq(webauthnChallenges.purpose, purpose),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, at),
      ),
    )
    .returning();
  return rows[0] ?? null;
}

/** Ceremonies spent or expired, removed (anyone may ask for one); answers how many. */
export async function purgeSpentCeremonies({
  db,
  at = new Date(),
}: {
  db: Executor;
  at?: Date;
}): Promise<number> {
  const removed = await db
    .delete(webauthnChallenges)
    .where(or(lt(webauthnChallenges.expiresAt, at), isNotNull(webauthnChallenges.usedAt)))
    .returning({ id: webauthnChallenges.id });
  return removed.length;
}
