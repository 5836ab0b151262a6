import type { FastifyPluginAsync } from "fastify";
import { healthApi } from "#domain/api/health";
import type { Database } from "#server/db/client";
import { route } from "#server/http/route";

/** Liveness and database check, for load balancers and the start-up script. */
export const healthRoutes =
  (database: Database): FastifyPluginAsync =>
  async (app) => {
    route(
      app,
      healthApi.liveness,
      async (_request, reply) => {
        const up = await database.pool
          .query("select 1")
          .then(() => true)
          .catch(() => false);
        reply.header("cache-control", "no-store");
        return up
          ? { status: "ok" as const, database: "up" as const }
          : reply.status(503).send({ status: "error", database: "down" });
      },
      { rateLimit: false },
    );
  };
