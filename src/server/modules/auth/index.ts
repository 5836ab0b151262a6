/**
 * What the rest of the server may use of this module; everything else in the folder is its own.
 *
 * Auth signs people in and keeps their sessions: the password, the device cookie and the
 * throttle, the guards, the end of every sign-in (createSignIn), e-mail verification and the
 * password reset. It builds on users and never imports mfa: mfa builds on auth, and what sign-in
 * asks of the second step is the SecondStepGate that mfa implements, handed in where the app is
 * wired (dependencies.ts, modules.ts).
 */

export { accountRoutes } from "./account.routes";
export { emailNotVerified } from "./auth.errors";
export { createGuards, type Guards } from "./auth.guard";
export { authRoutes } from "./auth.routes";
export { loadJwtSecret } from "./auth.secret";
export { createLinkTokens, createSessionTokens } from "./auth.tokens";
export { createCodeHasher } from "./code-hash";
export { createDeviceCookies, type DeviceCookies } from "./device-cookie";
export { createEmailProof, type EmailProof } from "./email-proof.service";
export {
  ACCOUNT_RULE,
  type Bucket,
  createLoginThrottle,
  createRedisLoginThrottle,
  type LoginThrottle,
} from "./login-throttle";
export { officeTime, whereFrom } from "./new-sign-in.email";
export type { SecondStepGate } from "./second-step-gate";
export { createSessionStore } from "./sessions.repository";
export { type CompleteSignIn, createSignIn } from "./sign-in";
export { type SignInAttempt, type SignInContext, signInAttempt } from "./sign-in-attempt";
