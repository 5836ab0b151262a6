import type { FastifyPluginAsync } from "fastify";
import { healthApi } from "#domain/api/health";
import type { Database } from "#server/db/client";
import { route } from "#server/http/route";
import type { SharedRedis } from "#server/shared/redis";
import type { ObjectStore } from "#server/storage/storage";
import { atMostEvery, HEALTH_CHECK_INTERVAL_MS, readiness } from "./health.service";

/**
 * Liveness and readiness, for load balancers and the start-up script. Never cached by clients
 * and not rate limited (balancers probe them often), so each asks its services at most once a
 * second and answers from that result in between.
 */
export const healthRoutes =
  (deps: { database: Database; store: ObjectStore; redis?: SharedRedis }): FastifyPluginAsync =>
  async (app) => {
    const databaseUp = atMostEvery(HEALTH_CHECK_INTERVAL_MS, () =>
      deps.database.pool
        .query("select 1")
        .then(() => true)
        .catch(() => false),
    );
    const ready = atMostEvery(HEALTH_CHECK_INTERVAL_MS, () => readiness(deps));
    route(
      app,
      healthApi.liveness,
      async (_request, reply) => {
        const up = await databaseUp();
        reply.header("cache-control", "no-store");
        return up
          ? { status: "ok" as const, database: "up" as const }
          : reply.status(503).send({ status: "error", database: "down" });
      },
      { rateLimit: false },
    );

    route(
      app,
      healthApi.readiness,
      async (_request, reply) => {
        const answer = await ready();
        reply.header("cache-control", "no-store");
        // Draining before a stop: a balancer that checks readiness takes it out at once.
        if (app.stopping.draining) return reply.status(503).send({ ...answer, status: "stopping" });
        return answer.status === "ready" ? answer : reply.status(503).send(answer);
      },
      { rateLimit: false },
    );
  };
