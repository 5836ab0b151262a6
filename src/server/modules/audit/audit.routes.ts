import type { FastifyPluginAsync } from "fastify";
import { auditApi } from "#domain/api/audit";
import { buildUrl } from "#domain/api/wire";
import { AUDIT_EXPORT_MAX, AUDIT_PAGE_SIZE } from "#domain/audit";
import { CSV_COLUMNS, csvLine, csvRow } from "#server/audit/audit-log";
import { route } from "#server/http/route";

/** The Activity tab: the audit trail, a page at a time, or all of it that matches as CSV. */
export const auditRoutes = (): FastifyPluginAsync => async (app) => {
  route(app, auditApi.list, async (request, reply) => {
    const { format, before: _, ...filters } = request.query;
    if (format === "csv") return reply.redirect(buildUrl(auditApi.export, {}, filters), 303);
    const events = await app.auditLog.list(request.query, AUDIT_PAGE_SIZE + 1);
    const page = events.slice(0, AUDIT_PAGE_SIZE);
    return {
      events: page,
      nextBefore: events.length > AUDIT_PAGE_SIZE ? page.at(-1)!.id : null,
    };
  });

  route(app, auditApi.export, async (request, reply) => {
    const events = await app.auditLog.list(request.query, AUDIT_EXPORT_MAX);
    const day = new Date().toISOString().slice(0, 10);
    const body = [csvLine(CSV_COLUMNS), ...events.map(csvRow)].join("\r\n");
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="activity-${day}.csv"`)
      .send(`\uFEFF${body}\r\n`);
  });
};
