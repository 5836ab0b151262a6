import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  type PgColumn,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { FairHousingReview } from "#domain/admin";
import {
  type AccessibilityFeature,
  accessibilityFeatures,
  type LeaseTerm,
  laundryKinds,
  leaseTermChoices,
  parkingKinds,
  petPolicies,
  smokingPolicies,
  type Utility,
  utilities,
} from "#domain/unit-facts";
import { createdAt, updatedAt, wordList } from "#server/db/columns";

export const properties = pgTable(
  "properties",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    title: text("title").notNull(),
    type: text("type").notNull(),
    address: text("address").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    zipCode: text("zip_code").notNull(),
    description: text("description").notNull().default(""),
    /** The Spanish pages' description; null shows the English one there. */
    descriptionEs: text("description_es"),
    yearBuilt: integer("year_built"),
    totalUnits: integer("total_units"),
    amenities: text("amenities").array().notNull().default(sql`'{}'::text[]`),
    featured: boolean("featured").notNull().default(false),
    active: boolean("active").notNull().default(true),
    /** Counts only for a building with no units; otherwise vacancy follows its units. */
    hasVacancy: boolean("has_vacancy").notNull().default(false),
    /** Flagged wording staff saved anyway (see the fair-housing check); null when none. */
    fairHousingReview: jsonb("fair_housing_review").$type<FairHousingReview>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("properties_active_idx").on(t.active, t.featured),
    // The back office's keyset order (newest first, the higher id between equals).
    index("properties_created_idx").on(t.createdAt, t.id),
    // The Properties tab's search: the words of the title, address and town.
    index("properties_search_idx").using("gin", propertySearchDocument(t)),
    // The back office's building pickers, by name.
    index("properties_title_idx").on(t.title, t.id),
  ],
);

/**
 * The text the Properties tab searches, as an expression the GIN index above holds: the 'simple'
 * configuration (no stemming, no stop words: names and addresses are not English prose). The
 * repository must use this very expression for PostgreSQL to use the index.
 */
export function propertySearchDocument(t: Record<"title" | "address" | "city", PgColumn>) {
  return sql`to_tsvector('simple', ${t.title} || ' ' || ${t.address} || ' ' || ${t.city})`;
}

export const units = pgTable(
  "units",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    propertyId: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    unitNumber: text("unit_number").notNull(),
    bedrooms: integer("bedrooms").notNull().default(1),
    bathrooms: doublePrecision("bathrooms").notNull().default(1),
    squareFeet: integer("square_feet").notNull().default(0),
    rent: numeric("rent", { precision: 10, scale: 2, mode: "number" }).notNull(),
    deposit: numeric("deposit", { precision: 10, scale: 2, mode: "number" }).notNull().default(0),
    available: boolean("available").notNull().default(true),
    availableFrom: date("available_from", { mode: "string" }),
    features: text("features").array().notNull().default(sql`'{}'::text[]`),
    description: text("description").notNull().default(""),
    /** The Spanish pages' description; null shows the English one there. */
    descriptionEs: text("description_es"),
    floorPlan: text("floor_plan").notNull().default(""),
    /** Flagged wording staff saved anyway (see the fair-housing check); null when none. */
    fairHousingReview: jsonb("fair_housing_review").$type<FairHousingReview>(),
    // The facts renters filter on (domain/unit-facts.ts): kebab-case words; a policy left null
    // was not stated.
    accessibilityFeatures: text("accessibility_features")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`)
      .$type<AccessibilityFeature[]>(),
    utilitiesIncluded: text("utilities_included")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`)
      .$type<Utility[]>(),
    pets: text("pets", { enum: petPolicies }),
    petDeposit: numeric("pet_deposit", { precision: 10, scale: 2, mode: "number" })
      .notNull()
      .default(0),
    parking: text("parking", { enum: parkingKinds }),
    parkingFee: numeric("parking_fee", { precision: 10, scale: 2, mode: "number" })
      .notNull()
      .default(0),
    laundry: text("laundry", { enum: laundryKinds }),
    smoking: text("smoking", { enum: smokingPolicies }),
    leaseTerms: text("lease_terms")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`)
      .$type<LeaseTerm[]>(),
    vouchersWelcome: boolean("vouchers_welcome").notNull().default(false),
    /** When staff last said the availability is right: every save, or "Still available". */
    availabilityConfirmedAt: timestamp("availability_confirmed_at", { withTimezone: true })
      .notNull()
      .defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("units_property_idx").on(t.propertyId),
    // The JSON feed's pages: the available units by building then unit.
    index("units_listed_idx").on(t.propertyId, t.id).where(sql`${t.available}`),
    // The Overview's units to confirm: the available ones, the longest unconfirmed first.
    index("units_to_confirm_idx").on(t.availabilityConfirmedAt, t.id).where(sql`${t.available}`),
    uniqueIndex("units_property_number_key").on(t.propertyId, t.unitNumber),
    check("units_pets_check", sql`${t.pets} in ('none', 'cats', 'dogs', 'cats-and-dogs')`),
    check("units_parking_check", sql`${t.parking} in ('none', 'street', 'lot', 'garage')`),
    check("units_laundry_check", sql`${t.laundry} in ('in-unit', 'in-building', 'none')`),
    check("units_smoking_check", sql`${t.smoking} in ('not-allowed', 'outside-only', 'allowed')`),
    // The lists hold only their known words, as the API checks: a row written another way
    // (SQL, an import) cannot break every page and feed that reads it.
    check(
      "units_accessibility_features_check",
      sql`${t.accessibilityFeatures} <@ ${wordList(accessibilityFeatures)}`,
    ),
    check("units_utilities_included_check", sql`${t.utilitiesIncluded} <@ ${wordList(utilities)}`),
    check("units_lease_terms_check", sql`${t.leaseTerms} <@ ${wordList(leaseTermChoices)}`),
  ],
);

export type ImageVariant = { width: number; height: number; path: string };

export const images = pgTable(
  "images",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    propertyId: integer("property_id").references(() => properties.id, { onDelete: "cascade" }),
    unitId: integer("unit_id").references(() => units.id, { onDelete: "cascade" }),
    path: text("path").notNull(),
    filename: text("filename").notNull(),
    alt: text("alt").notNull().default(""),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    variants: jsonb("variants").$type<ImageVariant[]>().notNull().default([]),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("images_property_idx").on(t.propertyId),
    index("images_unit_idx").on(t.unitId),
    check("images_owner_check", sql`num_nonnulls(${t.propertyId}, ${t.unitId}) = 1`),
  ],
);
