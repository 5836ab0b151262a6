import { sql } from "drizzle-orm";
import { index, integer, type PgColumn, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "#server/db/columns";
import { properties, units } from "#server/modules/properties/properties.table";

export const inquiries = pgTable(
  "inquiries",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    subject: text("subject").notNull().default(""),
    message: text("message").notNull(),
    propertyId: integer("property_id").references(() => properties.id, { onDelete: "set null" }),
    unitId: integer("unit_id").references(() => units.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    handledAt: timestamp("handled_at", { withTimezone: true }),
  },
  (t) => [
    // The back office's keyset order (newest first, the higher id between equals).
    index("inquiries_created_idx").on(t.createdAt, t.id),
    // The unhandled ones: the tab's badge (a count) and its Unhandled filter, in the same order.
    index("inquiries_unhandled_idx").on(t.createdAt, t.id).where(sql`${t.handledAt} is null`),
    // A person's messages: the retention's "since their last message", and what is held about
    // an address.
    // (Addresses are kept as typed: one person is the lower-cased address.)
    index("inquiries_email_idx").on(sql`lower(${t.email})`, t.createdAt),
    // A unit's latest inquiries, beside its showings in the back office.
    index("inquiries_unit_idx").on(t.unitId, t.createdAt, t.id),
    // The tab's search: the words of the name, e-mail, subject and message.
    index("inquiries_search_idx").using("gin", inquirySearchDocument(t)),
  ],
);

/**
 * The text the Inquiries tab searches, as an expression the GIN index above holds: the 'simple'
 * configuration (no stemming, no stop words: names and addresses are not English prose). The
 * repository must use this very expression for PostgreSQL to use the index.
 */
export function inquirySearchDocument(
  t: Record<"name" | "email" | "subject" | "message", PgColumn>,
) {
  return sql`to_tsvector('simple', ${t.name} || ' ' || ${t.email} || ' ' || ${t.subject} || ' ' || ${t.message})`;
}
