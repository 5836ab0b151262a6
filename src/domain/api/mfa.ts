import {
  enrolmentCheckSchema,
  mfaStatusSchema,
  mfaVerifySchema,
  passkeyCeremonySchema,
  passkeyOptionsSchema,
  passkeyRegisterSchema,
  passkeySchema,
  passkeySignInSchema,
  passwordCheckSchema,
  recoveryCodesSchema,
  STAFF_LIST_MAX,
  staffMemberSchema,
  totpConfirmSchema,
} from "#domain/mfa";
import { z } from "#domain/zod";
import { sessionSchema } from "./auth";
import { apiErrorSchema, defineApi, doneSchema, idParams } from "./contract";

/**
 * The second sign-in step: turning an authenticator app and passkeys on and off (the current
 * password asked again first), recovery codes, the second step of a sign-in, signing in with a
 * passkey alone, and the reset of a lost factor by another administrator.
 */
export const mfaApi = defineApi("mfa", {
  status: {
    method: "GET",
    path: "/api/auth/mfa",
    summary:
      "The signed-in user's second step: authenticator app on or off, passkeys, recovery codes left, and whether the office requires one",
    guard: "session",
    reads: "mfa",
    responses: { 200: mfaStatusSchema },
  },
  enrolmentCode: {
    method: "POST",
    path: "/api/auth/mfa/enrolment-code",
    summary:
      "E-mails the signed-in administrator a 6-digit code that their first second step asks for when the office requires one (MFA_REQUIRED): proof that whoever adds it reads the account's mail. 409 when no code is needed; at most 5 an hour",
    guard: "session",
    invalidates: [],
    responses: { 202: doneSchema, 409: apiErrorSchema, 429: apiErrorSchema },
  },
  totpSetup: {
    method: "POST",
    path: "/api/auth/mfa/totp/setup",
    summary:
      "Starts turning on an authenticator app: a new secret, as text and as an otpauth:// address for the QR code; on only once confirmed with a code. The first second step under MFA_REQUIRED also needs the e-mailed code (403 email_code_required without it)",
    guard: "session",
    body: enrolmentCheckSchema,
    invalidates: [],
    responses: {
      200: z.object({ secret: z.string(), otpauthUrl: z.string() }),
      400: apiErrorSchema,
      403: apiErrorSchema,
      409: apiErrorSchema,
    },
  },
  totpConfirm: {
    method: "POST",
    path: "/api/auth/mfa/totp/confirm",
    summary:
      "Turns the authenticator app on with a code from it; answers ten new recovery codes, shown once",
    guard: "session",
    audit: "mfa.totp_enabled",
    body: totpConfirmSchema,
    invalidates: ["mfa"],
    responses: { 200: recoveryCodesSchema, 400: apiErrorSchema, 409: apiErrorSchema },
  },
  totpDisable: {
    method: "DELETE",
    path: "/api/auth/mfa/totp",
    summary: "Turns the authenticator app off",
    guard: "user",
    audit: "mfa.totp_disabled",
    body: passwordCheckSchema,
    invalidates: ["mfa"],
    responses: { 200: doneSchema, 403: apiErrorSchema, 404: apiErrorSchema },
  },
  regenerateRecoveryCodes: {
    method: "POST",
    path: "/api/auth/mfa/recovery-codes",
    summary: "Ten new recovery codes, shown once; the old ones stop working",
    guard: "user",
    audit: "mfa.recovery_codes_regenerated",
    body: passwordCheckSchema,
    invalidates: ["mfa"],
    responses: { 200: recoveryCodesSchema, 403: apiErrorSchema, 409: apiErrorSchema },
  },
  verify: {
    method: "POST",
    path: "/api/auth/mfa/verify",
    summary:
      "The second step of a sign-in: the first step's token and an authenticator or recovery code; answers the session",
    guard: "public",
    body: mfaVerifySchema,
    invalidates: [],
    responses: { 200: sessionSchema, 401: apiErrorSchema },
  },
  passkeyRegisterOptions: {
    method: "POST",
    path: "/api/auth/webauthn/register/options",
    summary:
      "Starts adding a passkey: the options for the browser's prompt. The first second step under MFA_REQUIRED also needs the e-mailed code (403 email_code_required without it)",
    guard: "session",
    body: enrolmentCheckSchema,
    invalidates: [],
    responses: { 200: passkeyCeremonySchema, 400: apiErrorSchema, 403: apiErrorSchema },
  },
  passkeyRegister: {
    method: "POST",
    path: "/api/auth/webauthn/register/verify",
    summary:
      "Adds the passkey the browser made; answers it, and ten recovery codes when it is the account's first second step",
    guard: "session",
    audit: "mfa.passkey_added",
    body: passkeyRegisterSchema,
    invalidates: ["mfa"],
    responses: {
      200: z.object({ passkey: passkeySchema, recoveryCodes: z.array(z.string()).nullable() }),
      400: apiErrorSchema,
    },
  },
  passkeyRemove: {
    method: "DELETE",
    path: "/api/auth/webauthn/credentials/:id",
    summary: "Removes one of the signed-in user's passkeys",
    guard: "user",
    audit: "mfa.passkey_removed",
    params: idParams,
    body: passwordCheckSchema,
    invalidates: ["mfa"],
    responses: { 200: doneSchema, 403: apiErrorSchema, 404: apiErrorSchema },
  },
  passkeyOptions: {
    method: "POST",
    path: "/api/auth/webauthn/options",
    summary:
      "Options for the browser's passkey prompt: as the second step (with the first step's token) or as the only step",
    guard: "public",
    body: passkeyOptionsSchema,
    invalidates: [],
    responses: { 200: passkeyCeremonySchema, 401: apiErrorSchema },
  },
  passkeySignIn: {
    method: "POST",
    path: "/api/auth/webauthn/verify",
    summary: "Signs in with the passkey the browser answered with; answers the session",
    guard: "public",
    body: passkeySignInSchema,
    invalidates: [],
    responses: { 200: sessionSchema, 401: apiErrorSchema },
  },
  staff: {
    method: "GET",
    path: "/api/admin/staff",
    summary: "The administrators, with whether each has a second sign-in step",
    guard: "admin",
    reads: "staff",
    responses: { 200: z.object({ staff: z.array(staffMemberSchema).max(STAFF_LIST_MAX) }) },
  },
  resetFactor: {
    method: "POST",
    path: "/api/admin/staff/:id/reset-second-step",
    summary:
      "Removes another administrator's authenticator app, passkeys and recovery codes (a lost factor), ends their sessions and e-mails them; asks the caller's password again",
    guard: "admin",
    audit: "mfa.reset",
    params: idParams,
    body: passwordCheckSchema,
    invalidates: ["staff"],
    responses: {
      200: doneSchema,
      403: apiErrorSchema,
      404: apiErrorSchema,
      409: apiErrorSchema,
    },
  },
});
