import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { applicationsApi as api } from "#domain/api/applications";
import { APPLICATION_STARTS_PER_MINUTE, applicationMessages } from "#domain/applications";
import { parseId } from "#domain/listing-format";
import { notFound } from "#server/http/errors";
import { type RouteRequest, route } from "#server/http/route";
import {
  acceptByToken,
  enterPaperApplication,
  inviteAdultByToken,
  inviteToApply,
  saveByToken,
  startApplication,
  submitByToken,
  viewByToken,
} from "./applications.applicant.service";
import { applicationDetail, decide, listApplications, offer } from "./applications.office.service";
import { type ApplicationDeps, recordCap, settingsOf } from "./applications.service";

/** Invitations, saves and the e-mails they send, per client a minute (like the other forms). */
const APPLICATION_WRITES_PER_MINUTE = 30;

/**
 * Rental applications: staff's settings, invitations and decisions; each applicant's link
 * (public: the e-mailed link is the key), its writes rate limited per client.
 */
export const applicationsRoutes =
  (deps: ApplicationDeps & { applyOnline: boolean }): FastifyPluginAsync =>
  async (app) => {
    const limited = { rateLimit: APPLICATION_WRITES_PER_MINUTE };
    route(app, api.start, (request) => start(deps, request), {
      rateLimit: APPLICATION_STARTS_PER_MINUTE,
    });
    route(app, api.getSettings, () => settingsOf(deps));
    route(app, api.putSettings, (request) => putSettings(deps, request));
    route(app, api.invite, (request, reply) => invite(deps, request, reply));
    route(app, api.enterPaper, (request, reply) => enterPaper(deps, request, reply));
    route(app, api.list, (request) => listApplications(deps, request.query));
    route(app, api.get, (request) => applicationDetail(deps, request.params.id));
    route(app, api.decide, (request) => decideOn(deps, request));
    route(app, api.offer, (request) => offerHome(deps, request));
    route(app, api.view, (request) => viewByToken(deps, request.params.token));
    route(app, api.save, (r) => saveByToken(deps, r.params.token, r.body), limited);
    route(
      app,
      api.submit,
      async (r, reply) => {
        const view = await submitByToken(deps, r.params.token);
        reply.code(201);
        return view;
      },
      limited,
    );
    route(
      app,
      api.inviteAdult,
      async (r, reply) => {
        const view = await inviteAdultByToken(deps, r.params.token, r.body);
        reply.code(201);
        return view;
      },
      limited,
    );
    route(app, api.accept, (r) => acceptByToken(deps, r.params.token, r.body), limited);
  };

async function putSettings(deps: ApplicationDeps, request: RouteRequest<typeof api.putSettings>) {
  const { before, after } = await recordCap(deps, request.body);
  request.auditEntry = {
    targetType: "application_settings",
    changes: { screeningFeeCap: { before: before.screeningFeeCap, after: after.screeningFeeCap } },
    detail: { appliesFrom: request.body.appliesFrom, cap: request.body.screeningFeeCap },
  };
  return after;
}

async function invite(
  deps: ApplicationDeps,
  request: RouteRequest<typeof api.invite>,
  reply: FastifyReply,
) {
  const unitId = parseId(request.params.id);
  if (unitId === null) throw notFound(applicationMessages.unitNotFound);
  const { applicationId } = await inviteToApply(
    deps,
    unitId,
    request.body,
    request.user?.uid ?? null,
  );
  // The audit names the application and the unit; the renter's address stays in the record.
  request.auditEntry = { targetType: "application", targetId: applicationId, detail: { unitId } };
  reply.code(201);
  return { id: applicationId, message: applicationMessages.invited };
}

async function enterPaper(
  deps: ApplicationDeps,
  request: RouteRequest<typeof api.enterPaper>,
  reply: FastifyReply,
) {
  const unitId = parseId(request.params.id);
  if (unitId === null) throw notFound(applicationMessages.unitNotFound);
  const { applicationId, formPath } = await enterPaperApplication(
    deps,
    unitId,
    request.body,
    request.user?.uid ?? null,
  );
  request.auditEntry = { targetType: "application", targetId: applicationId, detail: { unitId } };
  reply.code(201);
  return { id: applicationId, message: applicationMessages.paperEntered, formPath };
}

/** Apply Now's own application: only with APPLY_NOW=online (otherwise Apply Now goes elsewhere). */
async function start(
  deps: ApplicationDeps & { applyOnline: boolean },
  request: RouteRequest<typeof api.start>,
) {
  const unitId = parseId(request.params.id);
  if (!deps.applyOnline || unitId === null) throw notFound(applicationMessages.unitNotFound);
  await startApplication(deps, unitId, request.body);
  return { success: true as const, message: applicationMessages.started };
}

async function decideOn(deps: ApplicationDeps, request: RouteRequest<typeof api.decide>) {
  const { before, after } = await decide(deps, request.params.id, request.body);
  request.auditEntry = {
    targetType: "application",
    targetId: after.id,
    ...(after.unit ? { propertyId: after.unit.propertyId } : {}),
    changes: { status: { before, after: after.status } },
    detail: {
      reason: request.body.reason ?? null,
      screeningFee: request.body.screeningFee ?? null,
      adverseActionNotice: request.body.reason === "screening-report",
    },
  };
  return after;
}

async function offerHome(deps: ApplicationDeps, request: RouteRequest<typeof api.offer>) {
  const after = await offer(deps, request.params.id, request.body);
  request.auditEntry = {
    targetType: "application",
    targetId: after.id,
    ...(after.unit ? { propertyId: after.unit.propertyId } : {}),
    detail: { rent: request.body.rent, deposit: request.body.deposit },
  };
  return after;
}
