import { PASSWORD_MIN_LENGTH, VERIFICATION_CODE_LENGTH } from "./constants";
import type { Locale } from "./locale";
import { messages } from "./messages";
import type { UserRole } from "./roles";
import { z } from "./zod";

/** Sign-in: the login form's checks and the messages of sign-in and the guards. */
/** Live sessions the security page lists, the most recently active first. */
export const SESSIONS_LISTED_MAX = 50;

export const authMessages = {
  invalidEmail: "Please enter a valid email address",
  passwordRequired: "Password is required",
  loginFailed: "Login failed",
  invalidCredentials: "Invalid email or password.",
  adminsOnly: "This is a property showcase site. Only administrators can log in.",
  registrationUnavailable:
    "Registration is not available. Accounts are created by our office; please contact us if you need one.",
  signInRequired: messages.server.signInRequired,
  sessionEnded: "Your session has ended. Please sign in again.",
  adminOnly: "Only administrators can do that.",
  tenantsOnly: "Only tenants can do that here.",
  emailNotVerified: "Please verify your e-mail address first.",
  signedOut: "You have been signed out.",
  sessionNotFound: "That session has already ended.",
  otherSessionsEnded: "Every other session has been signed out.",
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

/** E-mail verification (a 6-digit code) and password reset: their checks and messages. */
export const accountMessages = {
  codeFormat: "Please enter a valid 6-digit verification code",
  codeInvalid: "Invalid verification code. Please try again or request a new code.",
  codeExhausted: "Too many wrong codes. Please request a new code.",
  codeSent: "We have sent a new verification code to your e-mail address.",
  sendVerificationFailed: "Failed to send verification email. Please try again later.",
  passwordLength: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  passwordRules: "Password must contain an uppercase letter, a lowercase letter, and a number",
  passwordsDiffer: "Passwords do not match. Please try again.",
  resetSent:
    "If an account exists for that e-mail address, we have sent it a link to reset the password.",
  resetLinkInvalid: "Invalid reset link. Please request a new one.",
  resetLinkExpired: "This reset link is invalid or has expired. Please request a new one.",
  resetDone: "Your password has been reset. You can sign in with your new password.",
} as const;

export const VERIFICATION_CODE_MINUTES = 15;
export const VERIFICATION_MAX_ATTEMPTS = 5;
export const RESET_LINK_MINUTES = 60;

export const verificationCodeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), accountMessages.codeFormat);

/** A new password: the rules the reset form checks on blur and the server checks again. */
export const strongPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, accountMessages.passwordLength)
  .max(200, "Password is too long.")
  .refine((p) => /[A-Z]/.test(p) && /[a-z]/.test(p) && /\d/.test(p), accountMessages.passwordRules);

export const sendVerificationSchema = z.object({ uid: z.string().min(1).max(64) });
export const verifyCodeSchema = z.object({
  email: loginSchema.shape.email,
  code: verificationCodeSchema,
});
export const requestResetSchema = z.object({ email: loginSchema.shape.email });
export const resetPasswordSchema = z.object({
  userId: z.string().min(1).max(64),
  resetCode: z.string().min(16).max(128),
  newPassword: strongPasswordSchema,
});

/** The login page's banner after the verification link's redirect (?verified=true or ?error=). */
export function verificationBanner(
  params: URLSearchParams,
): { tone: "success" | "error"; text: string } | null {
  if (params.get("verified") === "true") {
    return { tone: "success", text: "Your email has been verified. You can now sign in." };
  }
  const error = params.get("error");
  if (!error) return null;
  if (error === "verification_failed") {
    return {
      tone: "error",
      text: "Email verification failed. The link may be expired or invalid. Please try registering again or request a new verification email.",
    };
  }
  if (error === "server_error") {
    return {
      tone: "error",
      text: "A server error occurred during verification. Please try again later.",
    };
  }
  return { tone: "error", text: "An unknown error occurred during verification." };
}

/** The set-new-password form: the server's rules, plus the confirmation. */
export const newPasswordFormSchema = z
  .object({ password: strongPasswordSchema, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: accountMessages.passwordsDiffer,
    path: ["confirmPassword"],
  });

export const RESET_REDIRECT_SECONDS = 5;

/** What a session's browser and device are called when its user agent tells neither. */
export const UNKNOWN_BROWSER = "Unknown browser";
export const UNKNOWN_DEVICE = "Unknown device";

/** The unknown ones in Spanish: first in the phrase, then after "en". */
const spanishBrowsers: Record<string, string> = { [UNKNOWN_BROWSER]: "Navegador desconocido" };
const spanishDevices: Record<string, string> = { [UNKNOWN_DEVICE]: "un dispositivo desconocido" };

/**
 * A session's browser and device as a reader names them: "Chrome on Mac", "Chrome en Mac" (the
 * names are brands, the same in every language, but not the unknown ones).
 */
export function browserOnDevice(browser: string, device: string, lang: Locale = "en"): string {
  if (lang === "en") return `${browser} on ${device}`;
  return `${spanishBrowsers[browser] ?? browser} en ${spanishDevices[device] ?? device}`;
}
