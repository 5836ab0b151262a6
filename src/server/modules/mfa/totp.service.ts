import { Secret, TOTP } from "otpauth";
import { type EnrolmentCheck, TOTP_DIGITS, TOTP_PERIOD_SECONDS } from "#domain/mfa";
import { site } from "#domain/site";
import type { Executor } from "#server/db/client";
import type { UserRow } from "#server/modules/users";
import { type MfaDeps, nowOf } from "./mfa.deps";
import { totpAlreadyOn, totpCodeWrong, totpNotOn, totpNotStarted } from "./mfa.errors";
import {
  confirmTotp as confirmTotpRow,
  deleteConfirmedTotp,
  findConfirmedTotp,
  lockTotp,
  savePendingTotp,
  spendTotpStep,
} from "./mfa.repository";
import { mayAddSecondStep, mayEnroll, signedInUser, withPassword } from "./password-check.service";
import { dropUnneededRecoveryCodes, newRecoveryCodes } from "./recovery-codes.service";

/**
 * The authenticator app (TOTP, RFC 6238: SHA-1, 6 digits, 30 seconds, one step of drift either
 * way). Its secret is kept sealed; each 30-second step signs in once.
 */
type Deps = Pick<MfaDeps, "db" | "keys" | "now" | "log">;

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
function stepOf(deps: Deps, secret: string, email: string, code: string): number | null {
  const at = nowOf(deps).getTime();
  const delta = totpOf(secret, email).validate({ token: code, timestamp: at, window: 1 });
  if (delta === null) return null;
  return Math.floor(at / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/**
 * The app's secret, or null. A secret that no longer opens was sealed under another server
 * secret (JWT_SECRET changed, or a database restored elsewhere): worth an error in the log,
 * since every code of that account is refused until its second step is reset.
 */
function openSecret(deps: Deps, userId: string, sealed: string): string | null {
  const secret = deps.keys.totpSecrets.open(sealed);
  if (secret === null) {
    deps.log?.error(
      { uid: userId },
      "authenticator secret cannot be opened: sealed under another JWT_SECRET; reset this account's second step",
    );
  }
  return secret;
}

/**
 * A new secret, kept pending until a code from it confirms it; a pending one before it is
 * replaced (set-up started again). Asks the current password again; refused while an app is
 * on: turn it off first.
 */
export async function startTotp(
  deps: Deps & Pick<MfaDeps, "throttle" | "mfaRequired" | "emailProof">,
  userId: string,
  check: EnrolmentCheck,
): Promise<{ secret: string; otpauthUrl: string }> {
  const user = await mayAddSecondStep(deps, userId, check);
  if (await findConfirmedTotp({ db: deps.db, userId: user.id })) throw totpAlreadyOn();
  const secret = new Secret({ size: 20 }).base32;
  const sealedSecret = deps.keys.totpSecrets.seal(secret);
  await savePendingTotp({ db: deps.db, userId: user.id, sealedSecret, at: nowOf(deps) });
  return { secret, otpauthUrl: totpOf(secret, user.email).toString() };
}

/** Turns the pending app on with a code from it; answers the new recovery codes. */
export async function confirmTotp(
  deps: Deps,
  userId: string,
  code: string,
): Promise<{ recoveryCodes: string[] }> {
  const user = mayEnroll(await signedInUser(deps, userId));
  const recoveryCodes = await deps.db.transaction(async (tx) => {
    const pending = await lockTotp({ db: tx, userId: user.id });
    if (pending?.confirmedAt) throw totpAlreadyOn();
    const secret = pending ? openSecret(deps, user.id, pending.sealedSecret) : null;
    if (!pending || !secret) throw totpNotStarted();
    const step = stepOf(deps, secret, user.email, code);
    if (step === null) throw totpCodeWrong();
    await confirmTotpRow({ db: tx, userId: user.id, step, at: nowOf(deps) });
    return newRecoveryCodes(deps, user.id, tx);
  });
  return { recoveryCodes };
}

/** Turns the app off, the password given again; the recovery codes go when no passkey is left. */
export async function disableTotp(
  deps: Deps & Pick<MfaDeps, "throttle">,
  userId: string,
  password: string,
): Promise<void> {
  const user = await withPassword(deps, userId, password);
  const removed = await deleteConfirmedTotp({ db: deps.db, userId: user.id });
  await dropUnneededRecoveryCodes(deps, user.id);
  if (!removed) throw totpNotOn();
}

/** An authenticator code of the user's app, each 30-second step once; false for any other. */
export async function spendTotpCode(
  deps: Deps,
  user: UserRow,
  code: string,
  tx: Executor,
): Promise<boolean> {
  const totp = await findConfirmedTotp({ db: tx, userId: user.id });
  const secret = totp ? openSecret(deps, user.id, totp.sealedSecret) : null;
  const step = secret ? stepOf(deps, secret, user.email, code) : null;
  return step !== null && (await spendTotpStep({ db: tx, userId: user.id, step }));
}
