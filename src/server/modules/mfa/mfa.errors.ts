import { mfaMessages } from "#domain/mfa";
import { AppError, badRequest, conflict, notFound } from "#server/http/errors";

/** The password asked again before a change to how the account signs in. */
export const passwordIncorrect = () =>
  new AppError(403, "password_incorrect", mfaMessages.passwordIncorrect);

/** The authenticator app. */
export const totpCodeWrong = () =>
  new AppError(400, "totp_code_invalid", mfaMessages.totpCodeWrong);
export const totpAlreadyOn = () => conflict(mfaMessages.totpAlreadyOn);
export const totpNotStarted = () => conflict(mfaMessages.totpNotStarted);
export const totpNotOn = () => notFound(mfaMessages.totpNotOn);
export const noSecondStepYet = () =>
  conflict("Turn on an authenticator app or add a passkey first.");

/** The second step of a sign-in. */
export const secondStepCodeWrong = () =>
  new AppError(401, "mfa_code_invalid", mfaMessages.secondStepWrong);
export const secondStepExpired = () =>
  new AppError(401, "mfa_token_invalid", mfaMessages.secondStepExpired);

/** Passkeys: a ceremony that fails to add one (400), or to sign in with one (401). */
export const passkeyRejected = () => badRequest(mfaMessages.passkeyFailed);
export const passkeyFailed = () => new AppError(401, "passkey_invalid", mfaMessages.passkeyFailed);
export const passkeyNotFound = () => notFound(mfaMessages.passkeyNotFound);
export const passkeyLimitReached = () => conflict(mfaMessages.passkeyLimit);

/** The Staff list's reset of a lost factor. */
export const noSuchAdministrator = () => notFound("That administrator does not exist.");
export const ownSecondStep = () =>
  conflict("Your own second step is changed on your security page.");
