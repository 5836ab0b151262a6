import type { UserRole } from "./users";
import { z } from "./zod";

/** Sign-in (PRODUCT-SPEC.md sections 3, 5, 8). */
export const authMessages = {
  invalidEmail: "Please enter a valid email address",
  passwordRequired: "Password is required",
  loginFailed: "Login failed",
  invalidCredentials: "Invalid email or password.",
  adminsOnly: "This is a property showcase site. Only administrators can log in.",
  registrationUnavailable:
    "Registration is not available. Accounts are created by our office; please contact us if you need one.",
  signInRequired: "Please sign in to continue.",
  sessionEnded: "Your session has ended. Please sign in again.",
  adminOnly: "Only administrators can do that.",
} as const;

export const loginSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254, authMessages.invalidEmail)
    .pipe(z.email({ error: authMessages.invalidEmail })),
  password: z.string().min(1, authMessages.passwordRequired).max(200, "Password is too long."),
});
export type LoginInput = z.input<typeof loginSchema>;

/** The user as the session knows it: what the header shows and the guards check. */
export const sessionUserSchema = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  role: z.enum(["admin", "tenant"]),
  emailVerified: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema> & { role: UserRole };

export const SESSION_HOURS = 24;
