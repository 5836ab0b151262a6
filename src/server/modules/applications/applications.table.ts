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
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  type AdverseAction,
  type ApplicantDraft,
  type ApplicationDecisionRecord,
  type ApplicationOfferRecord,
  applicationSources,
  applicationStatuses,
  type HouseholdDraft,
} from "#domain/applications";
import { createdAt, updatedAt } from "#server/db/columns";
import { units } from "#server/modules/properties/properties.table";
import { users } from "#server/modules/users/users.table";

/**
 * The screening-report fee's caps staff recorded (the Commissioner of Housing adjusts the $50 of
 * CGS 47a-4d each year), each from the day it applies; the one in force is the latest that
 * applies by then.
 */
export const screeningFeeCaps = pgTable(
  "screening_fee_caps",
  {
    appliesFrom: date("applies_from", { mode: "string" }).primaryKey(),
    cap: integer("cap").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check("screening_fee_caps_cap_check", sql`${t.cap} between 0 and 1000`)],
);

/**
 * An application for a unit. The unit's building and number are copied in (`place`): the record
 * of who applied and what was decided outlives a unit staff delete. `decision` holds why it was
 * denied or approved on conditions, `offer` the home offered (rent, deposit, charges, lead-paint
 * disclosure) once approved; `acceptedAt` ends the applicants' part: they are tenants then.
 */
export const applications = pgTable(
  "applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    unitId: integer("unit_id").references(() => units.id, { onDelete: "set null" }),
    place: text("place").notNull(),
    status: text("status", { enum: applicationStatuses }).notNull().default("draft"),
    source: text("source", { enum: applicationSources }).notNull().default("invited"),
    household: jsonb("household").$type<HouseholdDraft>().notNull().default({}),
    /** The staff member who sent the invitation (null once their account is gone). */
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }).notNull().defaultNow(),
    screeningFee: integer("screening_fee"),
    decision: jsonb("decision").$type<ApplicationDecisionRecord>(),
    offer: jsonb("offer").$type<ApplicationOfferRecord>(),
    offeredAt: timestamp("offered_at", { withTimezone: true }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    leadPaintAcknowledgedAt: timestamp("lead_paint_acknowledged_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The office's list, newest first, of all or of one status.
    index("applications_created_idx").on(t.createdAt, t.id),
    index("applications_status_idx").on(t.status, t.createdAt, t.id),
    index("applications_unit_idx").on(t.unitId),
    // The retention purge: applications whose last step is two years old.
    index("applications_updated_idx").on(t.updatedAt),
    // The office's search by unit (pg_trgm, migration 0030): any part of the words.
    index("applications_place_trgm_idx").using("gin", sql`lower(${t.place}) gin_trgm_ops`),
    check("applications_fee_check", sql`${t.screeningFee} between 0 and 1000`),
    check(
      "applications_status_check",
      sql`${t.status} in (${sql.raw(applicationStatuses.map((s) => `'${s}'`).join(", "))})`,
    ),
  ],
);

/**
 * One adult of an application, with their own link (kept as its SHA-256) and their own part:
 * `part` is the draft they save as they go, checked whole when they submit it. The first one
 * (`primary`) was invited by the office and gives the household.
 */
export const applicants = pgTable(
  "applicants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    primary: boolean("primary").notNull().default(false),
    name: text("name").notNull(),
    email: text("email").notNull(),
    lang: text("lang", { enum: ["en", "es"] })
      .notNull()
      .default("en"),
    tokenHash: text("token_hash").notNull(),
    linkExpiresAt: timestamp("link_expires_at", { withTimezone: true }).notNull(),
    part: jsonb("part").$type<ApplicantDraft>().notNull().default({}),
    /** Copied out of the part when it is submitted: the duplicates' check and the deposit's. */
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    consentedAt: timestamp("consented_at", { withTimezone: true }),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("applicants_token_key").on(t.tokenHash),
    index("applicants_application_idx").on(t.applicationId),
    // Duplicates: the same address, or the same name and date of birth, on another application.
    index("applicants_email_idx").on(sql`lower(${t.email})`),
    index("applicants_name_birth_idx").on(sql`lower(${t.name})`, t.dateOfBirth),
    // The office's search by name or address, any part of them (pg_trgm).
    index("applicants_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    index("applicants_email_trgm_idx").using("gin", sql`lower(${t.email}) gin_trgm_ops`),
    // At most one first applicant per application.
    uniqueIndex("applicants_primary_key").on(t.applicationId).where(sql`${t.primary}`),
    check("applicants_lang_check", sql`${t.lang} in ('en', 'es')`),
  ],
);

/**
 * Adverse-action notices sent (15 U.S.C. 1681m): the facts and the words sent, kept with the
 * application as long as it is kept.
 */
export const adverseActionNotices = pgTable(
  "adverse_action_notices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    applicantId: uuid("applicant_id")
      .notNull()
      .references(() => applicants.id, { onDelete: "cascade" }),
    facts: jsonb("facts").$type<AdverseAction>().notNull(),
    lang: text("lang", { enum: ["en", "es"] }).notNull(),
    /** The notice as sent (plain text), so what was said can be shown later. */
    body: text("body").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("adverse_action_notices_application_idx").on(t.applicationId, t.sentAt),
    check("adverse_action_notices_lang_check", sql`${t.lang} in ('en', 'es')`),
  ],
);
