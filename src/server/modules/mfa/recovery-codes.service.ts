import { randomInt } from "node:crypto";
import { normalizeRecoveryCode, RECOVERY_CODE_ALPHABET, RECOVERY_CODE_COUNT } from "#domain/mfa";
import type { Executor } from "#server/db/client";
import { createUsersRepository } from "#server/modules/users";
import { type MfaDeps, nowOf } from "./mfa.deps";
import { noSecondStepYet } from "./mfa.errors";
import {
  deleteRecoveryCodes,
  hasRecoveryCodes,
  hasSecondStep,
  replaceRecoveryCodes,
  spendRecoveryCode as spendCodeRow,
} from "./mfa.repository";
import { withPassword } from "./password-check.service";

/**
 * Ten single-use recovery codes stand in for the second step when its factor is lost. Shown once:
 * only their keyed hashes are kept, of the code as typed in any case and without its dash.
 */
type Deps = Pick<MfaDeps, "db" | "keys" | "now">;

const hashOf = (deps: Pick<MfaDeps, "keys">, userId: string, code: string) =>
  deps.keys.recoveryCodes.hash(`${userId}:${normalizeRecoveryCode(code)}`);

function newRecoveryCode(): string {
  let code = "";
  for (let i = 0; i < 10; i++)
    code += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Ten new codes for the user, in `tx`; the old ones stop working. */
export async function newRecoveryCodes(
  deps: Pick<MfaDeps, "keys">,
  userId: string,
  tx: Executor,
): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = codes.map((code) => hashOf(deps, userId, code));
  await replaceRecoveryCodes({ db: tx, userId, hashes });
  return codes;
}

/** Uses one of the user's unused codes; false for a wrong or used one. */
export async function spendRecoveryCode(
  deps: Deps,
  userId: string,
  code: string,
  tx: Executor,
): Promise<boolean> {
  const hash = hashOf(deps, userId, code);
  return spendCodeRow({ db: tx, userId, hash, at: nowOf(deps) });
}

/** Recovery codes stand in for a second step: without one left, they go. */
export async function dropUnneededRecoveryCodes(
  { db }: Pick<MfaDeps, "db">,
  userId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await hasSecondStep({ db: tx, userId }))) await deleteRecoveryCodes({ db: tx, userId });
  });
}

/**
 * Ten recovery codes when the account has none yet (its first factor was just added), else
 * null. The user's row is locked meanwhile, so two first factors added at once make one set.
 */
export async function issueFirstRecoveryCodes(
  deps: Deps,
  userId: string,
): Promise<string[] | null> {
  return deps.db.transaction(async (tx) => {
    await createUsersRepository(deps.db).lock(userId, tx);
    if (await hasRecoveryCodes({ db: tx, userId })) return null;
    return newRecoveryCodes(deps, userId, tx);
  });
}

/** Ten new codes in place of the old ones, the current password given again. */
export async function regenerateRecoveryCodes(
  deps: Pick<MfaDeps, "db" | "keys" | "throttle">,
  userId: string,
  password: string,
): Promise<{ recoveryCodes: string[] }> {
  const user = await withPassword(deps, userId, password);
  const recoveryCodes = await deps.db.transaction(async (tx) => {
    if (!(await hasSecondStep({ db: tx, userId: user.id }))) throw noSecondStepYet();
    return newRecoveryCodes(deps, user.id, tx);
  });
  return { recoveryCodes };
}
