import type { FastifyPluginAsync } from "fastify";
import { inquiriesApi } from "#domain/api/inquiries";
import type { Db } from "#server/db/client";
import { type RouteRequest, route } from "#server/http/route";
import { listInquiries, setInquiryHandled } from "./inquiries.admin.service";

type Deps = { db: Db; now?: () => Date };

/** The Inquiries tab: staff read what the contact forms collected and mark each handled. */
export const adminInquiriesRoutes =
  (deps: Deps): FastifyPluginAsync =>
  async (app) => {
    route(app, inquiriesApi.list, (request) => listInquiries(deps, request.query));
    route(app, inquiriesApi.setHandled, (request) => setHandled(deps, request));
  };

async function setHandled(deps: Deps, request: RouteRequest<typeof inquiriesApi.setHandled>) {
  const { params, body } = request;
  const { inquiry, audit } = await setInquiryHandled(deps, params.id, body.handled);
  request.auditEntry = audit;
  return inquiry;
}
