import { and, desc, eq, gte, lt, lte, type SQL, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import {
  AUDIT_RETENTION_DAYS,
  type AuditAction,
  type AuditEvent,
  type AuditQuery,
  auditActions,
} from "#domain/audit";
import type { Db } from "#server/db/client";
import { auditEvents } from "#server/db/schema";
import { isUuid } from "#server/shared/uuid";

/**
 * The audit trail's writes and reads. An event records the actor (the signed-in user, or the
 * account a sign-in was for), the action, the record it touched, the fields that changed before
 * and after (never a secret: password hashes, codes and tokens are left out by the callers, and
 * `withoutSecrets` drops any field whose name says it is one), and where it came from.
 */
export type AuditEntry = {
  action: AuditAction;
  actor?: { id: string | null; email: string | null };
  targetType?: string;
  targetId?: string | number | null;
  propertyId?: number | null;
  changes?: Record<string, { before: unknown; after: unknown }> | null;
  detail?: Record<string, unknown> | null;
};

/** Where an event came from: the request's address, browser and id. */
export type AuditOrigin = {
  ipAddress: string | null;
  userAgent: string | null;
  requestId: string | null;
};

export function originOf(request: FastifyRequest): AuditOrigin {
  return {
    ipAddress: request.ip,
    userAgent: request.headers["user-agent"]?.slice(0, 512) ?? null,
    requestId: String(request.id),
  };
}

/**
 * Records an event of this request. A failure to write it never fails the request (the change it
 * describes is already made): the event goes to the log at error level instead.
 */
export async function audit(request: FastifyRequest, entry: AuditEntry): Promise<void> {
  try {
    await request.server.auditLog.record(entry, originOf(request));
  } catch (error) {
    request.log.error({ err: error, audit: entry }, "audit event not recorded");
  }
}

const SECRET_FIELD = /password|secret|token|code|hash/i;

/** Drops fields whose names say they hold a secret, whatever a caller passed. */
function withoutSecrets<T>(record: Record<string, T> | null | undefined): Record<string, T> | null {
  if (!record) return null;
  const kept = Object.entries(record).filter(([key]) => !SECRET_FIELD.test(key));
  return kept.length > 0 ? Object.fromEntries(kept) : null;
}

/**
 * The fields of `keys` whose values differ between `before` and `after` (compared as JSON), as
 * `{field: {before, after}}`; null when none changed. A created record has `before` null, a
 * deleted one `after` null.
 */
export function changesOf(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  keys: readonly string[] = Object.keys(after ?? before ?? {}),
): Record<string, { before: unknown; after: unknown }> | null {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of keys) {
    const was = before ? (before[key] ?? null) : null;
    const now = after ? (after[key] ?? null) : null;
    if (JSON.stringify(was) !== JSON.stringify(now)) changes[key] = { before: was, after: now };
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

const endOfDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

export function createAuditLog(db: Db) {
  function filters(query: AuditQuery): SQL | undefined {
    const actor = query.actor?.toLowerCase();
    return and(
      actor
        ? isUuid(actor)
          ? eq(auditEvents.actorId, actor)
          : sql`lower(${auditEvents.actorEmail}) like ${`%${actor.replace(/[\\%_]/g, "\\$&")}%`}`
        : undefined,
      query.action ? eq(auditEvents.action, query.action) : undefined,
      query.propertyId ? eq(auditEvents.propertyId, query.propertyId) : undefined,
      query.from ? gte(auditEvents.at, new Date(`${query.from}T00:00:00Z`)) : undefined,
      query.to ? lt(auditEvents.at, endOfDay(query.to)) : undefined,
    );
  }

  return {
    async record(entry: AuditEntry, origin: AuditOrigin): Promise<void> {
      await db.insert(auditEvents).values({
        action: entry.action,
        actorId: entry.actor?.id ?? null,
        actorEmail: entry.actor?.email ?? null,
        targetType: entry.targetType ?? null,
        targetId: entry.targetId == null ? null : String(entry.targetId),
        propertyId: entry.propertyId ?? null,
        changes: withoutSecrets(entry.changes),
        detail: withoutSecrets(entry.detail),
        ipAddress: origin.ipAddress,
        userAgent: origin.userAgent,
        requestId: origin.requestId,
      });
    },

    /** Newest first, `limit` at most, older than `before` when given (the next page). */
    async list(query: AuditQuery, limit: number): Promise<AuditEvent[]> {
      const rows = await db
        .select()
        .from(auditEvents)
        .where(and(filters(query), query.before ? lt(auditEvents.id, query.before) : undefined))
        .orderBy(desc(auditEvents.id))
        .limit(limit);
      return rows.map(toAuditEvent);
    },

    /**
     * Removes the events past the retention: the only DELETE the table's trigger lets through,
     * and only in a transaction that says it is the purge. Answers how many went.
     */
    async purge(): Promise<number> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('rentals.audit_purge', 'on', true)`);
        const rows = await tx
          .delete(auditEvents)
          .where(lte(auditEvents.at, sql`now() - make_interval(days => ${AUDIT_RETENTION_DAYS})`))
          .returning({ id: auditEvents.id });
        return rows.length;
      });
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;

function toAuditEvent(row: typeof auditEvents.$inferSelect): AuditEvent {
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
    changes: row.changes ?? null,
    detail: row.detail ?? null,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    requestId: row.requestId,
  };
}

/** One CSV line: every field quoted, quotes doubled; a leading = + - @ is defused (CSV injection). */
export function csvLine(values: readonly unknown[]): string {
  return values
    .map((value) => {
      let text =
        value === null || value === undefined
          ? ""
          : typeof value === "object"
            ? JSON.stringify(value)
            : String(value);
      if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
      return `"${text.replace(/"/g, '""')}"`;
    })
    .join(",");
}

export const CSV_COLUMNS = [
  "time",
  "actor",
  "action",
  "target",
  "building",
  "changes",
  "detail",
  "address",
  "browser",
  "request",
] as const;

export function csvRow(event: AuditEvent): string {
  return csvLine([
    event.at,
    event.actorEmail ?? event.actorId ?? "",
    event.label,
    event.targetType ? `${event.targetType} ${event.targetId ?? ""}`.trim() : "",
    event.propertyId,
    event.changes,
    event.detail,
    event.ipAddress,
    event.userAgent,
    event.requestId,
  ]);
}
