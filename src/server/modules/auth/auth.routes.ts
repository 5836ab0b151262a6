import type { FastifyPluginAsync } from "fastify";
import { authApi } from "#domain/api/auth";
import { authMessages } from "#domain/auth";
import { audit } from "#server/audit/audit-log";
import type { Db } from "#server/db/client";
import { AppError, notFound } from "#server/http/errors";
import { route } from "#server/http/route";
import type { SecondStep } from "../mfa/second-step";
import type { UserRow } from "../users/users.repository";
import { registrationDisabled } from "./auth.errors";
import { checkPassword } from "./auth.service";
import type { SessionTokens } from "./auth.tokens";
import type { DeviceCookies } from "./device-cookie";
import type { LoginThrottle } from "./login-throttle";
import { createSessionStore, signInContext } from "./sessions";
import { auditRefusedSignIn, type CompleteSignIn } from "./sign-in";
import { describeUserAgent } from "./user-agent";

type Deps = {
  db: Db;
  tokens: SessionTokens;
  throttle: LoginThrottle;
  deviceCookies: DeviceCookies;
  secondStep: SecondStep;
  completeSignIn: CompleteSignIn;
  mfaRequired: boolean;
  attemptsPerMinute: number;
};

/** Sign-in and sign-out, the refused registration, the session check and the session list. */
export const authRoutes =
  (deps: Deps): FastifyPluginAsync =>
  async (app) => {
    // Guessing passwords from one address is slowed here; per account and per address by the
    // throttle's growing delays.
    const limited = { rateLimit: deps.attemptsPerMinute };
    const sessions = createSessionStore(deps.db);

    route(
      app,
      authApi.login,
      async (request, reply) => {
        const email = request.body.email.trim().toLowerCase();
        let user: UserRow;
        try {
          const context = signInContext(request, deps.deviceCookies.read(request));
          user = await checkPassword(deps, request.body, context);
        } catch (error) {
          request.log.warn({ account: email, reason: (error as Error).message }, "sign-in refused");
          // A decision about the attempt (wrong password, or too many): recorded. A failure of
          // the app itself (the database away) decided nothing.
          const status = error instanceof AppError ? error.statusCode : 0;
          if (status === 401 || status === 429) {
            await auditRefusedSignIn(
              request,
              { id: null, email },
              { step: "password" },
              status === 429,
            );
          }
          throw error;
        }
        if (await deps.secondStep.hasSecondStep(user.id)) {
          // The password is right; the session waits for the second step.
          const device = deps.deviceCookies.idFor(request);
          if (device.isNew) deps.deviceCookies.issue(reply, device.id);
          const mfaToken = await deps.secondStep.startChallenge(user.id);
          await audit(request, {
            action: "sign_in.second_step_asked",
            actor: { id: user.id, email: user.email },
            targetType: "session",
          });
          return {
            mfaRequired: true as const,
            mfaToken,
            methods: await deps.secondStep.methods(user.id),
          };
        }
        const session = await deps.completeSignIn(request, reply, user, "password");
        // The office requires a second step: this session can only add one.
        return deps.mfaRequired && user.role === "admin"
          ? { ...session, mfaEnrollmentRequired: true as const }
          : session;
      },
      limited,
    );

    // These three are audited by their contracts (route() records the event).
    route(app, authApi.logout, async (request) => {
      await sessions.end(request.user!.uid, request.sessionId!);
      request.log.info({ uid: request.user!.uid }, "signed out");
      request.auditEntry = { targetType: "session", targetId: request.sessionId };
      return { success: true as const, message: authMessages.signedOut };
    });

    route(app, authApi.listSessions, async (request) => {
      const rows = await sessions.listLive(request.user!.uid);
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          current: row.id === request.sessionId,
          ...describeUserAgent(row.userAgent),
          ipAddress: row.ipAddress,
          signedInAt: row.createdAt.toISOString(),
          lastActiveAt: row.lastActiveAt.toISOString(),
        })),
      };
    });

    route(app, authApi.endSession, async (request) => {
      if (!(await sessions.end(request.user!.uid, request.params.id))) {
        throw notFound(authMessages.sessionNotFound);
      }
      request.log.info({ uid: request.user!.uid, session: request.params.id }, "session ended");
      return { success: true as const, message: authMessages.signedOut };
    });

    route(app, authApi.endOtherSessions, async (request) => {
      const ended = await sessions.endAll(request.user!.uid, request.sessionId);
      request.log.info({ uid: request.user!.uid, ended }, "other sessions ended");
      request.auditEntry = { targetId: request.sessionId, detail: { ended } };
      return { success: true as const, message: authMessages.otherSessionsEnded, ended };
    });

    // Registration is disabled by design; accounts are made by the office (npm run users).
    route(app, authApi.register, async () => {
      throw registrationDisabled();
    });

    route(app, authApi.me, async (request) => ({ user: request.user! }));
  };
