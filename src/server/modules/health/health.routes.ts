import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "#server/db/client";

const healthResponse = z.object({
  status: z.enum(["ok", "error"]),
  database: z.enum(["up", "down"]),
});

/** Liveness and database check, for load balancers and the start-up script. Public. */
export const healthRoutes =
  (database: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/health",
      {
        config: { rateLimit: false },
        schema: { response: { 200: healthResponse, 503: healthResponse } },
      },
      async (_request, reply) => {
        const up = await database.pool
          .query("select 1")
          .then(() => true)
          .catch(() => false);
        reply.header("cache-control", "no-store");
        return up
          ? reply.status(200).send({ status: "ok", database: "up" })
          : reply.status(503).send({ status: "error", database: "down" });
      },
    );
  };
