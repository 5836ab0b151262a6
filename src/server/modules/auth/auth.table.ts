import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "#server/db/columns";
import { users } from "#server/modules/users/users.table";

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
    purpose: text("purpose", { enum: ["verify", "reset", "enrol"] }).notNull(),
    codeHash: text("code_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("auth_codes_user_purpose_idx").on(t.userId, t.purpose),
    check("auth_codes_purpose_check", sql`${t.purpose} in ('verify', 'reset', 'enrol')`),
  ],
);
