import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";

/** The admin property, unit and image API (PRODUCT-SPEC.md section 7). Being written. */
export const adminPropertiesRoutes =
  (_deps: { db: Db; uploadsDir: string }): FastifyPluginAsyncZod =>
  async () => {};
