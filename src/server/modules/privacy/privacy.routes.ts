import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { privacyApi as api } from "#domain/api/privacy";
import { privacyMessages } from "#domain/privacy";
import { type RouteRequest, route } from "#server/http/route";
import { erase, exportPerson, lookUp, type PrivacyDeps } from "./person-data.service";

/**
 * A person's data on request, for staff. Each answer's audit entry names the address (the
 * record of the request) and, for an erasure, how many of each kind went: never the content.
 */
export const privacyRoutes =
  (deps: PrivacyDeps): FastifyPluginAsync =>
  async (app) => {
    route(app, api.lookup, (request) => lookup(deps, request));
    route(app, api.exportData, (request, reply) => exportData(deps, request, reply));
    route(app, api.erase, (request) => eraseData(deps, request));
  };

async function lookup(deps: PrivacyDeps, request: RouteRequest<typeof api.lookup>) {
  const { email } = request.body;
  request.auditEntry = { targetType: "person", detail: { email } };
  return lookUp(deps, email);
}

async function exportData(
  deps: PrivacyDeps,
  request: RouteRequest<typeof api.exportData>,
  reply: FastifyReply,
) {
  const { email } = request.body;
  request.auditEntry = { targetType: "person", detail: { email } };
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header("content-type", "application/json; charset=utf-8")
    .header("content-disposition", `attachment; filename="personal-data-${day}.json"`)
    .header("cache-control", "no-store")
    .send(exportPerson(deps, email));
}

async function eraseData(deps: PrivacyDeps, request: RouteRequest<typeof api.erase>) {
  const { email } = request.body;
  const { removed, kept } = await erase(deps, email);
  request.auditEntry = {
    targetType: "person",
    detail: { email, removed, kept: kept.map((k) => k.kind) },
  };
  return { success: true as const, message: privacyMessages.erased, removed, kept };
}
