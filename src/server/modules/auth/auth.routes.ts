import type { FastifyPluginAsync } from "fastify";
import { authApi } from "#domain/api/auth";
import { authMessages } from "#domain/auth";
import { audit } from "#server/audit/audit-log";
import type { Db } from "#server/db/client";
import { AppError, notFound } from "#server/http/errors";
import { route } from "#server/http/route";
import type { MailQueue } from "#server/mail/mail-queue";
import { registrationDisabled } from "./auth.errors";
import { login } from "./auth.service";
import type { SessionTokens } from "./auth.tokens";
import type { DeviceCookies } from "./device-cookie";
import type { LoginThrottle } from "./login-throttle";
import { newSignInEmail } from "./new-sign-in.email";
import { createSessionStore, signInContext } from "./sessions";
import { describeUserAgent } from "./user-agent";

type Deps = {
  db: Db;
  tokens: SessionTokens;
  throttle: LoginThrottle;
  deviceCookies: DeviceCookies;
  mailQueue: MailQueue;
  publicUrl: string;
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
    const securityUrl = `${deps.publicUrl}/account/security`;

    route(
      app,
      authApi.login,
      async (request, reply) => {
        const device = deps.deviceCookies.idFor(request);
        try {
          const context = signInContext(request, device.id);
          const { knownDevice, firstSignIn, sessionId, ...session } = await login(
            deps,
            request.body,
            context,
          );
          if (device.isNew) deps.deviceCookies.issue(reply, device.id);
          request.log.info(
            { uid: session.user.uid, role: session.user.role, knownDevice },
            "sign-in succeeded",
          );
          await audit(request, {
            action: "sign_in.succeeded",
            actor: { id: session.user.uid, email: session.user.email },
            targetType: "session",
            targetId: sessionId,
            detail: { knownBrowser: knownDevice },
          });
          if (!knownDevice && !firstSignIn) {
            await deps.mailQueue.send(
              newSignInEmail(session.user.email, context, new Date(), securityUrl),
            );
          }
          return session;
        } catch (error) {
          request.log.warn(
            { account: request.body.email, reason: (error as Error).message },
            "sign-in refused",
          );
          // A decision about the attempt (wrong password, or too many): recorded. A failure of
          // the app itself (the database away) decided nothing.
          const status = error instanceof AppError ? error.statusCode : 0;
          if (status === 401 || status === 429) {
            await audit(request, {
              action: status === 429 ? "sign_in.delayed" : "sign_in.failed",
              actor: { id: null, email: request.body.email.trim().toLowerCase() },
              targetType: "session",
            });
          }
          throw error;
        }
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
