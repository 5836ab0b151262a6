/**
 * What the rest of the server may use of this module; everything else in the folder is its own.
 * Users are the accounts and their passwords. It imports no other module (its repository only
 * ends the session rows of auth's table when a password changes); auth signs users in and mfa
 * adds their second step, both on top of it.
 */

export { hasAccess } from "./users.access";
export { hashPassword, verifyPassword } from "./users.password";
export { createUsersRepository, type UserRow } from "./users.repository";
export {
  deleteUsers,
  formerTenantsBefore,
  purgeUnusedStaffBefore,
} from "./users.retention.repository";
export { addUser, ensureAdministrator, listUsers, setUserPassword } from "./users.service";
