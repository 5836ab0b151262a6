/**
 * Who an account is: staff (`admin`) or a tenant. On its own so that the account schemas
 * (users.ts) and the session's (auth.ts) both name it without importing each other.
 */
export const userRoles = ["admin", "tenant"] as const;
export type UserRole = (typeof userRoles)[number];
