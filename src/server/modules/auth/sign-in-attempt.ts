import type { FastifyRequest } from "fastify";
import { type AuditEntry, audit } from "#server/audit/audit-log";

/** Where a sign-in comes from: the address, the browser, and the browser's device cookie. */
export type SignInContext = {
  ipAddress: string;
  userAgent: string | null;
  deviceId: string | null;
};

/**
 * One sign-in request as the services see it, without its HTTP: where it comes from, its log
 * (the request's, so each line carries the request id) and its audit events. The routes make it
 * from the request (signInAttempt); the services record what they decide through it.
 */
export type SignInAttempt = {
  context: SignInContext;
  log: {
    info(details: object, message: string): void;
    warn(details: object, message: string): void;
  };
  audit(entry: AuditEntry): Promise<void>;
  /** A refused step of a sign-in: who it was for, which step; delayed (429) or failed. */
  refused(
    who: { id: string | null; email: string | null },
    detail: Record<string, unknown>,
    delayed?: boolean,
  ): Promise<void>;
};

const USER_AGENT_MAX = 512;

export function signInContext(request: FastifyRequest, deviceId: string | null): SignInContext {
  const agent = request.headers["user-agent"]?.slice(0, USER_AGENT_MAX).trim();
  return { ipAddress: request.ip, userAgent: agent || null, deviceId };
}

/** The attempt of this request, from the browser with that device id (null: none known). */
export function signInAttempt(request: FastifyRequest, deviceId: string | null): SignInAttempt {
  const record = (entry: AuditEntry) => audit(request, entry);
  return {
    context: signInContext(request, deviceId),
    log: request.log,
    audit: record,
    refused: (who, detail, delayed = false) =>
      record({
        action: delayed ? "sign_in.delayed" : "sign_in.failed",
        actor: { id: who.id, email: who.email },
        targetType: "session",
        detail,
      }),
  };
}
