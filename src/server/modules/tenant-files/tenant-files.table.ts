import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt } from "#server/db/columns";
import { properties } from "#server/modules/properties/properties.table";
import { users } from "#server/modules/users/users.table";

/**
 * Staff ask a tenant for documents: an e-mailed upload link (valid 14 days) that needs no
 * sign-in. The row lets the office see what was asked and received, and ends the link early.
 */
export const documentRequests = pgTable(
  "document_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantName: text("tenant_name").notNull(),
    tenantEmail: text("tenant_email").notNull(),
    propertyId: integer("property_id").references(() => properties.id, { onDelete: "set null" }),
    /** The building's title when the request was made, kept if the building is deleted. */
    propertyName: text("property_name").notNull(),
    unit: text("unit").notNull().default(""),
    category: text("category", { enum: ["maintenance", "lease", "property", "other"] }).notNull(),
    maintenanceRequest: text("maintenance_request"),
    note: text("note").notNull().default(""),
    /** The language of the e-mail and of the upload page its link opens. */
    language: text("language", { enum: ["en", "es"] })
      .notNull()
      .default("en"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("document_requests_created_idx").on(t.createdAt),
    index("document_requests_newest_idx").on(t.createdAt, t.id),
    // A person's data on request, by the address the request went to.
    index("document_requests_email_idx").on(sql`lower(${t.tenantEmail})`, t.createdAt),
    check(
      "document_requests_category_check",
      sql`${t.category} in ('maintenance', 'lease', 'property', 'other')`,
    ),
    check("document_requests_language_check", sql`${t.language} in ('en', 'es')`),
  ],
);

/**
 * Documents from tenants: a signed-in tenant's upload, or one through a document request. The
 * tenant's name and e-mail are copied in, so a file stays attributed after an account or request
 * is gone. The bytes live outside the public uploads folder, under `filename`.
 */
export const tenantFiles = pgTable(
  "tenant_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id").references(() => users.id, { onDelete: "set null" }),
    requestId: uuid("request_id").references(() => documentRequests.id, { onDelete: "set null" }),
    tenantName: text("tenant_name").notNull(),
    tenantEmail: text("tenant_email").notNull(),
    propertyId: integer("property_id").references(() => properties.id, { onDelete: "set null" }),
    propertyName: text("property_name").notNull().default(""),
    unit: text("unit").notNull().default(""),
    category: text("category", { enum: ["maintenance", "lease", "property", "other"] }).notNull(),
    /** The stored name (random, no extension) in the tenant files folder. */
    filename: text("filename").notNull(),
    originalName: text("original_name").notNull(),
    size: integer("size").notNull(),
    mime: text("mime").notNull(),
    maintenanceRequest: text("maintenance_request"),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
    /** A document the office shared with the tenant (a lease, a notice), not one they sent. */
    fromOffice: boolean("from_office").notNull().default(false),
    sharedBy: uuid("shared_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("tenant_files_uploaded_idx").on(t.uploadedAt),
    // The Files tab's keyset order, all files and one category's.
    index("tenant_files_newest_idx").on(t.uploadedAt, t.id),
    index("tenant_files_category_newest_idx").on(t.category, t.uploadedAt, t.id),
    index("tenant_files_request_idx").on(t.requestId),
    // A tenant's running total is counted on every upload of theirs.
    index("tenant_files_tenant_idx").on(t.tenantId),
    // A person's data on request, by the sender's address.
    index("tenant_files_email_idx").on(sql`lower(${t.tenantEmail})`, t.uploadedAt),
    uniqueIndex("tenant_files_filename_key").on(t.filename),
    check(
      "tenant_files_category_check",
      sql`${t.category} in ('maintenance', 'lease', 'property', 'other')`,
    ),
  ],
);
