import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "#server/db/columns";
import { users } from "#server/modules/users/users.table";

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
