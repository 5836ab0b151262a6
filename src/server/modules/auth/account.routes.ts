import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  accountMessages,
  requestResetSchema,
  resetPasswordSchema,
  sendVerificationSchema,
  sessionUserSchema,
  verifyCodeSchema,
} from "#domain/auth";
import type { Db } from "#server/db/client";
import type { Mailer } from "#server/mail/mailer";
import type { LinkTokens, SessionTokens } from "./auth.tokens";
import type { CodeHasher } from "./code-hash";
import { requestPasswordReset, resetPassword } from "./password-reset.service";
import {
  sendVerification,
  type VerifyLinkClaims,
  verifyCode,
  verifyLink,
} from "./verification.service";

type Deps = {
  db: Db;
  mailer: Mailer;
  tokens: SessionTokens;
  verifyLinks: LinkTokens<VerifyLinkClaims>;
  hasher: CodeHasher;
  publicUrl: string;
  attemptsPerMinute: number;
};

const done = z.object({ success: z.literal(true), message: z.string() });

/** E-mail verification and password reset (PRODUCT-SPEC.md section 7, DESIGN.md section 4). Public. */
export const accountRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const limited = { rateLimit: { max: deps.attemptsPerMinute, timeWindow: "1 minute" } };

    app.post(
      "/api/auth/send-verification",
      { config: limited, schema: { body: sendVerificationSchema, response: { 200: done } } },
      async (request) => {
        await sendVerification(deps, request.body);
        return { success: true as const, message: accountMessages.codeSent };
      },
    );

    app.post(
      "/api/auth/verify-code",
      {
        config: limited,
        schema: {
          body: verifyCodeSchema,
          response: { 200: z.object({ user: sessionUserSchema, token: z.string() }) },
        },
      },
      async (request) => {
        const session = await verifyCode(deps, request.body);
        request.log.info({ uid: session.user.uid }, "e-mail verified with a code");
        return session;
      },
    );

    // The link in the e-mail: it lands on the login page with the spec's banner either way.
    app.get(
      "/api/auth/verify-email",
      {
        config: limited,
        schema: { querystring: z.object({ token: z.string().max(2000).optional() }) },
      },
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
    );

    app.post(
      "/api/auth/request-password-reset",
      { config: limited, schema: { body: requestResetSchema, response: { 200: done } } },
      async (request) => {
        await requestPasswordReset({ ...deps, log: request.log }, request.body);
        return { success: true as const, message: accountMessages.resetSent };
      },
    );

    app.post(
      "/api/auth/reset-password",
      { config: limited, schema: { body: resetPasswordSchema, response: { 200: done } } },
      async (request) => {
        await resetPassword({ ...deps, log: request.log }, request.body);
        request.log.info({ uid: request.body.userId }, "password reset");
        return { success: true as const, message: accountMessages.resetDone };
      },
    );
  };
