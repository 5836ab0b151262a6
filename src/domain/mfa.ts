import { VERIFICATION_CODE_MINUTES } from "./auth";
import { z } from "./zod";

/**
 * The second sign-in step: an authenticator app (TOTP, 6 digits every 30 seconds), passkeys
 * (WebAuthn), and ten single-use recovery codes for when neither is at hand. Staff turn them on
 * at /account/security; with one on, the password alone no longer signs in.
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** The second step must follow the password within this time, in at most this many tries. */
export const MFA_TOKEN_MINUTES = 5;
export const MFA_MAX_TRIES = 5;
/** A passkey ceremony (the browser's prompt) must end within this time. */
export const PASSKEY_CHALLENGE_MINUTES = 5;
export const PASSKEY_NAME_MAX = 60;
/** Passkeys one account may have (a new one is refused beyond): the security page lists them all. */
export const PASSKEYS_MAX = 20;
/** Administrators the Staff list shows, the oldest first (an agency has a handful). */
export const STAFF_LIST_MAX = 100;

export const mfaMessages = {
  passwordIncorrect: "That password is not correct.",
  passwordRequired: "Enter your current password.",
  totpCodeFormat: "Enter the 6-digit code from your authenticator app.",
  totpCodeWrong: "That code is not correct. Check the time on your phone and try again.",
  totpNotStarted: "Start the authenticator set-up again: it was not started, or was replaced.",
  totpAlreadyOn: "An authenticator app is already turned on for this account.",
  totpNotOn: "No authenticator app is turned on for this account.",
  secondStepFormat: "Enter the 6-digit code from your authenticator app, or a recovery code.",
  secondStepWrong: "That code is not correct.",
  secondStepExpired: "The sign-in step has expired. Please sign in again.",
  passkeyNameRequired: "Give the passkey a name, for example the device it is on.",
  passkeyNameLength: `A passkey's name has at most ${PASSKEY_NAME_MAX} characters.`,
  passkeyLimit: `An account has at most ${PASSKEYS_MAX} passkeys: remove one to add another.`,
  passkeyFailed: "The passkey could not be checked. Please try again.",
  passkeyNotFound: "That passkey is not registered here.",
  enrollmentRequired:
    "Add a second sign-in step (an authenticator app or a passkey) before using the back office.",
  emailNotVerified: "Verify your e-mail address before adding a second sign-in step.",
  emailCodeRequired:
    "Enter the code we e-mail you: the office asks for it before an account's first second sign-in step.",
  emailCodeFormat: "Enter the 6-digit code from the e-mail.",
  emailCodeSent: `We sent a code to your e-mail address. It works for ${VERIFICATION_CODE_MINUTES} minutes.`,
  emailCodeNotNeeded: "No e-mailed code is needed to add this second sign-in step.",
  totpEnabled: "The authenticator app is on. Keep your recovery codes somewhere safe.",
  totpDisabled: "The authenticator app is off.",
  passkeyAdded: "The passkey is added.",
  passkeyRemoved: "The passkey is removed.",
  codesRegenerated: "New recovery codes are ready. The old ones no longer work.",
  factorReset: "The second sign-in step of that account is reset.",
} as const;

/** What the second step accepts: the app's code, a recovery code, or a passkey. */
export const secondStepMethods = ["totp", "recovery_code", "passkey"] as const;
export type SecondStepMethod = (typeof secondStepMethods)[number];

/** The current password, asked again before a change to the account's sign-in. */
export const passwordCheckSchema = z.object({
  password: z.string().min(1, mfaMessages.passwordRequired).max(200, "Password is too long."),
});

/**
 * The current password, and, before an administrator's first second step when the office
 * requires one (MFA_REQUIRED), the 6-digit code e-mailed to the account's address: a password
 * alone, perhaps stolen, must not be enough to put someone else's authenticator on the account.
 */
export const enrolmentCheckSchema = passwordCheckSchema.extend({
  emailCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, mfaMessages.emailCodeFormat)
    .optional(),
});
export type EnrolmentCheck = z.infer<typeof enrolmentCheckSchema>;

export const totpCodeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), mfaMessages.totpCodeFormat);

export const totpConfirmSchema = z.object({ code: totpCodeSchema });

/**
 * A recovery code: ten letters and digits, shown as two groups of five ("k7m2p-x9q4r");
 * typed with or without the dash, in either case.
 */
export const RECOVERY_CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
export function normalizeRecoveryCode(text: string): string {
  return text.trim().toLowerCase().replace(/[\s-]/g, "");
}
export const isRecoveryCodeShape = (text: string) =>
  new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{10}$`).test(normalizeRecoveryCode(text));

export const secondStepCodeSchema = z
  .string()
  .trim()
  .max(40, mfaMessages.secondStepFormat)
  .refine(
    (text) => /^\d{6}$/.test(text) || isRecoveryCodeShape(text),
    mfaMessages.secondStepFormat,
  );

export const mfaVerifySchema = z.object({
  mfaToken: z.string().min(1).max(200),
  code: secondStepCodeSchema,
});

export const passkeyNameSchema = z
  .string()
  .trim()
  .min(1, mfaMessages.passkeyNameRequired)
  .max(PASSKEY_NAME_MAX, mfaMessages.passkeyNameLength);

/** The browser's answer to a passkey prompt, as @simplewebauthn/browser returns it. */
const credentialJsonSchema = z
  .object({
    id: z.string().max(1024),
    rawId: z.string().max(1024),
    type: z.literal("public-key"),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()).optional(),
    authenticatorAttachment: z.string().max(40).optional(),
  })
  .loose();

export const passkeyRegisterSchema = z.object({
  challengeId: z.string().max(64),
  name: passkeyNameSchema,
  credential: credentialJsonSchema,
});

export const passkeyOptionsSchema = z.object({
  /** The first step's token when the passkey is the second step; without it, the only step. */
  mfaToken: z.string().min(1).max(200).optional(),
});

export const passkeySignInSchema = z.object({
  challengeId: z.string().max(64),
  credential: credentialJsonSchema,
  mfaToken: z.string().min(1).max(200).optional(),
});

/** The answer to a correct password when the account has a second step. */
export const mfaChallengeSchema = z.object({
  mfaRequired: z.literal(true),
  mfaToken: z.string(),
  methods: z.array(z.enum(secondStepMethods)),
});
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** The account's second step as the security page shows it. */
export const mfaStatusSchema = z.object({
  totp: z.object({ enabled: z.boolean(), enabledAt: z.iso.datetime().nullable() }),
  passkeys: z.array(passkeySchema).max(PASSKEYS_MAX),
  recoveryCodesLeft: z.number().int(),
  /** MFA_REQUIRED: administrators must have a second step before using the back office. */
  required: z.boolean(),
  /** Required and none on yet: the first one asks a code e-mailed to the account as well. */
  emailCodeNeeded: z.boolean(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** Passkey options: a ceremony's id and the options to hand to the browser, as they are. */
export const passkeyCeremonySchema = z.object({
  challengeId: z.string(),
  options: z.record(z.string(), z.unknown()),
});

/** An administrator as the Staff list shows them. */
export const staffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  emailVerified: z.boolean(),
  secondStep: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
