import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";

/** POST /api/upload (PRODUCT-SPEC.md section 7). Being written. */
export const uploadRoutes =
  (_deps: { db: Db; uploadsDir: string }): FastifyPluginAsyncZod =>
  async () => {};
