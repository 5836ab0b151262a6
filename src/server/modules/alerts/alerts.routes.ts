import type { FastifyPluginAsync } from "fastify";
import { ALERT_SUBSCRIBES_PER_MINUTE, alertMessages } from "#domain/alerts";
import { alertsApi as api } from "#domain/api/alerts";
import { NO_BODY_LIMIT } from "#domain/api/contract";
import { type RouteRequest, route } from "#server/http/route";
import { isAlertToken } from "./alert-tokens";
import { alertLinkInvalid, alertLinkUsed } from "./alerts.errors";
import {
  type AlertDeps,
  type AlertView,
  confirm,
  findByManageToken,
  subscribe,
  unsubscribe,
  update,
} from "./alerts.service";

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
    route(app, api.subscribe, (request) => subscribeTo(deps, request), {
      rateLimit: ALERT_SUBSCRIBES_PER_MINUTE,
    });
    route(app, api.confirm, (request) => confirmLink(deps, request));
    route(app, api.manage, (request) => manage(deps, request));
    route(app, api.update, (request) => change(deps, request));
    route(app, api.unsubscribe, (request) => unsubscribeLink(deps, request));
  };

/** The manage page knows its token already: the answer leaves it out. */
const withoutToken = ({ manageToken: _, ...subscription }: AlertView) => subscription;

/** The same answer whatever happened (see `subscribe`). */
async function subscribeTo(deps: AlertDeps, request: RouteRequest<typeof api.subscribe>) {
  await subscribe(deps, request.body, request.ip);
  return { success: true as const, message: alertMessages.checkEmail };
}

async function confirmLink(deps: AlertDeps, request: RouteRequest<typeof api.confirm>) {
  const confirmed = await confirm(deps, request.params.token);
  if (confirmed === "used") throw alertLinkUsed();
  if (!confirmed) throw alertLinkInvalid();
  return confirmed;
}

async function manage(deps: AlertDeps, request: RouteRequest<typeof api.manage>) {
  const found = await findByManageToken(deps, request.params.token);
  if (!found) throw alertLinkInvalid();
  return withoutToken(found);
}

async function change(deps: AlertDeps, request: RouteRequest<typeof api.update>) {
  const updated = await update(deps, request.params.token, request.body);
  if (!updated) throw alertLinkInvalid();
  return withoutToken(updated);
}

/**
 * RFC 8058's one-click POST is idempotent: a mail client may send it twice, and the second finds
 * the alert gone, so any link of the right shape gets the same success (which tells nothing: the
 * answer is the same whether an alert was ended now, before, or never existed).
 */
async function unsubscribeLink(deps: AlertDeps, request: RouteRequest<typeof api.unsubscribe>) {
  if (!isAlertToken(request.params.token)) throw alertLinkInvalid();
  await unsubscribe(deps, request.params.token);
  return { success: true as const, message: alertMessages.unsubscribed };
}
