import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { uploadResponseSchema } from "./admin-properties.schemas";
import { uploadImages, uploadLimits } from "./upload.service";

/**
 * An answer sent before the whole body arrived (a refused file, a failed guard): the client may
 * still be sending the rest, which nobody reads now. Closing after the answer, as Fastify does
 * for a refused body, keeps the connection (and the server's shutdown) from hanging on it.
 */
async function closeIfUnread(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (!request.raw.complete) reply.header("connection", "close");
  return payload;
}

/** POST /api/upload (PRODUCT-SPEC.md section 7): photos of a building or a unit. Administrators only. */
export const uploadRoutes =
  (deps: { db: Db; uploadsDir: string }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/api/upload",
      {
        onRequest: app.guards.admin,
        onSend: closeIfUnread,
        schema: { response: { 201: uploadResponseSchema } },
      },
      async (request, reply) => {
        const result = await uploadImages(deps, request.parts({ limits: uploadLimits }));
        return reply.status(201).send(result);
      },
    );
  };
