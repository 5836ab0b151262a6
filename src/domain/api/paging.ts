import { z } from "#domain/zod";

/**
 * Every list the API answers is bounded: a page of at most `max` rows (default `limit`), and an
 * opaque `cursor` that names where the next page starts (null on the last page). The server
 * pages with a keyset (`WHERE (sort, id) < (cursor's sort, cursor's id) ORDER BY sort DESC, id
 * DESC LIMIT limit + 1`) on an index of the same columns, so page 1,000 costs what page 1 does;
 * clients only pass the cursor back.
 */
export const PAGE_LIMIT = 50;
export const PAGE_LIMIT_MAX = 100;

/** A cursor is base64url text: never parsed by clients, and short. */
export const cursorSchema = z
  .string()
  .max(400)
  .regex(/^[A-Za-z0-9_-]+$/, "Not a cursor this list handed out.");

/** The query fields of a paged list: `limit` (1 to max, default) and the optional `cursor`. */
export function pageQueryShape({ limit = PAGE_LIMIT, max = PAGE_LIMIT_MAX } = {}) {
  return {
    limit: z.coerce.number().int().min(1).max(max).default(limit),
    cursor: cursorSchema.optional(),
  };
}

/** One page of a list: its rows (at most the limit's maximum) and the next page's cursor. */
export function pageOf<Item extends z.ZodType>(item: Item, { max = PAGE_LIMIT_MAX } = {}) {
  return z.object({
    items: z.array(item).max(max),
    nextCursor: cursorSchema.nullable(),
  });
}

export type Page<Item> = { items: Item[]; nextCursor: string | null };
