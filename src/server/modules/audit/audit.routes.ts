import { Readable } from "node:stream";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { auditApi } from "#domain/api/audit";
import { buildUrl } from "#domain/api/wire";
import type { Db } from "#server/db/client";
import { type RouteRequest, route } from "#server/http/route";
import { auditExport, auditPage } from "./audit.service";

type Deps = { db: Db };

/** The Activity tab: the audit trail, a page at a time, or all of it that matches as CSV. */
export const auditRoutes =
  (deps: Deps): FastifyPluginAsync =>
  async (app) => {
    route(app, auditApi.list, (request, reply) => listEvents(deps, request, reply));
    route(app, auditApi.export, (request, reply) => exportEvents(deps, request, reply));
  };

/** A page; `format=csv` leads to the export, with the same filters. */
async function listEvents(
  deps: Deps,
  request: RouteRequest<typeof auditApi.list>,
  reply: FastifyReply,
) {
  const { format, limit: _limit, cursor: _cursor, ...filters } = request.query;
  if (format === "csv") return reply.redirect(buildUrl(auditApi.export, {}, filters), 303);
  return auditPage(deps, request.query);
}

async function exportEvents(
  deps: Deps,
  request: RouteRequest<typeof auditApi.export>,
  reply: FastifyReply,
) {
  const { filename, lines } = auditExport(deps, request.query);
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${filename}"`)
    .send(Readable.from(lines));
}
