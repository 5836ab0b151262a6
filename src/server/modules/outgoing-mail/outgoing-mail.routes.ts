import type { FastifyPluginAsync } from "fastify";
import { outgoingMailApi } from "#domain/api/outgoing-mail";
import type { Db } from "#server/db/client";
import { route } from "#server/http/route";
import type { MailQueue } from "#server/mail/mail-queue";
import { listOutgoingMail, retryOutgoingMail } from "./outgoing-mail.service";

/** The Outgoing mail tab: what the app sent, what waits, what failed and why; Retry. */
export const outgoingMailRoutes =
  (deps: { db: Db; mailQueue: MailQueue }): FastifyPluginAsync =>
  async (app) => {
    route(app, outgoingMailApi.list, async (request) =>
      listOutgoingMail(deps, request.query.status),
    );
    route(app, outgoingMailApi.retry, async (request) => {
      const message = await retryOutgoingMail(deps, request.params.id);
      request.auditEntry = {
        targetType: "outgoing_mail",
        detail: { kind: message.kind, to: message.to },
      };
      return message;
    });
  };
