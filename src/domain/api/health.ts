import { z } from "#domain/zod";
import { defineApi } from "./contract";

const healthSchema = z.object({
  status: z.enum(["ok", "error"]),
  database: z.enum(["up", "down"]),
});

const check = z.enum(["up", "down"]);

/**
 * Each service the instance needs, and which ones fail; Redis only when it is configured.
 * `stopping`: the instance is draining before it stops (SIGTERM) and wants no new traffic.
 */
const readinessSchema = z.object({
  status: z.enum(["ready", "not_ready", "stopping"]),
  checks: z.object({ database: check, storage: check, redis: check.optional() }),
  failing: z.array(z.enum(["database", "storage", "redis"])),
});

/** For load balancers, orchestrators and the start-up script. */
export const healthApi = defineApi("health", {
  liveness: {
    method: "GET",
    path: "/api/health",
    summary: "Liveness, and whether the database answers (503 when it does not)",
    guard: "public",
    responses: { 200: healthSchema, 503: healthSchema },
  },
  readiness: {
    method: "GET",
    path: "/api/health/ready",
    summary:
      "Readiness: PostgreSQL, the object store and (when configured) Redis each answer; 503 naming the failing ones, or while the instance is stopping",
    guard: "public",
    responses: { 200: readinessSchema, 503: readinessSchema },
  },
});
