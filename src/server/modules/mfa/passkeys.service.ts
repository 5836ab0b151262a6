import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import {
  type EnrolmentCheck,
  PASSKEY_CHALLENGE_MINUTES,
  PASSKEYS_MAX,
  type Passkey,
} from "#domain/mfa";
import { site } from "#domain/site";
import { AppError } from "#server/http/errors";
import type { SignInAttempt } from "#server/modules/auth";
import type { UserRow } from "#server/modules/users";
import { type MfaDeps, nowOf } from "./mfa.deps";
import {
  passkeyFailed,
  passkeyLimitReached,
  passkeyNotFound,
  passkeyRejected,
  secondStepExpired,
} from "./mfa.errors";
import {
  type CeremonyPurpose,
  deletePasskey,
  findPasskeyWithUser,
  insertCeremony,
  insertPasskey,
  listPasskeys,
  type PasskeyRow,
  recordPasskeyUse,
  spendCeremony,
} from "./passkeys.repository";
import { mayAddSecondStep, mayEnroll, signedInUser, withPassword } from "./password-check.service";
import { dropUnneededRecoveryCodes, issueFirstRecoveryCodes } from "./recovery-codes.service";
import { peekChallenge, spendChallenge, takeTry } from "./second-step.service";

/**
 * Passkeys (WebAuthn, through @simplewebauthn/server): registered by a signed-in user, then used
 * as the second step of a sign-in or as its only step. The relying party is the site's host
 * (PUBLIC_URL); the browser only offers a passkey on that host, so a look-alike site gets none.
 * Each ceremony's challenge is a row, used once, valid 5 minutes.
 */
type Deps = Pick<MfaDeps, "db" | "keys" | "publicUrl" | "now" | "log">;

const isId = (id: string) => /^[0-9a-f-]{36}$/i.test(id);

/** The site as WebAuthn names it: its origin and its host. */
const relyingParty = (publicUrl: string) => {
  const url = new URL(publicUrl);
  return { origin: url.origin, rpID: url.hostname };
};

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

async function newCeremony(
  deps: Deps,
  purpose: CeremonyPurpose,
  userId: string | null,
  challenge: string,
): Promise<string> {
  const expiresAt = new Date(nowOf(deps).getTime() + PASSKEY_CHALLENGE_MINUTES * 60_000);
  return insertCeremony({ db: deps.db, values: { purpose, userId, challenge, expiresAt } });
}

/**
 * Spends a live ceremony of that purpose: its challenge, or null. With a `userId`, only that
 * user's ceremony; with null (a passkey as the only step), any sign-in ceremony, a second step's
 * too: safe, since that path requires user verification and finds the account by the passkey.
 */
async function challengeOf(
  deps: Deps,
  id: string,
  purpose: CeremonyPurpose,
  userId: string | null,
): Promise<string | null> {
  if (!isId(id)) return null;
  const row = await spendCeremony({ db: deps.db, id, purpose, at: nowOf(deps) });
  if (!row || (userId !== null && row.userId !== userId)) return null;
  return row.challenge;
}

/** The browser's options to make a passkey, the current password given again. */
export async function passkeyRegistrationOptions(
  deps: Deps & Pick<MfaDeps, "throttle" | "mfaRequired" | "emailProof">,
  userId: string,
  check: EnrolmentCheck,
) {
  const user = await mayAddSecondStep(deps, userId, check);
  const existing = await listPasskeys({ db: deps.db, userId: user.id });
  if (existing.length >= PASSKEYS_MAX) throw passkeyLimitReached();
  const options = await generateRegistrationOptions({
    rpName: site.name,
    rpID: relyingParty(deps.publicUrl).rpID,
    userName: user.email,
    userDisplayName: user.displayName ?? user.email,
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    excludeCredentials: existing.map((key) => ({ id: key.credentialId })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  const challengeId = await newCeremony(deps, "register", user.id, options.challenge);
  return { challengeId, options: asJson(options) };
}

/**
 * The passkey the browser made, kept when its answer verifies. The account's first second step
 * brings its recovery codes, as with an app (else null).
 */
export async function addPasskey(
  deps: Deps,
  userId: string,
  input: { challengeId: string; name: string; credential: unknown },
): Promise<{ passkey: Passkey; recoveryCodes: string[] | null }> {
  const user = mayEnroll(await signedInUser(deps, userId));
  const challenge = await challengeOf(deps, input.challengeId, "register", user.id);
  if (!challenge) throw passkeyRejected();
  const { origin, rpID } = relyingParty(deps.publicUrl);
  const verification = await verifyRegistrationResponse({
    response: input.credential as RegistrationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch(() => ({ verified: false as const }));
  if (!verification.verified) throw passkeyRejected();
  const { credential } = verification.registrationInfo;
  const row = await insertPasskey({
    db: deps.db,
    values: {
      userId: user.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name: input.name,
    },
  });
  if (!row) throw passkeyRejected();
  const recoveryCodes = await issueFirstRecoveryCodes(deps, user.id);
  return { passkey: toPasskey(row), recoveryCodes };
}

/** Removes one of the user's passkeys, the password given again; the codes go with the last factor. */
export async function removePasskey(
  deps: Deps & Pick<MfaDeps, "throttle">,
  userId: string,
  id: string,
  password: string,
): Promise<PasskeyRow> {
  const user = await withPassword(deps, userId, password);
  const removed = isId(id) ? await deletePasskey({ db: deps.db, userId: user.id, id }) : null;
  if (!removed) throw passkeyNotFound();
  await dropUnneededRecoveryCodes(deps, user.id);
  return removed;
}

/**
 * Options for a sign-in: the user's passkeys when it is the second step of the sign-in whose
 * token is given; none named (the browser offers what it holds for this site) when the passkey
 * is the only step.
 */
export async function passkeySignInOptions(deps: Deps, mfaToken: string | undefined) {
  const userId = mfaToken ? await peekChallenge(deps, mfaToken) : null;
  if (mfaToken && !userId) throw secondStepExpired();
  const allowCredentials = userId
    ? (await listPasskeys({ db: deps.db, userId })).map((key) => ({
        id: key.credentialId,
        transports: key.transports,
      }))
    : undefined;
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(deps.publicUrl).rpID,
    allowCredentials,
    // As the only step, the passkey must also check the person (PIN, fingerprint, face).
    userVerification: userId ? "preferred" : "required",
  });
  const challengeId = await newCeremony(deps, "sign_in", userId, options.challenge);
  return { challengeId, options: asJson(options) };
}

/** The passkey's user when the browser's answer verifies (of `userId`'s keys when given). */
async function verifiedPasskeyUser(
  deps: Deps,
  input: { challengeId: string; credential: unknown; userId: string | null },
): Promise<UserRow> {
  const challenge = await challengeOf(deps, input.challengeId, "sign_in", input.userId);
  if (!challenge) throw passkeyFailed();
  const response = input.credential as AuthenticationResponseJSON;
  const row = await findPasskeyWithUser({ db: deps.db, credentialId: String(response.id) });
  if (!row || (input.userId !== null && row.user.id !== input.userId)) throw passkeyFailed();
  const { origin, rpID } = relyingParty(deps.publicUrl);
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
  const counter = verification.authenticationInfo.newCounter;
  await recordPasskeyUse({ db: deps.db, id: row.passkey.id, counter, at: nowOf(deps) });
  return row.user;
}

/**
 * A sign-in with a passkey: as the second step of the sign-in whose token is given (the try
 * counts against that token, which it spends), or as the only step. A refusal is audited.
 * Answers the user to sign in.
 */
export async function signInWithPasskey(
  deps: Deps,
  input: { mfaToken?: string; challengeId: string; credential: unknown },
  attempt: SignInAttempt,
): Promise<UserRow> {
  const challenge = input.mfaToken ? await takeTry(deps, input.mfaToken) : null;
  try {
    const user = await verifiedPasskeyUser(deps, {
      challengeId: input.challengeId,
      credential: input.credential,
      userId: challenge?.user.id ?? null,
    });
    if (challenge) await spendChallenge(deps, challenge.challengeId);
    return user;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 401) {
      await attempt.refused(
        { id: challenge?.user.id ?? null, email: challenge?.user.email ?? null },
        { step: challenge ? "second_step" : "passkey" },
      );
    }
    throw error;
  }
}
