import type { FastifyPluginAsync } from "fastify";
import { ALERT_SUBSCRIBES_PER_MINUTE, alertMessages } from "#domain/alerts";
import { alertsApi as api } from "#domain/api/alerts";
import { NO_BODY_LIMIT } from "#domain/api/contract";
import { notFound } from "#server/http/errors";
import { route } from "#server/http/route";
import {
  type AlertDeps,
  type AlertView,
  confirm,
  findByManageToken,
  subscribe,
  unsubscribe,
  update,
} from "./alerts.service";

const withoutToken = ({ manageToken: _, ...subscription }: AlertView) => subscription;

/** Public: the link in the e-mail is the key; subscribing is rate limited per client address. */
export const alertsRoutes =
  (deps: AlertDeps): FastifyPluginAsync =>
  async (app) => {
    // A mail client's one-click unsubscribe posts the form `List-Unsubscribe=One-Click`
    // (RFC 8058): read within this plugin only, and dropped, since the link says everything.
    app.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: NO_BODY_LIMIT },
      (_request, _body, done) => done(null, undefined),
    );

    route(
      app,
      api.subscribe,
      async (request) => {
        await subscribe(deps, request.body);
        return { success: true as const, message: alertMessages.checkEmail };
      },
      { rateLimit: ALERT_SUBSCRIBES_PER_MINUTE },
    );

    route(app, api.confirm, async (request) => {
      const confirmed = await confirm(deps, request.params.token);
      if (!confirmed) throw notFound(alertMessages.linkInvalid);
      return confirmed;
    });

    route(app, api.manage, async (request) => {
      const found = await findByManageToken(deps, request.params.token);
      if (!found) throw notFound(alertMessages.linkInvalid);
      return withoutToken(found);
    });

    route(app, api.update, async (request) => {
      const updated = await update(deps, request.params.token, request.body);
      if (!updated) throw notFound(alertMessages.linkInvalid);
      return withoutToken(updated);
    });

    route(app, api.unsubscribe, async (request) => {
      if (!(await unsubscribe(deps, request.params.token)))
        throw notFound(alertMessages.linkInvalid);
      return { success: true as const, message: alertMessages.unsubscribed };
    });
  };
