import { type LoginInput, loginSchema, type SessionUser } from "#domain/auth";
import type { Db, Executor } from "#server/db/client";
import { AppError, tooManyRequests } from "#server/http/errors";
import type { MailQueue } from "#server/mail/mail-queue";
import {
  createUsersRepository,
  hashPassword,
  type UserRow,
  verifyPassword,
} from "#server/modules/users";
import { invalidCredentials } from "./auth.errors";
import type { SessionTokens } from "./auth.tokens";
import { ACCOUNT_RULE, ADDRESS_RULE, type Bucket, type LoginThrottle } from "./login-throttle";
import { newSignInEmail } from "./new-sign-in.email";
import type { SecondStepGate } from "./second-step-gate";
import { createSessionStore } from "./sessions.repository";
import type { SignInAttempt, SignInContext } from "./sign-in-attempt";

type SessionDeps = { db: Db; tokens: SessionTokens };

/**
 * An unknown e-mail, or an account without a password, costs the same argon2 verification as a
 * wrong password, so the answer's timing does not tell which accounts exist.
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
  deps: { db: Db; throttle: LoginThrottle },
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

  // An account without a password (a tenant: they sign in by link) costs the decoy's check too.
  const valid = await verifyPassword(user?.passwordHash || (await timingDecoy()), password);
  if (!user?.passwordHash || !valid) throw invalidCredentials();
  await deps.throttle.settle({ forgive: [personal], refund: [address] });
  return user;
}

/**
 * The sign-in form: the password checked (a refusal that decided something, a wrong password or
 * too many tries, is audited; a failure of the app itself, the database away, decided nothing),
 * then the second step asked for when the account has one on. Without one, the caller signs in.
 */
export async function signInWithPassword(
  deps: { db: Db; throttle: LoginThrottle; secondStep: SecondStepGate },
  input: LoginInput,
  attempt: SignInAttempt,
): Promise<{ user: UserRow; secondStep: Awaited<ReturnType<SecondStepGate["challenge"]>> }> {
  const email = input.email.trim().toLowerCase();
  let user: UserRow;
  try {
    user = await checkPassword(deps, input, attempt.context);
  } catch (error) {
    attempt.log.warn({ account: email, reason: (error as Error).message }, "sign-in refused");
    const status = error instanceof AppError ? error.statusCode : 0;
    if (status === 401 || status === 429) {
      await attempt.refused({ id: null, email }, { step: "password" }, status === 429);
    }
    throw error;
  }
  const secondStep = await deps.secondStep.challenge(user.id);
  if (secondStep) {
    await attempt.audit({
      action: "sign_in.second_step_asked",
      actor: { id: user.id, email: user.email },
      targetType: "session",
    });
  }
  return { user, secondStep };
}

export function toSessionUser(user: UserRow): SessionUser {
  return {
    uid: user.id,
    email: user.email,
    displayName: user.displayName,
    role: user.role,
    emailVerified: user.emailVerified,
  };
}

/** A new session row for the user, and the token that names it. */
export async function startSession(
  deps: SessionDeps,
  user: UserRow,
  context: SignInContext,
  tx: Executor = deps.db,
): Promise<{ token: string; user: SessionUser; sessionId: string }> {
  const session = await createSessionStore(deps.db).start(user.id, context, tx);
  await createUsersRepository(deps.db).markSignedIn(user.id, tx);
  const token = await deps.tokens.sign({
    uid: user.id,
    role: user.role,
    tokenVersion: user.tokenVersion,
    sessionId: session.id,
  });
  return { token, user: toSessionUser(user), sessionId: session.id };
}

/**
 * The session of a sign-in whose steps all passed, from a browser whose device cookie is
 * `context.deviceId` (`deviceIsNew`: issued by this sign-in). The account is e-mailed when the
 * browser is new to it, except at its very first sign-in. Answers whether the browser was known.
 */
export async function openSession(
  deps: SessionDeps & { mailQueue: MailQueue; publicUrl: string },
  user: UserRow,
  context: SignInContext,
  deviceIsNew: boolean,
): Promise<{ token: string; user: SessionUser; sessionId: string; knownDevice: boolean }> {
  const sessions = createSessionStore(deps.db);
  const { deviceId } = context;
  const knownDevice =
    !deviceIsNew && deviceId !== null && (await sessions.knownDevice(user.id, deviceId));
  const firstSignIn = !knownDevice && !(await sessions.hasAny(user.id));
  const session = await startSession(deps, user, context);
  if (!knownDevice && !firstSignIn) {
    await deps.mailQueue.send(newSignInEmail(user, context, new Date(), deps.publicUrl));
  }
  return { ...session, knownDevice };
}
