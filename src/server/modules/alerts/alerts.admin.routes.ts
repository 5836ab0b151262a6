import type { FastifyPluginAsync } from "fastify";
import { adminAlertsApi as api } from "#domain/api/admin-alerts";
import type { Db } from "#server/db/client";
import { route } from "#server/http/route";
import { alertSubscribers, alertSummary, unitReach } from "./alerts.admin.service";

/**
 * Listing alerts in the back office: the Overview's demand figures, the subscribers' addresses
 * and a unit's reach. Administrators only (the contracts' guard); reads, so nothing is audited.
 */
export const adminAlertsRoutes =
  (deps: { db: Db; now: () => Date }): FastifyPluginAsync =>
  async (app) => {
    route(app, api.summary, async () => alertSummary(deps));
    route(app, api.subscribers, async (request) => alertSubscribers(deps, request.query));
    route(app, api.reach, async (request) => unitReach(deps, request.query));
  };
