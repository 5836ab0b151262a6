import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
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
import { units } from "#server/modules/properties/properties.table";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stored lower-cased; the unique index makes e-mail addresses case-insensitive. */
    email: text("email").notNull(),
    displayName: text("display_name"),
    role: text("role", { enum: ["admin", "tenant"] })
      .notNull()
      .default("tenant"),
    emailVerified: boolean("email_verified").notNull().default(false),
    passwordHash: text("password_hash").notNull(),
    /** Bumped by a password reset: every token issued before it stops working. */
    tokenVersion: integer("token_version").notNull().default(0),
    createdAt: createdAt(),
    /** A tenant's unit (the portal shows its requests); null once the unit is gone. */
    unitId: integer("unit_id").references((): AnyPgColumn => units.id, { onDelete: "set null" }),
    /** Since when the tenant is at that unit: requests filed there before are not theirs to see. */
    unitSince: timestamp("unit_since", { withTimezone: true }),
    /** When staff invited the tenant (null for accounts made otherwise). */
    invitedAt: timestamp("invited_at", { withTimezone: true }),
    /** The account's last sign-in: an unused staff account's retention counts from it. */
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    /** Staff ended the tenant's access: no link signs them in any more. */
    accessEndedAt: timestamp("access_ended_at", { withTimezone: true }),
    /**
     * The language of a tenant's e-mails and portal notifications: chosen by staff in the
     * invitation, then the language of the page the tenant last opened a sign-in link on.
     */
    language: text("language", { enum: ["en", "es"] })
      .notNull()
      .default("en"),
  },
  (t) => [
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    index("users_unit_idx").on(t.unitId),
    // The tenants list, by address, a page at a time: only tenants who have access.
    index("users_tenants_email_idx")
      .on(t.email)
      .where(sql`${t.role} = 'tenant' and ${t.accessEndedAt} is null`),
    // The retention's purge of former tenants: whose access ended before a moment.
    index("users_access_ended_idx").on(t.accessEndedAt).where(sql`${t.accessEndedAt} is not null`),
    check("users_role_check", sql`${t.role} in ('admin', 'tenant')`),
    check("users_language_check", sql`${t.language} in ('en', 'es')`),
  ],
);
