import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { ShowingHours } from "#domain/showings";
import { createdAt, updatedAt } from "#server/db/columns";
import { properties, units } from "#server/modules/properties/properties.table";

/**
 * A building's showing hours (ShowingHours: weekly windows as minutes after midnight, office
 * time, slot length, buffer, notice, horizon, dates off). A building without a row offers no
 * slot online.
 */
export const showingHours = pgTable("showing_hours", {
  propertyId: integer("property_id")
    .primaryKey()
    .references(() => properties.id, { onDelete: "cascade" }),
  hours: jsonb("hours").$type<ShowingHours>().notNull(),
  updatedAt: updatedAt(),
});

/**
 * A showing of a unit: `requested` (waiting for staff to confirm), `booked`, then `completed`,
 * `no_show`, `cancelled` or `released` (a request nobody confirmed in time). While requested or
 * booked it holds its time: an exclusion constraint (migration 0032, btree_gist) refuses a second
 * showing of the unit whose range overlaps, so two renters can never hold one slot. The renter's
 * link (cancel, move) is kept as its SHA-256; `sequence` counts the calendar invitation's
 * versions (a cancellation is sent with a higher one, so calendars replace the event).
 */
export const showings = pgTable(
  "showings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    unitId: integer("unit_id")
      .notNull()
      .references(() => units.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    status: text("status", {
      enum: ["requested", "booked", "completed", "no_show", "cancelled", "released"],
    }).notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    note: text("note").notNull().default(""),
    lang: text("lang", { enum: ["en", "es"] })
      .notNull()
      .default("en"),
    tokenHash: text("token_hash").notNull(),
    sequence: integer("sequence").notNull().default(0),
    /** Times the renter moved it: each move makes a new link (the old one stops working). */
    moves: integer("moves").notNull().default(0),
    /** When the renter was reminded a day before, and two hours before: each is sent once. */
    remindedDayAt: timestamp("reminded_day_at", { withTimezone: true }),
    remindedHoursAt: timestamp("reminded_hours_at", { withTimezone: true }),
    /** After a completed showing: the application sent to the renter, or the lead lost. */
    followUp: text("follow_up", { enum: ["application_sent", "lead_lost"] }),
    followedUpAt: timestamp("followed_up_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("showings_token_key").on(t.tokenHash),
    // A unit's showings by time (the slots' taken ranges), and the office's calendar.
    index("showings_unit_idx").on(t.unitId, t.startsAt),
    index("showings_starts_idx").on(t.startsAt, t.id),
    // A person's data on request, by the renter's address, newest first.
    index("showings_email_idx").on(sql`lower(${t.email})`, t.createdAt),
    // The runner's passes: requests waiting, and booked showings to remind, by time.
    index("showings_status_idx").on(t.status, t.startsAt),
    check(
      "showings_status_check",
      sql`${t.status} in ('requested', 'booked', 'completed', 'no_show', 'cancelled', 'released')`,
    ),
    check("showings_lang_check", sql`${t.lang} in ('en', 'es')`),
    check(
      "showings_follow_up_check",
      sql`${t.followUp} is null or ${t.followUp} in ('application_sent', 'lead_lost')`,
    ),
    check("showings_range_check", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
