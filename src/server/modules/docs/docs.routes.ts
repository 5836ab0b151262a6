import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { docsApi } from "#domain/api/docs";
import { notFound } from "#server/http/errors";
import { sendRepresentation } from "#server/http/response-cache";
import { type RouteRequest, route } from "#server/http/route";
import { docsAsset, openApiDocument, referencePage } from "./docs.service";

type Deps = { publicUrl: string };

/** Revalidated on every use: they change with a deploy, and a 304 costs next to nothing. */
const REVALIDATE = "public, no-cache";

/**
 * GET /api/openapi.json, GET /api/docs and its assets, answered from memory; a client
 * revalidates them with If-None-Match.
 */
export const docsRoutes =
  (deps: Deps): FastifyPluginAsync =>
  async (app) => {
    route(app, docsApi.openapi, (request, reply) => sendOpenApi(deps, request, reply));
    route(app, docsApi.reference, (request, reply) => sendReference(request, reply));
    route(app, docsApi.asset, (request, reply) => sendAsset(request, reply));
  };

async function sendOpenApi(deps: Deps, request: FastifyRequest, reply: FastifyReply) {
  return sendRepresentation(request, reply, await openApiDocument(deps), REVALIDATE);
}

async function sendReference(request: FastifyRequest, reply: FastifyReply) {
  return sendRepresentation(request, reply, await referencePage(), REVALIDATE);
}

async function sendAsset(request: RouteRequest<typeof docsApi.asset>, reply: FastifyReply) {
  const asset = await docsAsset(request.params["*"]);
  if (!asset) throw notFound();
  return sendRepresentation(request, reply, asset, REVALIDATE);
}
