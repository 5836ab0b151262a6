import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from "fastify";
import { healthApi } from "#domain/api/health";
import type { Database } from "#server/db/client";
import { route } from "#server/http/route";
import type { SharedRedis } from "#server/shared/redis";
import type { ObjectStore } from "#server/storage/object-store";
import { healthChecks } from "./health.service";

type Checks = ReturnType<typeof healthChecks>;

const UNLIMITED = { rateLimit: false } as const;

/**
 * Liveness and readiness, for load balancers and the start-up script. Never cached by clients
 * and not rate limited (balancers probe them often), so each asks its services at most once a
 * second and answers from that result in between.
 */
export const healthRoutes =
  (deps: { database: Database; store: ObjectStore; redis?: SharedRedis }): FastifyPluginAsync =>
  async (app) => {
    const checks = healthChecks(deps);
    route(app, healthApi.liveness, (_request, reply) => sendLiveness(checks, reply), UNLIMITED);
    route(
      app,
      healthApi.readiness,
      (_request, reply) => sendReadiness(app, checks, reply),
      UNLIMITED,
    );
  };

async function sendLiveness(checks: Checks, reply: FastifyReply) {
  const up = await checks.databaseUp();
  reply.header("cache-control", "no-store");
  return up
    ? { status: "ok" as const, database: "up" as const }
    : reply.status(503).send({ status: "error", database: "down" });
}

async function sendReadiness(app: FastifyInstance, checks: Checks, reply: FastifyReply) {
  const answer = await checks.ready();
  reply.header("cache-control", "no-store");
  // Draining before a stop: a balancer that checks readiness takes it out at once.
  if (app.stopping.draining) return reply.status(503).send({ ...answer, status: "stopping" });
  return answer.status === "ready" ? answer : reply.status(503).send(answer);
}
