import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Registry } from "prom-client";
import { metricsApi } from "#domain/api/metrics";
import { unauthorized } from "#server/http/errors";
import { route } from "#server/http/route";

/**
 * Scrapes allowed per minute from one client address, counted for this route alone. Not the
 * global limit: behind a proxy without TRUST_PROXY every client shares one address, and the
 * site's traffic would use up the scraper's allowance just when the figures matter. A scraper
 * asks every 15 s or so (4 a minute); the limit only slows down someone guessing the token.
 */
export const SCRAPES_PER_MINUTE = 60;

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * GET /metrics, registered only when METRICS_TOKEN is set. Its contract's guard is `public`:
 * the caller is Prometheus, not a signed-in user, and proves it with the token as a bearer
 * credential, compared in constant time (both sides hashed to the same length first). Anything
 * else is a 401 in the API's error format. Never cached; compressed like any text answer when
 * the scraper accepts it (Prometheus sends Accept-Encoding: gzip).
 */
export function metricsRoutes(
  app: FastifyInstance,
  deps: { registry: Registry; token: string },
): void {
  const expected = digest(deps.token);
  const bearerMatches = (header: string | undefined) => {
    const presented = /^Bearer +(\S+) *$/i.exec(header ?? "")?.[1] ?? "";
    return timingSafeEqual(digest(presented), expected);
  };

  route(
    app,
    metricsApi.scrape,
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      if (!bearerMatches(request.headers.authorization)) {
        reply.header("www-authenticate", 'Bearer realm="metrics"');
        throw unauthorized("The metrics need Authorization: Bearer <METRICS_TOKEN>.");
      }
      const body = await deps.registry.metrics();
      return reply.type(deps.registry.contentType).send(body);
    },
    { rateLimit: SCRAPES_PER_MINUTE, appWideLimit: false },
  );
}
