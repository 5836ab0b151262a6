import { type LoginInput, loginSchema, type SessionUser } from "#domain/auth";
import type { Db } from "#server/db/client";
import { tooManyRequests } from "#server/http/errors";
import { hashPassword, verifyPassword } from "../users/users.password";
import { createUsersRepository } from "../users/users.repository";
import { invalidCredentials } from "./auth.errors";
import { toSessionUser } from "./auth.guard";
import type { SessionTokens } from "./auth.tokens";
import type { LoginThrottle } from "./login-throttle";

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

export async function login(
  deps: Deps,
  input: LoginInput,
): Promise<{ token: string; user: SessionUser }> {
  const { email, password } = loginSchema.parse(input);
  const account = email.toLowerCase();
  const wait = await deps.throttle.retryAfterSeconds(account);
  if (wait > 0) throw tooManyRequests(wait);

  const user = await createUsersRepository(deps.db).findByEmail(account);
  const valid = await verifyPassword(user?.passwordHash ?? (await timingDecoy()), password);
  if (!user || !valid) {
    await deps.throttle.recordFailure(account);
    throw invalidCredentials();
  }
  await deps.throttle.recordSuccess(account);
  const token = await deps.tokens.sign({
    uid: user.id,
    role: user.role,
    tokenVersion: user.tokenVersion,
  });
  return { token, user: toSessionUser(user) };
}
