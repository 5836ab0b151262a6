import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "#server/db/columns";
import { mailboxKey } from "#server/db/mailbox";

/**
 * A renter's own request for their data (a copy, or its deletion), sent from the privacy page.
 * It waits for the link e-mailed to the address (`confirmed_at` null; purged after 7 days),
 * then is open in the back office until staff mark it answered, due 45 days after it was
 * confirmed. The link's token is kept as its SHA-256 only, and cleared once used. An erasure of
 * the person's data clears `email`: the request stays, unnamed, as the record that it was
 * answered, for the retention table's time after the answer.
 */
export const privacyRequests = pgTable(
  "privacy_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email"),
    /** The mailbox the address reaches: the daily cap of links counts it. */
    mailbox: text("mailbox").generatedAlwaysAs(mailboxKey(sql.raw("email"))),
    kind: text("kind", { enum: ["access", "deletion"] }).notNull(),
    lang: text("lang", { enum: ["en", "es"] })
      .notNull()
      .default("en"),
    tokenHash: text("token_hash"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    dueAt: timestamp("due_at", { withTimezone: true }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    /** The staff member who marked it answered, by address (as the audit trail names them). */
    answeredBy: text("answered_by"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("privacy_requests_token_key").on(t.tokenHash),
    // The daily cap of links a mailbox is sent.
    index("privacy_requests_mailbox_idx").on(t.mailbox, t.createdAt),
    // The Privacy tab's pages: open ones by due date, answered ones newest first.
    index("privacy_requests_open_idx")
      .on(t.dueAt, t.id)
      .where(sql`${t.answeredAt} is null and ${t.confirmedAt} is not null`),
    index("privacy_requests_answered_idx").on(t.answeredAt, t.id),
    // The purge of links never confirmed.
    index("privacy_requests_unconfirmed_idx").on(t.createdAt).where(sql`${t.confirmedAt} is null`),
    check("privacy_requests_kind_check", sql`${t.kind} in ('access', 'deletion')`),
    check("privacy_requests_lang_check", sql`${t.lang} in ('en', 'es')`),
    check("privacy_requests_due_check", sql`(${t.confirmedAt} is null) = (${t.dueAt} is null)`),
  ],
);
