import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { RESET_LINK_MINUTES } from "#domain/auth";

/** Reset requests one e-mail address may make per window. */
export const RESET_REQUESTS_PER_ADDRESS = 3;
/**
 * The window is a link's lifetime, so the limit also bounds the links an address has live at once
 * (RESET_REQUESTS_PER_ADDRESS, or up to twice that across a window's end: the plugin's windows are
 * fixed, not sliding).
 */
export const RESET_REQUEST_WINDOW_MS = RESET_LINK_MINUTES * 60_000;

/**
 * Reset requests per e-mail address, beside the per-IP limit of every auth route, so that nobody
 * floods a mailbox with reset e-mails sent from many IPs. Every address is counted, whether it
 * has an account or not, so the count tells nothing about accounts either. Over the limit the
 * request is answered as always and nothing is queued: the links already sent still work.
 *
 * Counted in the rate-limit plugin's store, like the per-IP limits: in Redis (shared by every
 * instance) when REDIS_URL is set, in this instance's memory otherwise; and, like them, it lets
 * requests through while Redis does not answer. A key holds a hash of the address (lower-cased,
 * as the account lookup ignores case), never the address, behind a prefix of its own so that it
 * meets no other limit's key.
 */
export function createResetRequestLimit(app: FastifyInstance) {
  const count = app.createRateLimit({
    max: RESET_REQUESTS_PER_ADDRESS,
    timeWindow: RESET_REQUEST_WINDOW_MS,
    keyGenerator: (request) => {
      const { email } = request.body as { email: string };
      return `password-reset:${createHash("sha256").update(email.toLowerCase()).digest("hex")}`;
    },
  });
  /** Counts the request's address; false once it is over the limit. */
  return async (request: FastifyRequest<{ Body: { email: string } }>): Promise<boolean> => {
    const outcome = await count(request as FastifyRequest);
    return outcome.isAllowed || !outcome.isExceeded;
  };
}
