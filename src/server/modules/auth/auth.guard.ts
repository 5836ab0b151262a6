import type { FastifyRequest } from "fastify";
import type { SessionUser } from "#domain/auth";
import type { Db } from "#server/db/client";
import { createUsersRepository, type UserRow } from "../users/users.repository";
import { adminOnly, sessionEnded, signInRequired, tenantsOnly } from "./auth.errors";
import type { SessionTokens } from "./auth.tokens";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, set by the `user` and `admin` guards. */
    user?: SessionUser;
  }
}

export function toSessionUser(user: UserRow): SessionUser {
  return {
    uid: user.id,
    email: user.email,
    displayName: user.displayName,
    role: user.role,
    emailVerified: user.emailVerified,
  };
}

export type Guards = {
  /** Any signed-in user. */
  user: (request: FastifyRequest) => Promise<void>;
  /** An administrator: 401 without a valid session, 403 for anyone else. */
  admin: (request: FastifyRequest) => Promise<void>;
  /** A tenant: 401 without a valid session, 403 for anyone else (staff have the back office). */
  tenant: (request: FastifyRequest) => Promise<void>;
};

/**
 * The checks that every protected route runs before reading its body. A token is valid only if
 * it verifies, its user still exists, and its token version matches (a reset ends old sessions).
 */
export function createGuards(deps: { db: Db; tokens: SessionTokens }): Guards {
  const users = createUsersRepository(deps.db);

  async function authenticate(request: FastifyRequest): Promise<SessionUser> {
    const header = request.headers.authorization ?? "";
    const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header);
    if (!match) throw signInRequired();
    const claims = await deps.tokens.verify(match[1]!);
    const user = claims ? await users.findById(claims.uid) : null;
    if (!claims || !user || user.tokenVersion !== claims.tokenVersion) {
      // A token that does not verify, or a session ended by a password reset: worth a line.
      request.log.warn(
        { uid: claims?.uid, route: request.routeOptions.url },
        "refused: session not valid",
      );
      throw sessionEnded();
    }
    return toSessionUser(user);
  }

  const withRole =
    (role: SessionUser["role"], refusal: () => Error, who: string) =>
    async (request: FastifyRequest) => {
      const user = await authenticate(request);
      if (user.role !== role) {
        request.log.warn(
          { uid: user.uid, route: request.routeOptions.url },
          `refused: ${who} only`,
        );
        throw refusal();
      }
      request.user = user;
    };

  return {
    async user(request) {
      request.user = await authenticate(request);
    },
    admin: withRole("admin", adminOnly, "administrators"),
    tenant: withRole("tenant", tenantsOnly, "tenants"),
  };
}
