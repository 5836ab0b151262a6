import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
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

/** The data model. Rows that name files on disk (images, tenant files) own those bytes. */

/** A text[] literal of fixed kebab-case words (the unit facts' lists), for a CHECK. */
const wordList = (words: readonly string[]) =>
  sql.raw(`array[${words.map((word) => `'${word.replace(/'/g, "''")}'`).join(", ")}]::text[]`);

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

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
    check("users_role_check", sql`${t.role} in ('admin', 'tenant')`),
    check("users_language_check", sql`${t.language} in ('en', 'es')`),
  ],
);

/**
 * A staff or tenant sign-in: its token carries the row's id, and the guards accept the token
 * only while the row is live (not ended, not expired). Signing out, "Sign out" on one session
 * and a password reset end rows; the user's token version still ends them all at once.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    /** Moved forward by the guards at most once a minute. */
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /** The signing-in browser's device cookie: known browsers, and the "new browser" notice. */
    deviceId: text("device_id"),
  },
  (t) => [
    index("sessions_user_idx").on(t.userId),
    index("sessions_user_device_idx").on(t.userId, t.deviceId),
  ],
);

export const authCodes = pgTable(
  "auth_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["verify", "reset"] }).notNull(),
    codeHash: text("code_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("auth_codes_user_purpose_idx").on(t.userId, t.purpose),
    check("auth_codes_purpose_check", sql`${t.purpose} in ('verify', 'reset')`),
  ],
);

/**
 * An authenticator app (TOTP): its secret, sealed with a key derived from the server's secret
 * (a copy of the database alone does not give it away). On once confirmed with a code; the last
 * 30-second step accepted is kept, so that one code never signs in twice.
 */
export const totpFactors = pgTable("totp_factors", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  sealedSecret: text("sealed_secret").notNull(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
  createdAt: createdAt(),
});

/** Ten single-use codes for a lost phone: only their keyed hashes are kept. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

/** A passkey (WebAuthn credential): its id and public key, named by its owner. */
export const passkeys = pgTable(
  "passkeys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential id, base64url, as the browser names it. */
    credentialId: text("credential_id").notNull(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: text("transports").array().notNull().default(sql`'{}'::text[]`),
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("passkeys_credential_key").on(t.credentialId),
    index("passkeys_user_idx").on(t.userId),
  ],
);

/**
 * The second step of a sign-in in progress: the password was right; the token given for it
 * (kept as a hash) allows a few tries within minutes, and is spent by the one that succeeds.
 */
export const mfaChallenges = pgTable(
  "mfa_challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tries: integer("tries").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("mfa_challenges_token_key").on(t.tokenHash),
    index("mfa_challenges_expires_idx").on(t.expiresAt),
  ],
);

/** A passkey ceremony in progress: the challenge the browser must sign, used once. */
export const webauthnChallenges = pgTable(
  "webauthn_challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /**
     * The account adding a passkey, or signing in with one as its second step; null for a
     * passkey as the only step (the passkey names its account).
     */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["register", "sign_in"] }).notNull(),
    challenge: text("challenge").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("webauthn_challenges_purpose_check", sql`${t.purpose} in ('register', 'sign_in')`),
    index("webauthn_challenges_expires_idx").on(t.expiresAt),
  ],
);

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
  (t) => [index("properties_active_idx").on(t.active, t.featured)],
);

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
    index("tenant_files_request_idx").on(t.requestId),
    // A tenant's running total is counted on every upload of theirs.
    index("tenant_files_tenant_idx").on(t.tenantId),
    uniqueIndex("tenant_files_filename_key").on(t.filename),
    check(
      "tenant_files_category_check",
      sql`${t.category} in ('maintenance', 'lease', 'property', 'other')`,
    ),
  ],
);

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
  (t) => [index("inquiries_created_idx").on(t.createdAt)],
);

/**
 * Every e-mail the app sends, queued in the same transaction as the row it belongs to and then
 * delivered by the mail worker (a pg-boss job carries the id). The body is sealed with a key
 * derived from the app's secret (a reset link or a code must not sit readable in the database)
 * and removed once the message is sent; staff see who, what, when and why a message failed.
 */
export const outgoingMail = pgTable(
  "outgoing_mail",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What the message is (an inquiry notice, a verification code, ...): for staff and logs. */
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    /** The sealed text, html and reply-to; null once sent. */
    sealedBody: text("sealed_body"),
    status: text("status", { enum: ["queued", "sent", "failed"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
  },
  (t) => [
    index("outgoing_mail_created_idx").on(t.createdAt),
    index("outgoing_mail_status_idx").on(t.status),
    check("outgoing_mail_status_check", sql`${t.status} in ('queued', 'sent', 'failed')`),
  ],
);

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
    index("audit_events_at_idx").on(t.at),
    index("audit_events_actor_idx").on(t.actorId, t.at),
    index("audit_events_action_idx").on(t.action, t.at),
    index("audit_events_property_idx").on(t.propertyId, t.at),
  ],
);

/**
 * Listing alerts: a renter's criteria and how often they want to hear. `pending` until the
 * e-mailed link confirms it (removed after ALERT_CONFIRM_DAYS), then `active` or `paused`;
 * unsubscribing deletes the row. Links carry tokens only the e-mails know: the database keeps
 * their SHA-256 (the manage token is derived from the app's secret and the row's id, so every
 * alert e-mail can carry it without its being stored).
 */
export const alertSubscriptions = pgTable(
  "alert_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    /** AlertCriteria (normalized): bedroomsMin, rentMax, towns, availableNow. */
    criteria: jsonb("criteria").notNull(),
    frequency: text("frequency", { enum: ["instant", "daily"] }).notNull(),
    lang: text("lang", { enum: ["en", "es"] })
      .notNull()
      .default("en"),
    status: text("status", { enum: ["pending", "active", "paused"] })
      .notNull()
      .default("pending"),
    confirmTokenHash: text("confirm_token_hash"),
    confirmExpiresAt: timestamp("confirm_expires_at", { withTimezone: true }),
    manageTokenHash: text("manage_token_hash").notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** The office day (America/New_York) of the last daily summary considered. */
    lastDigestOn: date("last_digest_on", { mode: "string" }),
    /** The last change, confirmation or alert: the retention counts from it. */
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index("alert_subscriptions_email_idx").on(t.email),
    index("alert_subscriptions_status_idx").on(t.status, t.frequency),
    uniqueIndex("alert_subscriptions_confirm_key").on(t.confirmTokenHash),
    uniqueIndex("alert_subscriptions_manage_key").on(t.manageTokenHash),
    check("alert_subscriptions_frequency_check", sql`${t.frequency} in ('instant', 'daily')`),
    check("alert_subscriptions_lang_check", sql`${t.lang} in ('en', 'es')`),
    check("alert_subscriptions_status_check", sql`${t.status} in ('pending', 'active', 'paused')`),
  ],
);

/**
 * Which unit each subscription has been told about: one row per pair, ever (the primary key), so
 * restarts, retries and several instances never alert a unit twice. `pending` waits for its
 * e-mail (at once for instant alerts, in the next summary for daily ones); `sent` went out with
 * the e-mail queued in the same transaction; `known` was already listed when the subscription
 * was confirmed, changed or resumed, so it is not news to the renter.
 */
export const alertDeliveries = pgTable(
  "alert_deliveries",
  {
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => alertSubscriptions.id, { onDelete: "cascade" }),
    unitId: integer("unit_id")
      .notNull()
      .references(() => units.id, { onDelete: "cascade" }),
    state: text("state", { enum: ["pending", "sent", "known"] }).notNull(),
    matchedAt: timestamp("matched_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.subscriptionId, t.unitId] }),
    index("alert_deliveries_pending_idx").on(t.subscriptionId).where(sql`${t.state} = 'pending'`),
    index("alert_deliveries_unit_idx").on(t.unitId),
    check("alert_deliveries_state_check", sql`${t.state} in ('pending', 'sent', 'known')`),
  ],
);

/**
 * A tenant's single-use sign-in links: an invitation (valid TENANT_INVITE_DAYS) or a link asked
 * for at the portal (valid TENANT_SIGN_IN_LINK_MINUTES). Only the token's SHA-256 is stored; a
 * link is used by setting `used_at`, once.
 */
export const tenantSignInLinks = pgTable(
  "tenant_sign_in_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["invite", "sign_in"] }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    index("tenant_sign_in_links_user_idx").on(t.userId, t.createdAt),
    index("tenant_sign_in_links_expiry_idx").on(t.expiresAt),
    check("tenant_sign_in_links_purpose_check", sql`${t.purpose} in ('invite', 'sign_in')`),
  ],
);

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

/**
 * A signed-in person's notifications from the server (a request's news), shown by the
 * notification centre beside the browser's own.
 */
export const notificationEvents = pgTable(
  "notification_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    message: text("message").notNull(),
    type: text("type", { enum: ["info", "success", "warning", "error"] }).notNull(),
    category: text("category", {
      enum: ["maintenance", "payment", "system", "communication", "emergency"],
    }).notNull(),
    priority: text("priority", { enum: ["low", "medium", "high", "urgent"] }).notNull(),
    actionUrl: text("action_url"),
    actionLabel: text("action_label"),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("notification_events_user_idx").on(t.userId, t.createdAt)],
);

/** A signed-in person's notification preferences (the settings page's), once saved. */
export const notificationPreferences = pgTable("notification_preferences", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  preferences: jsonb("preferences").notNull(),
  updatedAt: updatedAt(),
});
