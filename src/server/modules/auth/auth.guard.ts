import type { FastifyRequest } from "fastify";
import type { SessionUser } from "#domain/auth";
import type { Db } from "#server/db/client";
import { hasAccess } from "#server/modules/users";
import {
  adminOnly,
  emailNotVerified,
  enrollmentRequired,
  sessionEnded,
  signInRequired,
  tenantsOnly,
} from "./auth.errors";
import { toSessionUser } from "./auth.service";
import type { SessionTokens } from "./auth.tokens";
import type { SecondStepGate } from "./second-step-gate";
import { createSessionStore, LAST_ACTIVE_STEP_MS } from "./sessions.repository";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, set by the guards. */
    user?: SessionUser;
    /** The id of the session the request's token names, set by the guards. */
    sessionId?: string;
  }
}

export type Guards = {
  /**
   * Any valid session, even one whose administrator must first add a second step: the session
   * check, signing out, adding the step. Nothing of the office's.
   */
  session: (request: FastifyRequest) => Promise<void>;
  /**
   * Any signed-in user with full access: under MFA_REQUIRED an administrator without a second
   * step gets the 403 of the admin routes (their notifications are the office's news).
   */
  user: (request: FastifyRequest) => Promise<void>;
  /**
   * An administrator whose e-mail address is verified, and who has a second sign-in step when
   * the office requires one (MFA_REQUIRED): 401 without a valid session, 403 for anyone else
   * (an unverified administrator may still verify: those calls are public; one without a
   * second step may still add one: those calls need only a session).
   */
  admin: (request: FastifyRequest) => Promise<void>;
  /** A tenant: 401 without a valid session, 403 for anyone else (staff have the back office). */
  tenant: (request: FastifyRequest) => Promise<void>;
};

/**
 * The checks that every protected route runs before reading its body. A token is valid only if
 * it verifies (with an expiry), its session row is live (not signed out, not ended from another
 * browser), its user still exists and still has access (a tenancy not ended), and its token
 * version matches (a reset ends old sessions).
 * One query per request, the one that used to load the user.
 */
export function createGuards(deps: {
  db: Db;
  tokens: SessionTokens;
  /** MFA_REQUIRED: an administrator without a second step may only add one. */
  mfaRequired: boolean;
  secondStep: SecondStepGate;
}): Guards {
  const sessions = createSessionStore(deps.db);

  async function authenticate(request: FastifyRequest): Promise<SessionUser> {
    const header = request.headers.authorization ?? "";
    const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header);
    if (!match) throw signInRequired();
    const claims = await deps.tokens.verify(match[1]!);
    const found = claims ? await sessions.find(claims.sessionId) : null;
    if (
      !claims ||
      !found ||
      found.user.id !== claims.uid ||
      found.user.tokenVersion !== claims.tokenVersion
    ) {
      // A token that does not verify, or a session that was ended: worth a line.
      request.log.warn(
        { uid: claims?.uid, route: request.routeOptions.url },
        "refused: session not valid",
      );
      throw sessionEnded();
    }
    if (!hasAccess(found.user)) {
      // A tenancy ended while this session lived (ending one ends its sessions too).
      request.log.warn(
        { uid: claims.uid, route: request.routeOptions.url },
        "refused: access ended",
      );
      throw sessionEnded();
    }
    request.sessionId = found.session.id;
    if (Date.now() - found.session.lastActiveAt.getTime() >= LAST_ACTIVE_STEP_MS) {
      // Not awaited: the request does not wait for a bookkeeping write.
      sessions
        .touch(found.session.id)
        .catch((error) => request.log.warn({ err: error }, "last-active not updated"));
    }
    return toSessionUser(found.user);
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

  const administrator = withRole("admin", adminOnly, "administrators");

  /** Under MFA_REQUIRED, an administrator's session counts only once they have a second step. */
  async function secondStepAdded(request: FastifyRequest) {
    const user = request.user!;
    if (user.role !== "admin" || !deps.mfaRequired) return;
    if (await deps.secondStep.isOn(user.uid)) return;
    request.log.warn(
      { uid: user.uid, route: request.routeOptions.url },
      "refused: no second sign-in step",
    );
    throw enrollmentRequired();
  }

  return {
    async session(request) {
      request.user = await authenticate(request);
    },
    async user(request) {
      request.user = await authenticate(request);
      await secondStepAdded(request);
    },
    async admin(request) {
      await administrator(request);
      if (!request.user!.emailVerified) {
        request.log.warn({ uid: request.user!.uid }, "refused: e-mail address not verified");
        throw emailNotVerified();
      }
      await secondStepAdded(request);
    },
    tenant: withRole("tenant", tenantsOnly, "tenants"),
  };
}
