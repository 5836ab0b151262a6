import type { FastifyPluginAsync } from "fastify";
import { authApi } from "#domain/api/auth";
import type { Db } from "#server/db/client";
import { route } from "#server/http/route";
import { registrationDisabled } from "./auth.errors";
import { login } from "./auth.service";
import type { SessionTokens } from "./auth.tokens";
import type { LoginThrottle } from "./login-throttle";

type Deps = {
  db: Db;
  tokens: SessionTokens;
  throttle: LoginThrottle;
  attemptsPerMinute: number;
};

/** Sign-in, the refused registration, and the session check. */
export const authRoutes =
  (deps: Deps): FastifyPluginAsync =>
  async (app) => {
    // Guessing passwords from one address is slowed here; across addresses, per account (throttle).
    const limited = { rateLimit: deps.attemptsPerMinute };

    route(
      app,
      authApi.login,
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
      limited,
    );

    // Registration is disabled by design; accounts are made by the office (npm run users).
    route(app, authApi.register, async () => {
      throw registrationDisabled();
    });

    route(app, authApi.me, async (request) => ({ user: request.user! }));
  };
