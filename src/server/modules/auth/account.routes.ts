import type { FastifyPluginAsync } from "fastify";
import { authApi } from "#domain/api/auth";
import { accountMessages } from "#domain/auth";
import type { Db } from "#server/db/client";
import { route } from "#server/http/route";
import type { MailQueue } from "#server/mail/mail-queue";
import type { LinkTokens, SessionTokens } from "./auth.tokens";
import type { CodeHasher } from "./code-hash";
import {
  RESET_REQUEST_TASK,
  type ResetRequest,
  requestPasswordReset,
  resetPassword,
  sendResetLink,
} from "./password-reset.service";
import { createResetRequestLimit } from "./reset-request-limit";
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
      async (request) => {
        const session = await verifyCode(deps, request.body);
        request.log.info({ uid: session.user.uid }, "e-mail verified with a code");
        return session;
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
        await resetPassword(deps, request.body);
        request.log.info({ uid: request.body.userId }, "password reset");
        return { success: true as const, message: accountMessages.resetDone };
      },
      limited,
    );
  };
