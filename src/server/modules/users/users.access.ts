import type { UserRow } from "./users.repository";

/**
 * Whether an account may still act at all: staff always (a removed account has no row); a
 * tenant only until staff end their access. Every way in reads it: a session's token, a sign-in
 * by link, a download or photo link issued before; an ended tenancy ends on all of them at once.
 */
export function hasAccess(user: Pick<UserRow, "role" | "accessEndedAt">): boolean {
  return user.role === "admin" || user.accessEndedAt === null;
}
