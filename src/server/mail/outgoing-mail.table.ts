import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "#server/db/columns";
import { mailboxKey } from "#server/db/mailbox";

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
    /** The mailbox the address reaches (plus-tags and Gmail's dots dropped): a person's mail. */
    mailbox: text("mailbox").generatedAlwaysAs(mailboxKey(sql.raw("lower(to_address)"))),
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
    // The Outgoing mail tab's keyset order, for all messages and for one status.
    index("outgoing_mail_created_idx").on(t.createdAt, t.id),
    index("outgoing_mail_status_idx").on(t.status, t.createdAt, t.id),
    // A person's data on request: the mail their mailbox was sent, newest first (with the time:
    // else the planner walks the newest-first index for a few rows of one mailbox).
    index("outgoing_mail_mailbox_idx").on(t.mailbox, t.createdAt),
    check("outgoing_mail_status_check", sql`${t.status} in ('queued', 'sent', 'failed')`),
  ],
);
