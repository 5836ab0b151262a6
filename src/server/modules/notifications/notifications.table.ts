import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "#server/db/columns";
import { users } from "#server/modules/users/users.table";

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
  (t) => [
    index("notification_events_user_idx").on(t.userId, t.createdAt),
    // The daily purge of notices past the retention table's period.
    index("notification_events_created_idx").on(t.createdAt),
    // The notices of a record being deleted (a maintenance request), found by where they lead.
    index("notification_events_action_idx").on(t.actionUrl),
  ],
);

/** A signed-in person's notification preferences (the settings page's), once saved. */
export const notificationPreferences = pgTable("notification_preferences", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  preferences: jsonb("preferences").notNull(),
  updatedAt: updatedAt(),
});
