import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authMessages, loginSchema, sessionUserSchema } from "#domain/auth";
import type { Db } from "#server/db/client";
import { AppError } from "#server/http/errors";
import type { Guards } from "./auth.guard";
import { login } from "./auth.service";
import type { SessionTokens } from "./auth.tokens";
import type { LoginThrottle } from "./login-throttle";

const sessionResponse = z.object({ token: z.string(), user: sessionUserSchema });

type Deps = {
  db: Db;
  tokens: SessionTokens;
  throttle: LoginThrottle;
  guards: Guards;
  attemptsPerMinute: number;
};

/** PRODUCT-SPEC.md section 7 (authentication) and DESIGN.md section 4. */
export const authRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // Guessing passwords from one address is slowed here; across addresses, per account (throttle).
    const limited = { rateLimit: { max: deps.attemptsPerMinute, timeWindow: "1 minute" } };

    app.post(
      "/api/auth/login",
      { config: limited, schema: { body: loginSchema, response: { 200: sessionResponse } } },
      async (request) => {
        try {
          const session = await login(deps, request.body);
          request.log.info({ uid: session.user.uid, role: session.user.role }, "sign-in succeeded");
          return session;
        } catch (error) {
          request.log.warn(
            { account: request.body.email, reason: (error as Error).message },
            "sign-in refused",
          );
          throw error;
        }
      },
    );

    // Public: registration is disabled by design; accounts are made by the office (npm run users).
    app.post("/api/auth/register", async () => {
      throw new AppError(403, "registration_disabled", authMessages.registrationUnavailable);
    });

    app.get(
      "/api/auth/me",
      {
        onRequest: deps.guards.user,
        schema: { response: { 200: z.object({ user: sessionUserSchema }) } },
      },
      async (request) => ({ user: request.user! }),
    );
  };
