import type { FastifyPluginAsync } from "fastify";
import { applicationsApi as api } from "#domain/api/applications";
import { route } from "#server/http/route";
import { type ApplicationDeps, recordCap, settingsOf } from "./applications.service";

/** Rental applications: for now, staff's settings (the year's screening-fee cap). */
export const applicationsRoutes =
  (deps: ApplicationDeps): FastifyPluginAsync =>
  async (app) => {
    route(app, api.getSettings, () => settingsOf(deps));
    route(app, api.putSettings, async (request) => {
      const { before, after } = await recordCap(deps, request.body);
      request.auditEntry = {
        targetType: "application_settings",
        changes: {
          screeningFeeCap: { before: before.screeningFeeCap, after: after.screeningFeeCap },
        },
        detail: { appliesFrom: request.body.appliesFrom, cap: request.body.screeningFeeCap },
      };
      return after;
    });
  };
