import { accountMessages, authMessages } from "#domain/auth";
import { mfaMessages } from "#domain/mfa";
import { AppError, badRequest, forbidden, unauthorized } from "#server/http/errors";

/** Sign-in and registration. */
export const invalidCredentials = () => unauthorized(authMessages.invalidCredentials);
/** A tenant's password, or a second step, on the staff sign-in: tenants sign in by link. */
export const adminsOnlySignIn = () => new AppError(403, "admins_only", authMessages.adminsOnly);
export const registrationDisabled = () =>
  new AppError(403, "registration_disabled", authMessages.registrationUnavailable);

/** The guards: no session (401), an ended one (401), the wrong role (403). */
export const signInRequired = () => unauthorized(authMessages.signInRequired);
export const sessionEnded = () => unauthorized(authMessages.sessionEnded);
export const adminOnly = () => forbidden(authMessages.adminOnly);
export const tenantsOnly = () => forbidden(authMessages.tenantsOnly);
export const emailNotVerified = () =>
  new AppError(403, "email_not_verified", authMessages.emailNotVerified);
/** An administrator who must add a second step first (MFA_REQUIRED). */
export const enrollmentRequired = () =>
  new AppError(403, "mfa_enrollment_required", mfaMessages.enrollmentRequired);

/** E-mail verification and password reset. */
export const codeInvalid = () => badRequest(accountMessages.codeInvalid);
export const codeExhausted = () => badRequest(accountMessages.codeExhausted);
export const resetLinkExpired = () => badRequest(accountMessages.resetLinkExpired);
