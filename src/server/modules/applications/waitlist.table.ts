import { sql } from "drizzle-orm";
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "#server/db/columns";
import { properties } from "#server/modules/properties/properties.table";
import { applications } from "./applications.table";

/** A move staff made on a list: when, from and to which place, and why. */
export type WaitlistMove = { at: string; from: number; to: number; reason: string };

/**
 * A renter on a building's waiting list for a number of bedrooms: `pending` until their e-mailed
 * link confirms it, then `waiting` in the order of `rank` (the time they confirmed, as epoch
 * milliseconds, until staff move them), then `invited` once asked to apply. The link's token is
 * derived from the app's secret and the entry's id; the table keeps its SHA-256.
 */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    propertyId: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    bedrooms: integer("bedrooms").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    lang: text("lang", { enum: ["en", "es"] })
      .notNull()
      .default("en"),
    status: text("status", { enum: ["pending", "waiting", "invited"] })
      .notNull()
      .default("pending"),
    tokenHash: text("token_hash").notNull(),
    rank: doublePrecision("rank"),
    joinedAt: timestamp("joined_at", { withTimezone: true }),
    /** When they last said they are still interested (the join's confirmation, or a check's). */
    lastConfirmedAt: timestamp("last_confirmed_at", { withTimezone: true }),
    checkSentAt: timestamp("check_sent_at", { withTimezone: true }),
    invitedAt: timestamp("invited_at", { withTimezone: true }),
    applicationId: uuid("application_id").references(() => applications.id, {
      onDelete: "set null",
    }),
    /** When a link was last e-mailed: a repeated join sends it again at most once an hour. */
    linkSentAt: timestamp("link_sent_at", { withTimezone: true }).notNull().defaultNow(),
    moves: jsonb("moves").$type<WaitlistMove[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("waitlist_entries_token_key").on(t.tokenHash),
    // A list in its order, and each person's place in it.
    index("waitlist_entries_list_idx").on(t.propertyId, t.bedrooms, t.status, t.rank, t.id),
    // One entry a person on each list, confirmed or not.
    uniqueIndex("waitlist_entries_person_key").on(t.propertyId, t.bedrooms, sql`lower(${t.email})`),
    // The checks: those waiting longest since they last confirmed, and the unconfirmed.
    index("waitlist_entries_check_idx").on(t.status, t.lastConfirmedAt),
    index("waitlist_entries_created_idx").on(t.status, t.createdAt),
    check("waitlist_entries_bedrooms_check", sql`${t.bedrooms} between 0 and 6`),
    check("waitlist_entries_lang_check", sql`${t.lang} in ('en', 'es')`),
    check("waitlist_entries_status_check", sql`${t.status} in ('pending', 'waiting', 'invited')`),
  ],
);
