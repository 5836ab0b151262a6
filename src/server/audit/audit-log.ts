import type { FastifyRequest } from "fastify";
import type { AuditAction } from "#domain/audit";
import type { Db } from "#server/db/client";
import { insertAuditEvent, type NewAuditEvent, purgeAuditEvents } from "./audit.repository";

/**
 * The audit trail's writes. An event records the actor (the signed-in user, or the
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

/** The trail as the app writes it: `record` for each event, `purge` daily. */
export function createAuditLog(db: Db) {
  return {
    record: (entry: AuditEntry, origin: AuditOrigin) =>
      insertAuditEvent({ db }, toRow(entry, origin)),
    purge: () => purgeAuditEvents({ db }),
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;

function toRow(entry: AuditEntry, origin: AuditOrigin): NewAuditEvent {
  return {
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
  };
}
