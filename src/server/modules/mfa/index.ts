/**
 * What the rest of the server may use of this module; everything else in the folder is its own.
 *
 * The second sign-in step: the authenticator app, passkeys, recovery codes, the second step of a
 * sign-in and the reset of a lost factor. It builds on auth (the end of a sign-in, the throttle,
 * the device cookie, sessions) and users; auth never imports it, and asks what sign-in needs of
 * the second step through the SecondStepGate that createSecondStepGate answers.
 */

export { purgeSpentChallenges } from "./mfa.repository";
export { mfaRoutes } from "./mfa.routes";
export { resetSecondStep } from "./mfa.service";
export { purgeSpentCeremonies } from "./passkeys.repository";
export { createSecondStepGate } from "./second-step.service";
