import { z } from "#domain/zod";
import { defineApi } from "./contract";

const healthSchema = z.object({
  status: z.enum(["ok", "error"]),
  database: z.enum(["up", "down"]),
});

/** For load balancers and the start-up script. */
export const healthApi = defineApi("health", {
  liveness: {
    method: "GET",
    path: "/api/health",
    summary: "Liveness, and whether the database answers (503 when it does not)",
    guard: "public",
    responses: { 200: healthSchema, 503: healthSchema },
  },
});
