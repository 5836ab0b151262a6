import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "#server/db/client";
import type { ObjectStore } from "#server/storage/storage";
import { uploadResponseSchema } from "./admin-properties.schemas";
import { uploadImages, uploadLimits } from "./upload.service";

/** POST /api/upload (PRODUCT-SPEC.md section 7): photos of a building or a unit. Administrators only. */
export const uploadRoutes =
  (deps: { db: Db; store: ObjectStore }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/api/upload",
      {
        onRequest: app.guards.admin,
        schema: { response: { 201: uploadResponseSchema } },
      },
      async (request, reply) => {
        const result = await uploadImages(deps, request.parts({ limits: uploadLimits }));
        return reply.status(201).send(result);
      },
    );
  };
