import { type LoginInput, loginSchema, type SessionUser } from "#domain/auth";
import type { Db, Executor } from "#server/db/client";
import { tooManyRequests } from "#server/http/errors";
import { hashPassword, verifyPassword } from "../users/users.password";
import { createUsersRepository, type UserRow } from "../users/users.repository";
import { invalidCredentials } from "./auth.errors";
import { toSessionUser } from "./auth.guard";
import type { SessionTokens } from "./auth.tokens";
import { ACCOUNT_RULE, ADDRESS_RULE, type Bucket, type LoginThrottle } from "./login-throttle";
import { createSessionStore, type SignInContext } from "./sessions";

type Deps = { db: Db; tokens: SessionTokens; throttle: LoginThrottle };

/**
 * An unknown e-mail costs the same argon2 verification as a wrong password, so the answer's
 * timing does not tell which accounts exist.
 */
let dummyHash: Promise<string> | undefined;
const timingDecoy = () => {
  dummyHash ??= hashPassword("not a real password, only a timing decoy");
  return dummyHash;
};

/**
 * The first step of a sign-in: e-mail and password. Attempts are taken from the throttle before
 * the password is checked: from the account's bucket, or, on a browser the account has signed
 * in from before, from that browser's own bucket for the account (so that failures elsewhere
 * never slow the owner's browser), and always from the address's bucket. Answers the account;
 * the caller starts the session, or asks for the second step first.
 */
export async function checkPassword(
  deps: Deps,
  input: LoginInput,
  context: SignInContext,
): Promise<UserRow> {
  const { email, password } = loginSchema.parse(input);
  const account = email.toLowerCase();
  const sessions = createSessionStore(deps.db);
  const user = await createUsersRepository(deps.db).findByEmail(account);
  const knownDevice =
    user && context.deviceId ? await sessions.knownDevice(user.id, context.deviceId) : false;

  const personal: Bucket = knownDevice
    ? { name: `device:${context.deviceId}:${account}`, rule: ACCOUNT_RULE }
    : { name: `account:${account}`, rule: ACCOUNT_RULE };
  const address: Bucket = { name: `address:${context.ipAddress}`, rule: ADDRESS_RULE };
  const wait = await deps.throttle.take([personal, address]);
  if (wait > 0) throw tooManyRequests(wait);

  const valid = await verifyPassword(user?.passwordHash ?? (await timingDecoy()), password);
  if (!user || !valid) throw invalidCredentials();
  await deps.throttle.settle({ forgive: [personal], refund: [address] });
  return user;
}

/** A new session row for the user, and the token that names it. */
export async function startSession(
  deps: { db: Db; tokens: SessionTokens },
  user: UserRow,
  context: SignInContext,
  tx: Executor = deps.db,
): Promise<{ token: string; user: SessionUser; sessionId: string }> {
  const session = await createSessionStore(deps.db).start(user.id, context, tx);
  const token = await deps.tokens.sign({
    uid: user.id,
    role: user.role,
    tokenVersion: user.tokenVersion,
    sessionId: session.id,
  });
  return { token, user: toSessionUser(user), sessionId: session.id };
}
