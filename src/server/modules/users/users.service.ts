import { type NewUser, newPasswordSchema, newUserSchema } from "#domain/users";
import type { Db } from "#server/db/client";
import { badRequest, isAppError, issueDetails, sqlState } from "#server/http/errors";
import { emailTaken, noSuchEmail } from "./users.errors";
import { hashPassword, verifyPassword } from "./users.password";
import { createUsersRepository, type UserRow } from "./users.repository";

type Deps = { db: Db };

export type PublicUser = Pick<
  UserRow,
  "id" | "email" | "displayName" | "role" | "emailVerified" | "createdAt"
>;

function toPublic(user: UserRow): PublicUser {
  const { id, email, displayName, role, emailVerified, createdAt } = user;
  return { id, email, displayName, role, emailVerified, createdAt };
}

function parse<T>(
  result:
    | { success: true; data: T }
    | { success: false; error: { issues: { message: string; path: PropertyKey[] }[] } },
): T {
  if (result.success) return result.data;
  const details = issueDetails(result.error.issues);
  throw badRequest(details[0]!.msg, details);
}

export async function addUser({ db }: Deps, input: NewUser): Promise<{ user: PublicUser }> {
  const values = parse(newUserSchema.safeParse(input));
  const users = createUsersRepository(db);
  if (await users.findByEmail(values.email)) {
    throw emailTaken(values.email);
  }
  const user = await users.insert({
    email: values.email,
    passwordHash: await hashPassword(values.password),
    role: values.role,
    displayName: values.displayName ?? null,
    emailVerified: values.emailVerified,
  });
  return { user: toPublic(user) };
}

export async function listUsers({ db }: Deps): Promise<{ users: PublicUser[] }> {
  const rows = await createUsersRepository(db).list();
  return { users: rows.map(toPublic) };
}

export async function setUserPassword(
  { db }: Deps,
  input: { email: string; password: string },
): Promise<{ user: PublicUser }> {
  const password = parse(newPasswordSchema.safeParse(input.password));
  const users = createUsersRepository(db);
  const user = await users.findByEmail(input.email);
  if (!user) throw noSuchEmail(input.email);
  await users.setPassword(user.id, await hashPassword(password));
  return { user: toPublic(user) };
}

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD: after every start that administrator exists, verified, with that
 * password. A changed password ends that administrator's older sessions; an unchanged one does not.
 */
export async function ensureAdministrator(
  { db }: Deps,
  input: { email: string; password: string },
): Promise<{ user: PublicUser; created: boolean }> {
  const users = createUsersRepository(db);
  const existing = await users.findByEmail(input.email);
  if (!existing) {
    try {
      const { user } = await addUser({ db }, { ...input, role: "admin", emailVerified: true });
      return { user, created: true };
    } catch (error) {
      // Several instances starting at once: another one created it first. Check it as found.
      const takenMeanwhile =
        (isAppError(error) && error.statusCode === 409) || sqlState(error) === "23505";
      if (!takenMeanwhile) throw error;
      return ensureAdministrator({ db }, input);
    }
  }
  if (!(await verifyPassword(existing.passwordHash, input.password))) {
    await users.setPassword(
      existing.id,
      await hashPassword(parse(newPasswordSchema.safeParse(input.password))),
    );
  }
  const user = await users.makeVerifiedAdmin(existing.id);
  return { user: toPublic(user), created: false };
}
