import type { SessionUser } from "#domain/auth";
import { type MfaStatus, STAFF_LIST_MAX, type StaffMember } from "#domain/mfa";
import type { Db } from "#server/db/client";
import { createUsersRepository, type UserRow } from "#server/modules/users";
import type { MfaDeps } from "./mfa.deps";
import { noSuchAdministrator, ownSecondStep } from "./mfa.errors";
import {
  countUnusedRecoveryCodes,
  deleteSecondStep,
  findConfirmedTotp,
  hasSecondStep,
} from "./mfa.repository";
import { listPasskeys } from "./passkeys.repository";
import { toPasskey } from "./passkeys.service";
import { withPassword } from "./password-check.service";
import { secondStepResetEmail } from "./security-notice.email";

/** The security page's view of the user's second step; `required` when the office asks it of them. */
export async function mfaStatus(
  deps: Pick<MfaDeps, "db" | "mfaRequired">,
  user: SessionUser,
): Promise<MfaStatus> {
  const { db } = deps;
  const [totp, keys, left] = await Promise.all([
    findConfirmedTotp({ db, userId: user.uid }),
    listPasskeys({ db, userId: user.uid }),
    countUnusedRecoveryCodes({ db, userId: user.uid }),
  ]);
  return {
    totp: { enabled: totp !== null, enabledAt: totp?.confirmedAt?.toISOString() ?? null },
    passkeys: keys.map(toPasskey),
    recoveryCodesLeft: left,
    required: deps.mfaRequired && user.role === "admin",
    emailCodeNeeded:
      deps.mfaRequired && user.role === "admin" && totp === null && keys.length === 0,
  };
}

/** The administrators, each with whether they have a second step on. */
export async function listStaff({ db }: Pick<MfaDeps, "db">): Promise<{ staff: StaffMember[] }> {
  const admins = await createUsersRepository(db).listAdmins(STAFF_LIST_MAX);
  const staff = await Promise.all(
    admins.map(async (user) => ({
      id: user.id,
      email: user.email,
      displayName: user.displayName,
      emailVerified: user.emailVerified,
      secondStep: await hasSecondStep({ db, userId: user.id }),
    })),
  );
  return { staff };
}

/**
 * Everything of the user's second step removed (a lost phone, reset by another administrator
 * or from the command line), and their sessions ended (the token version moves on): they sign in
 * with the password again and may add a new factor.
 */
export async function resetSecondStep({ db }: { db: Db }, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await deleteSecondStep({ db: tx, userId });
    await createUsersRepository(db).endTokens(userId, tx);
  });
}

/**
 * The Staff list's reset of another administrator's lost factor, the caller's password given
 * again; the administrator is e-mailed. Never one's own (that is the security page's), and
 * nobody else's factors are reset here: the list shows administrators only.
 */
export async function resetStaffSecondStep(
  deps: Pick<MfaDeps, "db" | "throttle" | "mailQueue" | "publicUrl">,
  input: { id: string; by: string; password: string },
): Promise<UserRow> {
  const user = await createUsersRepository(deps.db).findById(input.id);
  if (user?.role !== "admin") throw noSuchAdministrator();
  if (user.id === input.by) throw ownSecondStep();
  const by = await withPassword(deps, input.by, input.password);
  await resetSecondStep(deps, user.id);
  await deps.mailQueue.send(
    secondStepResetEmail(user.email, by.email, new Date(), `${deps.publicUrl}/login`),
  );
  return user;
}
