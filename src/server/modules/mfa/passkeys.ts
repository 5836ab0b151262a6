import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { and, eq, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { mfaMessages, PASSKEY_CHALLENGE_MINUTES, type Passkey } from "#domain/mfa";
import { site } from "#domain/site";
import type { Db } from "#server/db/client";
import { passkeys, users, webauthnChallenges } from "#server/db/schema";
import { AppError, badRequest } from "#server/http/errors";
import type { UserRow } from "../users/users.repository";

/**
 * Passkeys (WebAuthn, through @simplewebauthn/server): registered by a signed-in user, then used
 * as the second step of a sign-in or as its only step. The relying party is the site's host
 * (PUBLIC_URL); the browser only offers a passkey on that host, so a look-alike site gets none.
 * Each ceremony's challenge is a row, used once, valid 5 minutes.
 */

export const passkeyFailed = () => new AppError(401, "passkey_invalid", mfaMessages.passkeyFailed);

type PasskeyRow = typeof passkeys.$inferSelect;

/** The library's options are plain JSON for the browser, handed over as they are. */
const asJson = (options: object) => options as Record<string, unknown>;

export function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export function createPasskeys(deps: { db: Db; publicUrl: string; now?: () => Date }) {
  const { db } = deps;
  const origin = new URL(deps.publicUrl).origin;
  const rpID = new URL(deps.publicUrl).hostname;
  const now = () => deps.now?.() ?? new Date();

  async function newCeremony(
    purpose: "register" | "sign_in",
    userId: string | null,
    challenge: string,
  ): Promise<string> {
    const at = now();
    const rows = await db
      .insert(webauthnChallenges)
      .values({
        purpose,
        userId,
        challenge,
        expiresAt: new Date(at.getTime() + PASSKEY_CHALLENGE_MINUTES * 60_000),
      })
      .returning({ id: webauthnChallenges.id });
    return rows[0]!.id;
  }

  /**
   * Spends a live ceremony of that purpose: its challenge, or null. With a `userId`, only that
   * user's ceremony; with null (a passkey as the only step), any sign-in ceremony, a second
   * step's too: safe, since that path requires user verification and finds the account by the
   * passkey itself.
   */
  async function spendCeremony(
    id: string,
    purpose: "register" | "sign_in",
    userId: string | null,
  ): Promise<string | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const rows = await db
      .update(webauthnChallenges)
      .set({ usedAt: now() })
      .where(
        and(
          eq(webauthnChallenges.id, id),
          eq(webauthnChallenges.purpose, purpose),
          isNull(webauthnChallenges.usedAt),
          gt(webauthnChallenges.expiresAt, now()),
        ),
      )
      .returning();
    const row = rows[0];
    if (!row || (userId !== null && row.userId !== userId)) return null;
    return row.challenge;
  }

  const ofUser = (userId: string) =>
    db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(passkeys.createdAt);

  return {
    async registrationOptions(user: UserRow) {
      const existing = await ofUser(user.id);
      const options = await generateRegistrationOptions({
        rpName: site.name,
        rpID,
        userName: user.email,
        userDisplayName: user.displayName ?? user.email,
        userID: new TextEncoder().encode(user.id),
        attestationType: "none",
        excludeCredentials: existing.map((key) => ({ id: key.credentialId })),
        authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
      });
      const challengeId = await newCeremony("register", user.id, options.challenge);
      return { challengeId, options: asJson(options) };
    },

    async register(
      user: UserRow,
      input: { challengeId: string; name: string; credential: unknown },
    ): Promise<PasskeyRow> {
      const challenge = await spendCeremony(input.challengeId, "register", user.id);
      if (!challenge) throw badRequest(mfaMessages.passkeyFailed);
      const verification = await verifyRegistrationResponse({
        response: input.credential as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: false,
      }).catch(() => ({ verified: false as const }));
      if (!verification.verified) throw badRequest(mfaMessages.passkeyFailed);
      const { credential } = verification.registrationInfo;
      const rows = await db
        .insert(passkeys)
        .values({
          userId: user.id,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString("base64url"),
          counter: credential.counter,
          transports: credential.transports ?? [],
          name: input.name,
        })
        .onConflictDoNothing()
        .returning();
      if (!rows[0]) throw badRequest(mfaMessages.passkeyFailed);
      return rows[0];
    },

    async remove(userId: string, id: string): Promise<PasskeyRow | null> {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
      const rows = await db
        .delete(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .returning();
      return rows[0] ?? null;
    },

    /**
     * Options for a sign-in: the user's passkeys when it is their second step; none named (the
     * browser offers what it holds for this site) when the passkey is the only step.
     */
    async signInOptions(userId: string | null) {
      const allowCredentials = userId
        ? (await ofUser(userId)).map((key) => ({
            id: key.credentialId,
            transports: key.transports,
          }))
        : undefined;
      const options = await generateAuthenticationOptions({
        rpID,
        allowCredentials,
        // As the only step, the passkey must also check the person (PIN, fingerprint, face).
        userVerification: userId ? "preferred" : "required",
      });
      const challengeId = await newCeremony("sign_in", userId, options.challenge);
      return { challengeId, options: asJson(options) };
    },

    /** The passkey's user when the browser's answer verifies; the key's use is recorded. */
    async signIn(input: {
      challengeId: string;
      credential: unknown;
      userId: string | null;
    }): Promise<{ user: UserRow; passkey: PasskeyRow }> {
      const challenge = await spendCeremony(input.challengeId, "sign_in", input.userId);
      if (!challenge) throw passkeyFailed();
      const response = input.credential as AuthenticationResponseJSON;
      const found = await db
        .select({ passkey: passkeys, user: users })
        .from(passkeys)
        .innerJoin(users, eq(users.id, passkeys.userId))
        .where(eq(passkeys.credentialId, String(response.id)))
        .limit(1);
      const row = found[0];
      if (!row || (input.userId !== null && row.user.id !== input.userId)) throw passkeyFailed();
      const verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: {
          id: row.passkey.credentialId,
          publicKey: new Uint8Array(Buffer.from(row.passkey.publicKey, "base64url")),
          counter: row.passkey.counter,
          transports: row.passkey.transports,
        },
        requireUserVerification: input.userId === null,
      }).catch(() => ({ verified: false as const, authenticationInfo: undefined }));
      if (!verification.verified || !verification.authenticationInfo) throw passkeyFailed();
      await db
        .update(passkeys)
        // Never backwards, even when two sign-ins with the same key finish out of order.
        .set({
          counter: sql`greatest(${passkeys.counter}, ${verification.authenticationInfo.newCounter})`,
          lastUsedAt: now(),
        })
        .where(eq(passkeys.id, row.passkey.id));
      return row;
    },
  };
}

export type Passkeys = ReturnType<typeof createPasskeys>;

/** Ceremonies spent or expired, removed daily (anyone may ask for one); answers how many. */
export async function purgeSpentCeremonies(db: Db): Promise<number> {
  const removed = await db
    .delete(webauthnChallenges)
    .where(or(lt(webauthnChallenges.expiresAt, new Date()), isNotNull(webauthnChallenges.usedAt)))
    .returning({ id: webauthnChallenges.id });
  return removed.length;
}
