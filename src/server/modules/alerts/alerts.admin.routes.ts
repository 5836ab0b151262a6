import type { FastifyPluginAsync } from "fastify";
import { adminAlertsApi as api } from "#domain/api/admin-alerts";
import type { Db } from "#server/db/client";
import { type RouteRequest, route } from "#server/http/route";
import { alertSubscribers, alertSummary, unitReach } from "./alerts.admin.service";

type Deps = { db: Db; now: () => Date };

/**
 * Listing alerts in the back office: the Overview's demand figures, the subscribers' addresses
 * and a unit's reach. Administrators only (the contracts' guard); reads, so nothing is audited.
 */
export const adminAlertsRoutes =
  (deps: Deps): FastifyPluginAsync =>
  async (app) => {
    route(app, api.summary, () => summary(deps));
    route(app, api.subscribers, (request) => subscribers(deps, request));
    route(app, api.reach, (request) => reach(deps, request));
  };

async function summary(deps: Deps) {
  return alertSummary(deps);
}

async function subscribers(deps: Deps, request: RouteRequest<typeof api.subscribers>) {
  return alertSubscribers(deps, request.query);
}

async function reach(deps: Deps, request: RouteRequest<typeof api.reach>) {
  return unitReach(deps, request.query);
}
