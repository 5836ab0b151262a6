import {
  loginSchema,
  requestResetSchema,
  resetPasswordSchema,
  SESSIONS_LISTED_MAX,
  sendVerificationSchema,
  sessionUserSchema,
  verifyCodeSchema,
} from "#domain/auth";
import { mfaChallengeSchema } from "#domain/mfa";
import { z } from "#domain/zod";
import { apiErrorSchema, defineApi, doneSchema, idParams } from "./contract";
import { raw } from "./wire";

export const sessionSchema = z.object({ token: z.string(), user: sessionUserSchema });

/**
 * What a correct password answers: the session, as before, for an account without a second
 * step (`mfaEnrollmentRequired` when the office requires one and the administrator has none:
 * the session can only add one); the second step's challenge, and no session, for one with it.
 */
export const signInAnswerSchema = z.union([
  sessionSchema.extend({ mfaEnrollmentRequired: z.literal(true).optional() }),
  mfaChallengeSchema,
]);

/** One live session of the signed-in user, as the security page lists it. */
export const activeSessionSchema = z.object({
  id: z.string(),
  /** The session of the request that asked. */
  current: z.boolean(),
  /** Read from the browser's user agent: "Chrome", "Firefox", ... or UNKNOWN_BROWSER. */
  browser: z.string(),
  /** Likewise: "Windows", "Mac", "iPhone", "Android", ... or UNKNOWN_DEVICE (#domain/auth). */
  device: z.string(),
  ipAddress: z.string().nullable(),
  signedInAt: z.iso.datetime(),
  lastActiveAt: z.iso.datetime(),
});

/**
 * Sign-in, the session check, e-mail verification and password reset. Public calls are limited
 * per address; registration is disabled by design (accounts are made by the office).
 */
export const authApi = defineApi("auth", {
  login: {
    method: "POST",
    path: "/api/auth/login",
    summary:
      "Signs staff in with e-mail and password; an unknown e-mail, a wrong password and an ended tenancy answer alike. An account with a second step gets its challenge instead of a session. A tenant's password is refused (403 admins_only): tenants sign in by the portal's e-mailed link",
    guard: "public",
    body: loginSchema,
    invalidates: [],
    responses: { 200: signInAnswerSchema, 401: apiErrorSchema, 403: apiErrorSchema },
  },
  logout: {
    method: "POST",
    path: "/api/auth/logout",
    summary: "Signs out: ends the session of the token sent, on the server",
    guard: "session",
    audit: "sign_out",
    invalidates: [],
    responses: { 200: doneSchema },
  },
  listSessions: {
    method: "GET",
    path: "/api/auth/sessions",
    summary: "The signed-in user's live sessions, the most recently active first",
    guard: "user",
    reads: "sessions",
    responses: {
      200: z.object({ sessions: z.array(activeSessionSchema).max(SESSIONS_LISTED_MAX) }),
    },
  },
  endSession: {
    method: "DELETE",
    path: "/api/auth/sessions/:id",
    summary:
      "Ends one of the signed-in user's sessions: its token is refused from its next request",
    guard: "user",
    audit: "session.ended",
    params: idParams,
    invalidates: ["sessions"],
    responses: { 200: doneSchema, 404: apiErrorSchema },
  },
  endOtherSessions: {
    method: "DELETE",
    path: "/api/auth/sessions",
    summary: "Signs out everywhere else: ends every session of the user but the current one",
    guard: "user",
    audit: "session.ended_others",
    invalidates: ["sessions"],
    responses: { 200: doneSchema.extend({ ended: z.number().int() }) },
  },
  register: {
    method: "POST",
    path: "/api/auth/register",
    summary: "Always refused: accounts are made by the office",
    guard: "public",
    invalidates: [],
    responses: { 403: apiErrorSchema },
  },
  me: {
    method: "GET",
    path: "/api/auth/me",
    summary: "The signed-in user (the session check at start)",
    guard: "session",
    responses: { 200: z.object({ user: sessionUserSchema }) },
  },
  sendVerification: {
    method: "POST",
    path: "/api/auth/send-verification",
    summary: "E-mails a fresh 6-digit code and a verification link",
    guard: "public",
    body: sendVerificationSchema,
    invalidates: [],
    responses: { 200: doneSchema },
  },
  verifyCode: {
    method: "POST",
    path: "/api/auth/verify-code",
    summary: "Verifies the e-mail address with the code; answers a fresh session",
    guard: "public",
    body: verifyCodeSchema,
    invalidates: [],
    responses: { 200: sessionSchema },
  },
  verifyEmailLink: {
    method: "GET",
    path: "/api/auth/verify-email",
    summary: "The e-mailed link: redirects to the login page with the outcome in its query",
    guard: "public",
    query: z.object({ token: z.string().max(2000).optional() }),
    responses: {
      302: raw(
        "",
        "Redirect to /login?verified=true, ?error=verification_failed or ?error=server_error.",
      ),
    },
  },
  requestPasswordReset: {
    method: "POST",
    path: "/api/auth/request-password-reset",
    summary:
      "E-mails a reset link, valid one hour, if the address is a staff account (tenants sign in by link and have no password), at most 3 an hour per address; every address gets the same answer after the same work",
    guard: "public",
    body: requestResetSchema,
    invalidates: [],
    responses: { 200: doneSchema },
  },
  resetPassword: {
    method: "POST",
    path: "/api/auth/reset-password",
    summary: "Sets a new password with the code from the link; ends older sessions",
    guard: "public",
    body: resetPasswordSchema,
    invalidates: [],
    responses: { 200: doneSchema },
  },
});
