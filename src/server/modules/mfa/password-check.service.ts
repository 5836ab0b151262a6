import { notFound, tooManyRequests } from "#server/http/errors";
import { ACCOUNT_RULE, type Bucket, emailNotVerified } from "#server/modules/auth";
import { createUsersRepository, type UserRow, verifyPassword } from "#server/modules/users";
import type { MfaDeps } from "./mfa.deps";
import { passwordIncorrect } from "./mfa.errors";
import { hasSecondStep } from "./mfa.repository";

/** The signed-in user's row (gone meanwhile: 404). */
export async function signedInUser({ db }: Pick<MfaDeps, "db">, userId: string): Promise<UserRow> {
  const user = await createUsersRepository(db).findById(userId);
  if (!user) throw notFound();
  return user;
}

/**
 * The signed-in user, once their current password is given again: asked before a change to how
 * the account signs in. Guesses count in the account's sign-in bucket: a stolen session cannot
 * try passwords faster here than at the sign-in form.
 */
export async function withPassword(
  deps: Pick<MfaDeps, "db" | "throttle">,
  userId: string,
  password: string,
): Promise<UserRow> {
  const user = await signedInUser(deps, userId);
  const bucket: Bucket = { name: `account:${user.email}`, rule: ACCOUNT_RULE };
  const wait = await deps.throttle.take([bucket]);
  if (wait > 0) throw tooManyRequests(wait);
  if (!(await verifyPassword(user.passwordHash, password))) throw passwordIncorrect();
  await deps.throttle.settle({ forgive: [bucket], refund: [] });
  return user;
}

/**
 * A second step belongs to an address its owner has proven: e-mail verification then never
 * stands in for it (the code it sends is for unverified accounts only).
 */
export function mayEnroll(user: UserRow): UserRow {
  if (!user.emailVerified) throw emailNotVerified();
  return user;
}

/**
 * Whether adding a second step to `user` now needs the code e-mailed to the account: the office
 * requires one (MFA_REQUIRED), the account is an administrator's, and none is on yet. Once one
 * is on, the session that adds another has passed it.
 */
export async function needsEmailProof(
  deps: Pick<MfaDeps, "db" | "mfaRequired">,
  user: Pick<UserRow, "id" | "role">,
): Promise<boolean> {
  if (!deps.mfaRequired || user.role !== "admin") return false;
  return !(await hasSecondStep({ db: deps.db, userId: user.id }));
}

/**
 * The checks before a second step is added: the current password, a proven address, and, for
 * an administrator's first under MFA_REQUIRED, the e-mailed code (spent here).
 */
export async function mayAddSecondStep(
  deps: Pick<MfaDeps, "db" | "throttle" | "mfaRequired" | "emailProof">,
  userId: string,
  check: { password: string; emailCode?: string },
): Promise<UserRow> {
  const user = mayEnroll(await withPassword(deps, userId, check.password));
  if (await needsEmailProof(deps, user)) await deps.emailProof.spend(user.id, check.emailCode);
  return user;
}
