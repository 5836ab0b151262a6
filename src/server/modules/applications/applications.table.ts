import { sql } from "drizzle-orm";
import { check, date, integer, pgTable } from "drizzle-orm/pg-core";
import { updatedAt } from "#server/db/columns";

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
