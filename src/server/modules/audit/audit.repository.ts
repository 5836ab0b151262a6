import { and, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { AuditQuery } from "#domain/audit";
import { auditEvents } from "#server/audit/audit.table";
import type { Db } from "#server/db/client";
import { properties } from "#server/modules/properties/properties.table";
import { isUuid } from "#server/shared/uuid";

/** The Activity tab's reads of the audit trail (the app's writes are in src/server/audit). */

/** An event, and the name its building has now (null: none, or the building is gone). */
export type AuditEventRow = typeof auditEvents.$inferSelect & { propertyTitle: string | null };

const endOfDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/** A person by id, or by part of an address; an action; a building; days, both included. */
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

/**
 * Newest first, `limit` at most, older than the event `afterId` when given (the next page): by
 * id, the order events were written, along the primary key.
 */
export async function listAuditEvents(
  { db }: { db: Db },
  query: AuditQuery,
  { limit, afterId }: { limit: number; afterId?: number | undefined },
): Promise<AuditEventRow[]> {
  const rows = await db
    .select({ event: auditEvents, propertyTitle: properties.title })
    .from(auditEvents)
    .leftJoin(properties, eq(properties.id, auditEvents.propertyId))
    .where(and(filters(query), afterId === undefined ? undefined : lt(auditEvents.id, afterId)))
    .orderBy(desc(auditEvents.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.event, propertyTitle: row.propertyTitle }));
}
