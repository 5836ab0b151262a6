import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "#server/db/columns";
import { properties, units } from "#server/modules/properties/properties.table";
import { users } from "#server/modules/users/users.table";

/**
 * A tenant's repair request. The tenant's name and e-mail, the building's name and the unit's
 * number are copied in, so a request stays readable after an account or a unit is gone.
 */
export const maintenanceRequests = pgTable(
  "maintenance_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id").references(() => users.id, { onDelete: "set null" }),
    tenantName: text("tenant_name").notNull(),
    tenantEmail: text("tenant_email").notNull(),
    unitId: integer("unit_id").references(() => units.id, { onDelete: "set null" }),
    propertyId: integer("property_id").references(() => properties.id, { onDelete: "set null" }),
    propertyName: text("property_name").notNull().default(""),
    unitNumber: text("unit_number").notNull().default(""),
    title: text("title").notNull(),
    description: text("description").notNull(),
    category: text("category").notNull(),
    urgency: text("urgency", { enum: ["emergency", "urgent", "routine"] }).notNull(),
    status: text("status", {
      enum: ["submitted", "scheduled", "in_progress", "completed", "cancelled"],
    })
      .notNull()
      .default("submitted"),
    permissionToEnter: boolean("permission_to_enter").notNull(),
    preferredTimes: text("preferred_times").notNull().default(""),
    scheduledFor: date("scheduled_for", { mode: "string" }),
    visitWindow: text("visit_window", { enum: ["morning", "afternoon", "evening"] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("maintenance_requests_unit_idx").on(t.unitId, t.createdAt),
    index("maintenance_requests_status_idx").on(t.status, t.urgency),
    index("maintenance_requests_property_idx").on(t.propertyId),
    // A tenant's requests: what is held about them, and the retention's purge once they left.
    index("maintenance_requests_tenant_idx").on(t.tenantId),
    // A person's data on request, by the address the request was filed under.
    index("maintenance_requests_email_idx").on(sql`lower(${t.tenantEmail})`, t.createdAt),
    // The Maintenance tab's keyset order (open emergencies first, then the newest), scanned
    // backwards: see db/keyset.ts on why keyset indexes are ascending.
    index("maintenance_requests_staff_order_idx").on(
      sql`((${t.status} in ('submitted', 'scheduled', 'in_progress') and ${t.urgency} = 'emergency')::int)`,
      t.createdAt,
      t.id,
    ),
    check(
      "maintenance_requests_category_check",
      sql`${t.category} in ('plumbing', 'electrical', 'heating_cooling', 'appliance', 'pests', 'locks_doors', 'other')`,
    ),
    check(
      "maintenance_requests_urgency_check",
      sql`${t.urgency} in ('emergency', 'urgent', 'routine')`,
    ),
    check(
      "maintenance_requests_status_check",
      sql`${t.status} in ('submitted', 'scheduled', 'in_progress', 'completed', 'cancelled')`,
    ),
    check(
      "maintenance_requests_window_check",
      sql`${t.visitWindow} in ('morning', 'afternoon', 'evening')`,
    ),
  ],
);

export type PhotoVariant = { width: number; height: number; file: string };

/** A request's photos: WebP variants under `maintenance-photos/<folder>/`, never public. */
export const maintenancePhotos = pgTable(
  "maintenance_photos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => maintenanceRequests.id, { onDelete: "cascade" }),
    folder: text("folder").notNull(),
    variants: jsonb("variants").$type<PhotoVariant[]>().notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("maintenance_photos_request_idx").on(t.requestId, t.position)],
);

/** The thread between the tenant and the office on a request. */
export const maintenanceComments = pgTable(
  "maintenance_comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => maintenanceRequests.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    authorRole: text("author_role", { enum: ["tenant", "staff"] }).notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("maintenance_comments_request_idx").on(t.requestId, t.createdAt),
    check("maintenance_comments_role_check", sql`${t.authorRole} in ('tenant', 'staff')`),
  ],
);
