import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The audit trail: append-only. A trigger (migration 0005) refuses UPDATE, TRUNCATE and DELETE,
 * except the daily purge of events past the retention, which says so in its transaction. The
 * actor is kept by id and e-mail without a foreign key: the trail outlives accounts.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid("actor_id"),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    /** The building concerned, for the Activity tab's filter (a unit's or a photo's building). */
    propertyId: integer("property_id"),
    /** `{field: {before, after}}`, for the fields that changed; never a secret. */
    changes: jsonb("changes").$type<Record<string, { before: unknown; after: unknown }>>(),
    /** Other facts of the event (the reason a sign-in failed, how many files). */
    detail: jsonb("detail").$type<Record<string, unknown>>(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    requestId: text("request_id"),
  },
  (t) => [
    // The Activity tab pages newest first by id (`before`): each filter's index ends in the id,
    // so a page of one person, action or building is read in order, not sorted; days use `at`.
    index("audit_events_at_idx").on(t.at),
    index("audit_events_actor_idx").on(t.actorId, t.id),
    index("audit_events_action_idx").on(t.action, t.id),
    index("audit_events_property_idx").on(t.propertyId, t.id),
    // A person's data on request: the events they did, and those whose details or changes name
    // their address (a trigram index answers `lower(detail::text) like '%address%'` without
    // reading the trail: 1-25 ms at 200,000 events, against 150 ms a scan).
    index("audit_events_actor_email_idx").on(sql`lower(${t.actorEmail})`),
    index("audit_events_detail_trgm_idx").using("gin", sql`lower(${t.detail}::text) gin_trgm_ops`),
    index("audit_events_changes_trgm_idx").using(
      "gin",
      sql`lower(${t.changes}::text) gin_trgm_ops`,
    ),
  ],
);
