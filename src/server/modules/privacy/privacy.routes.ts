import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { privacyApi as api, privacyRequestsApi } from "#domain/api/privacy";
import {
  PRIVACY_REQUESTS_PER_MINUTE,
  privacyMessages,
  privacyRequestMessages,
} from "#domain/privacy";
import { conflict, notFound } from "#server/http/errors";
import { type RouteRequest, route } from "#server/http/route";
import { isUuid } from "#server/shared/uuid";
import { erase, exportPerson, lookUp, type PrivacyDeps } from "./person-data.service";
import {
  answer,
  askForData,
  confirm,
  type PrivacyRequestDeps,
  requestsPage,
} from "./privacy-requests.service";

/**
 * A person's data on request. Staff look an address up, export it, erase it; each answer's
 * audit entry names the address (the record of the request) and, for an erasure, how many of
 * each kind went: never the content. Renters ask from the privacy page (public, rate limited;
 * the e-mailed link proves the address), and staff see those requests with their due dates.
 */
export const privacyRoutes =
  (deps: PrivacyDeps & PrivacyRequestDeps): FastifyPluginAsync =>
  async (app) => {
    route(app, api.lookup, (request) => lookup(deps, request));
    route(app, api.exportData, (request, reply) => exportData(deps, request, reply));
    route(app, api.erase, (request) => eraseData(deps, request));
    route(app, api.listRequests, (request) => requestsPage(deps, request.query));
    route(app, api.answerRequest, (request) => answerRequest(deps, request));
    route(app, privacyRequestsApi.ask, (request) => ask(deps, request), {
      rateLimit: PRIVACY_REQUESTS_PER_MINUTE,
    });
    route(app, privacyRequestsApi.confirm, (request) => confirmLink(deps, request));
  };

const actorOf = (request: { user?: { email: string } | null }) => request.user?.email ?? "unknown";

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

async function eraseData(
  deps: PrivacyDeps & PrivacyRequestDeps,
  request: RouteRequest<typeof api.erase>,
) {
  const { email } = request.body;
  const { removed, kept } = await erase(deps, email, actorOf(request));
  request.auditEntry = {
    targetType: "person",
    detail: { email, removed, kept: kept.map((k) => k.kind) },
  };
  return { success: true as const, message: privacyMessages.erased, removed, kept };
}

async function answerRequest(
  deps: PrivacyRequestDeps,
  request: RouteRequest<typeof api.answerRequest>,
) {
  const { id } = request.params;
  if (!isUuid(id)) throw notFound(privacyRequestMessages.notFound);
  const answered = await answer(deps, id, actorOf(request));
  if (answered === "answered") throw conflict(privacyRequestMessages.answeredAlready);
  if (!answered) throw notFound(privacyRequestMessages.notFound);
  request.auditEntry = {
    targetType: "privacy_request",
    targetId: id,
    detail: { kind: answered.kind, email: answered.email },
  };
  return answered;
}

/** The same answer whatever happened (see `askForData`). */
async function ask(deps: PrivacyRequestDeps, request: RouteRequest<typeof privacyRequestsApi.ask>) {
  await askForData(deps, request.body);
  return { success: true as const, message: privacyRequestMessages.checkEmail };
}

async function confirmLink(
  deps: PrivacyRequestDeps,
  request: RouteRequest<typeof privacyRequestsApi.confirm>,
) {
  const confirmed = await confirm(deps, request.params.token);
  if (confirmed === "used") throw conflict(privacyRequestMessages.linkUsed);
  if (!confirmed) throw notFound(privacyRequestMessages.linkInvalid);
  return confirmed;
}
