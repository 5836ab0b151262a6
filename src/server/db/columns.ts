import { sql } from "drizzle-orm";
import { timestamp } from "drizzle-orm/pg-core";

/** A text[] literal of fixed kebab-case words (the unit facts' lists), for a CHECK. */
export const wordList = (words: readonly string[]) =>
  sql.raw(`array[${words.map((word) => `'${word.replace(/'/g, "''")}'`).join(", ")}]::text[]`);

export const createdAt = () =>
  timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
