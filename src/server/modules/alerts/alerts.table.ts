import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt } from "#server/db/columns";
import { mailboxKey } from "#server/db/mailbox";
import { units } from "#server/modules/properties/properties.table";

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
    /** The mailbox the address reaches (plus-tags and Gmail's dots dropped): the caps count it. */
    mailbox: text("mailbox").generatedAlwaysAs(mailboxKey(sql.raw("email"))),
    /**
     * Who asked, while the request waits for its confirmation: a keyed hash of the client's
     * address (never the address itself), so that one client's requests for a mailbox fill only
     * that client's share of the hourly cap. Cleared once the subscription is confirmed.
     */
    requester: text("requester"),
    /** AlertCriteria (normalized): bedroomsMin, rentMax, towns, availableNow. */
    criteria: jsonb("criteria").notNull(),
    /**
     * The criteria's hash, kept by PostgreSQL: the back office groups identical wishes by it,
     * along an index (a jsonb value sorts slowly, and an index on an expression is never read
     * alone). Criteria are stored normalized, so the same wish is one hash.
     */
    criteriaKey: text("criteria_key").generatedAlwaysAs(sql`md5(criteria::text)`),
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
    /** The subscriber's last own act (confirm, change, pause, resume, manage page): the retention counts from it. */
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    // The caps: a mailbox's requests of the last hour, and its confirmed subscriptions.
    index("alert_subscriptions_mailbox_idx").on(t.mailbox, t.createdAt),
    // The runner's pages: `status = 'active' and frequency = $1 and id > $last order by id`.
    index("alert_subscriptions_status_idx").on(t.status, t.frequency, t.id),
    // The daily purges: links past their time, and subscriptions without activity for two years.
    index("alert_subscriptions_confirm_expires_idx").on(t.confirmExpiresAt),
    index("alert_subscriptions_activity_idx").on(t.lastActivityAt),
    // The back office's subscriber list, newest first (scanned backwards: see db/keyset.ts).
    index("alert_subscriptions_newest_idx").on(t.createdAt, t.id),
    // The Overview's figures, read from these indexes alone: the renters (distinct addresses)
    // of active subscriptions, and the most wanted criteria with their renters and first day.
    index("alert_subscriptions_renters_idx").on(t.status, t.email),
    index("alert_subscriptions_wishes_idx").on(t.status, t.criteriaKey, t.email, t.createdAt),
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
 * Units whose matching facts changed (created available, made available, rent, bedrooms, town,
 * availability date, building activated or moved): what the runner matches against every
 * active subscription, and deletes as it does. Triggers on `units` and `properties` write these
 * rows in the writer's own transaction (migration 0016), so whoever changes a listing (the back
 * office, a script, a test) records it at the cost of one row, and the matching happens later,
 * in SQL, outside any request. `due_on` null is due at once; a unit that opens on a later day
 * also gets a row due that day, when it starts to match the "available now" alerts. No foreign
 * key: a row of a unit deleted meanwhile matches nothing and is dropped like the others.
 */
export const alertUnitChanges = pgTable(
  "alert_unit_changes",
  {
    // Random, not a sequence: a restore loads the dumped rows beside those its own writes to
    // units record, and the two must not collide.
    id: uuid("id").primaryKey().defaultRandom(),
    unitId: integer("unit_id").notNull(),
    dueOn: date("due_on", { mode: "string" }),
  },
  (t) => [index("alert_unit_changes_due_idx").on(t.dueOn)],
);
