import type { FastifyPluginAsync } from "fastify";
import { outgoingMailApi as api } from "#domain/api/outgoing-mail";
import type { Db } from "#server/db/client";
import { type RouteRequest, route } from "#server/http/route";
import type { MailQueue } from "#server/mail/mail-queue";
import { listOutgoingMail, retryOutgoingMail } from "./outgoing-mail.service";

type Deps = { db: Db; mailQueue: MailQueue };

/** The Outgoing mail tab: what the app sent, what waits, what failed and why; Retry. */
export const outgoingMailRoutes =
  (deps: Deps): FastifyPluginAsync =>
  async (app) => {
    route(app, api.list, (request) => list(deps, request));
    route(app, api.retry, (request) => retry(deps, request));
  };

async function list(deps: Deps, request: RouteRequest<typeof api.list>) {
  return listOutgoingMail(deps, request.query);
}

/** Audited: the event names the message by its kind and address, never its body. */
async function retry(deps: Deps, request: RouteRequest<typeof api.retry>) {
  const message = await retryOutgoingMail(deps, request.params.id);
  request.auditEntry = {
    targetType: "outgoing_mail",
    detail: { kind: message.kind, to: message.to },
  };
  return message;
}
