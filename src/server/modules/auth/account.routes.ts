import type { FastifyPluginAsync } from "fastify";
import { authApi } from "#domain/api/auth";
import { accountMessages } from "#domain/auth";
import { audit } from "#server/audit/audit-log";
import type { Db } from "#server/db/client";
import { route } from "#server/http/route";
import type { MailQueue } from "#server/mail/mail-queue";
import type { LinkTokens, SessionTokens } from "./auth.tokens";
import type { CodeHasher } from "./code-hash";
import type { DeviceCookies } from "./device-cookie";
import {
  RESET_REQUEST_TASK,
  type ResetRequest,
  requestPasswordReset,
  resetPassword,
  sendResetLink,
} from "./password-reset.service";
import { createResetRequestLimit } from "./reset-request-limit";
import { signInContext } from "./sessions";
import {
  sendVerification,
  type VerifyLinkClaims,
  verifyCode,
  verifyLink,
} from "./verification.service";

type Deps = {
  db: Db;
  mailQueue: MailQueue;
  tokens: SessionTokens;
  verifyLinks: LinkTokens<VerifyLinkClaims>;
  hasher: CodeHasher;
  deviceCookies: DeviceCookies;
  publicUrl: string;
  attemptsPerMinute: number;
};

/** E-mail verification and password reset: public, limited per address. */
export const accountRoutes =
  (deps: Deps): FastifyPluginAsync =>
  async (app) => {
    const limited = { rateLimit: deps.attemptsPerMinute };
    // Reset requests are queued and turned into e-mails by the mail queue's worker.
    const queueRequest = await deps.mailQueue.task<ResetRequest>(
      RESET_REQUEST_TASK,
      (request, tx) => sendResetLink(deps, request, tx),
    );
    const withinAddressLimit = createResetRequestLimit(app);

    route(
      app,
      authApi.sendVerification,
      async (request) => {
        await sendVerification(deps, request.body);
        return { success: true as const, message: accountMessages.codeSent };
      },
      limited,
    );

    route(
      app,
      authApi.verifyCode,
      async (request, reply) => {
        const device = deps.deviceCookies.idFor(request);
        const session = await verifyCode(deps, request.body, signInContext(request, device.id));
        if (device.isNew) deps.deviceCookies.issue(reply, device.id);
        request.log.info({ uid: session.user.uid }, "e-mail verified with a code");
        const actor = { id: session.user.uid, email: session.user.email };
        await audit(request, {
          action: "email.verified",
          actor,
          targetType: "user",
          targetId: actor.id,
        });
        await audit(request, {
          action: "sign_in.succeeded",
          actor,
          targetType: "session",
          targetId: session.sessionId,
          detail: { knownBrowser: !device.isNew, by: "verification code" },
        });
        const { sessionId: _sessionId, ...answer } = session;
        return answer;
      },
      limited,
    );

    // The link in the e-mail: it lands on the login page with the outcome's banner either way.
    route(
      app,
      authApi.verifyEmailLink,
      async (request, reply) => {
        try {
          const outcome = request.query.token
            ? await verifyLink(deps, request.query.token)
            : "failed";
          return reply.redirect(
            outcome === "verified" ? "/login?verified=true" : "/login?error=verification_failed",
          );
        } catch (error) {
          request.log.error({ err: error }, "verification link failed");
          return reply.redirect("/login?error=server_error");
        }
      },
      limited,
    );

    route(
      app,
      authApi.requestPasswordReset,
      async (request) => {
        // Over its address's limit a request gets the same answer, and nothing is queued.
        if (await withinAddressLimit(request)) {
          await requestPasswordReset({ queueRequest }, request.body);
        } else {
          request.log.warn({ ip: request.ip }, "password reset over the per-address limit");
        }
        return { success: true as const, message: accountMessages.resetSent };
      },
      limited,
    );

    route(
      app,
      authApi.resetPassword,
      async (request) => {
        const user = await resetPassword(deps, request.body);
        request.log.info({ uid: user.id }, "password reset");
        await audit(request, {
          action: "password.reset",
          actor: user,
          targetType: "user",
          targetId: user.id,
        });
        return { success: true as const, message: accountMessages.resetDone };
      },
      limited,
    );
  };
