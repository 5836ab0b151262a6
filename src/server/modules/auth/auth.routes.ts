import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { authApi } from "#domain/api/auth";
import { authMessages } from "#domain/auth";
import type { Db } from "#server/db/client";
import { type RouteRequest, route } from "#server/http/route";
import { registrationDisabled } from "./auth.errors";
import { signInWithPassword } from "./auth.service";
import type { DeviceCookies } from "./device-cookie";
import type { LoginThrottle } from "./login-throttle";
import type { SecondStepGate } from "./second-step-gate";
import { endOtherSessions, endSession, listSessions, signOut } from "./sessions.service";
import type { CompleteSignIn } from "./sign-in";
import { signInAttempt } from "./sign-in-attempt";

type Deps = {
  db: Db;
  throttle: LoginThrottle;
  deviceCookies: DeviceCookies;
  secondStep: SecondStepGate;
  completeSignIn: CompleteSignIn;
  mfaRequired: boolean;
  attemptsPerMinute: number;
};

type Request<K extends keyof typeof authApi> = RouteRequest<(typeof authApi)[K]>;

/** Sign-in and sign-out, the refused registration, the session check and the session list. */
export const authRoutes =
  (deps: Deps): FastifyPluginAsync =>
  async (app) => {
    // Guessing passwords from one address is slowed here; per account and per address by the
    // throttle's growing delays.
    const limited = { rateLimit: deps.attemptsPerMinute };
    route(app, authApi.login, (request, reply) => login(deps, request, reply), limited);
    // These three are audited by their contracts (route() records the event).
    route(app, authApi.logout, (request) => logout(deps, request));
    route(app, authApi.listSessions, (request) => sessionsOf(deps, request));
    route(app, authApi.endSession, (request) => endOne(deps, request));
    route(app, authApi.endOtherSessions, (request) => endOthers(deps, request));
    route(app, authApi.register, register);
    route(app, authApi.me, async (request) => ({ user: request.user! }));
  };

async function login(deps: Deps, request: Request<"login">, reply: FastifyReply) {
  const attempt = signInAttempt(request, deps.deviceCookies.read(request));
  const { user, secondStep } = await signInWithPassword(deps, request.body, attempt);
  if (secondStep) {
    // The password is right; the session waits for the second step, on this browser.
    const device = deps.deviceCookies.idFor(request);
    if (device.isNew) deps.deviceCookies.issue(reply, device.id);
    return { mfaRequired: true as const, ...secondStep };
  }
  const session = await deps.completeSignIn(request, reply, user, "password");
  // The office requires a second step: this session can only add one.
  return deps.mfaRequired && user.role === "admin"
    ? { ...session, mfaEnrollmentRequired: true as const }
    : session;
}

async function logout(deps: Deps, request: Request<"logout">) {
  await signOut(deps, request.user!.uid, request.sessionId!);
  request.log.info({ uid: request.user!.uid }, "signed out");
  request.auditEntry = { targetType: "session", targetId: request.sessionId };
  return { success: true as const, message: authMessages.signedOut };
}

async function sessionsOf(deps: Deps, request: Request<"listSessions">) {
  return listSessions(deps, request.user!.uid, request.sessionId);
}

async function endOne(deps: Deps, request: Request<"endSession">) {
  await endSession(deps, request.user!.uid, request.params.id);
  request.log.info({ uid: request.user!.uid, session: request.params.id }, "session ended");
  return { success: true as const, message: authMessages.signedOut };
}

async function endOthers(deps: Deps, request: Request<"endOtherSessions">) {
  const ended = await endOtherSessions(deps, request.user!.uid, request.sessionId);
  request.log.info({ uid: request.user!.uid, ended }, "other sessions ended");
  request.auditEntry = { targetId: request.sessionId, detail: { ended } };
  return { success: true as const, message: authMessages.otherSessionsEnded, ended };
}

/** Registration is disabled by design; accounts are made by the office (npm run users). */
async function register(): Promise<never> {
  throw registrationDisabled();
}
