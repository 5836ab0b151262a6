import {
  AUDIT_EXPORT_MAX,
  type AuditAction,
  type AuditEvent,
  type AuditQuery,
  auditActions,
} from "#domain/audit";
import type { Db } from "#server/db/client";
import { decodeKey, toPage } from "#server/db/keyset";
import { CSV_COLUMNS, csvLine, csvRow } from "./audit.csv";
import { type AuditEventRow, listAuditEvents } from "./audit.repository";

type Deps = { db: Db };

/** One page of the trail, newest first, and where the next one starts (null on the last). */
export async function auditPage(
  deps: Deps,
  { limit, cursor, ...query }: AuditQuery & { limit: number; cursor?: string | undefined },
) {
  const afterId = cursor === undefined ? undefined : decodeKey(cursor, ["bigint"])[0];
  const rows = await listAuditEvents(deps, query, { limit: limit + 1, afterId });
  const page = toPage(rows, limit, (row) => [row.id], toAuditEvent);
  return { events: page.items, nextCursor: page.nextCursor };
}

/** Events the export reads at a time: what it holds in memory, whatever it sends. */
export const AUDIT_EXPORT_BATCH = 1_000;

/**
 * Every event the filters match (up to AUDIT_EXPORT_MAX) as a CSV file named by the day: UTF-8
 * with a byte-order mark, so a spreadsheet reads its accents right. The lines are made as they
 * are sent, a batch of events at a time.
 */
export function auditExport(deps: Deps, query: AuditQuery, now = new Date()) {
  return {
    filename: `activity-${now.toISOString().slice(0, 10)}.csv`,
    lines: exportLines(deps, query),
  };
}

async function* exportLines(deps: Deps, query: AuditQuery): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(CSV_COLUMNS)}\r\n`;
  let afterId: number | undefined;
  for (let sent = 0; sent < AUDIT_EXPORT_MAX; ) {
    const limit = Math.min(AUDIT_EXPORT_BATCH, AUDIT_EXPORT_MAX - sent);
    const rows = await listAuditEvents(deps, query, { limit, afterId });
    if (rows.length > 0) yield rows.map((row) => `${csvRow(toAuditEvent(row))}\r\n`).join("");
    sent += rows.length;
    const last = rows.at(-1);
    if (rows.length < limit || !last) return;
    afterId = last.id;
  }
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
