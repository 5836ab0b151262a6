import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";

/** GET /api/admin/inquiries, PATCH /api/admin/inquiries/:id. Being written. */
export const adminInquiriesRoutes =
  (_deps: { db: Db }): FastifyPluginAsyncZod =>
  async () => {};
