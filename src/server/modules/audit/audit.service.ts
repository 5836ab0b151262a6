import {
  AUDIT_EXPORT_MAX,
  AUDIT_PAGE_SIZE,
  type AuditAction,
  type AuditEvent,
  type AuditQuery,
  auditActions,
} from "#domain/audit";
import type { Db } from "#server/db/client";
import { CSV_COLUMNS, csvLine, csvRow } from "./audit.csv";
import { type AuditEventRow, listAuditEvents } from "./audit.repository";

type Deps = { db: Db };

/** One page of the trail, newest first, and where the next one starts (null on the last). */
export async function auditPage(deps: Deps, query: AuditQuery) {
  const rows = await listAuditEvents(deps, query, AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE).map(toAuditEvent);
  return { events: page, nextBefore: rows.length > AUDIT_PAGE_SIZE ? page.at(-1)!.id : null };
}

/**
 * Every event the filters match (up to AUDIT_EXPORT_MAX) as a CSV file named by the day: UTF-8
 * with a byte-order mark, so a spreadsheet reads its accents right.
 */
export async function auditExport(deps: Deps, query: AuditQuery, now = new Date()) {
  const events = (await listAuditEvents(deps, query, AUDIT_EXPORT_MAX)).map(toAuditEvent);
  const body = [csvLine(CSV_COLUMNS), ...events.map(csvRow)].join("\r\n");
  return {
    filename: `activity-${now.toISOString().slice(0, 10)}.csv`,
    csv: `\uFEFF${body}\r\n`,
  };
}

function toAuditEvent(row: AuditEventRow): AuditEvent {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    action: row.action,
    label: auditActions[row.action as AuditAction] ?? row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    propertyId: row.propertyId,
    propertyTitle: row.propertyTitle,
    changes: row.changes ?? null,
    detail: row.detail ?? null,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    requestId: row.requestId,
  };
}
