import type { FastifyPluginAsync } from "fastify";
import { inquiriesApi } from "#domain/api/inquiries";
import { changesOf } from "#server/audit/audit-log";
import type { Db } from "#server/db/client";
import { route } from "#server/http/route";
import { listInquiries, setInquiryHandled } from "./inquiries.admin.service";

/** The Inquiries tab: staff read what the contact forms collected and mark each handled. */
export const adminInquiriesRoutes =
  (deps: { db: Db; now?: () => Date }): FastifyPluginAsync =>
  async (app) => {
    route(app, inquiriesApi.list, async (request) => listInquiries(deps, request.query.status));
    route(app, inquiriesApi.setHandled, async (request) => {
      const { inquiry, before } = await setInquiryHandled(
        deps,
        request.params.id,
        request.body.handled,
      );
      request.auditEntry = {
        propertyId: inquiry.property?.id ?? null,
        changes: changesOf({ handledAt: before.handledAt }, { handledAt: inquiry.handledAt }),
      };
      return inquiry;
    });
  };
