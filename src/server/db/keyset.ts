import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import type { Page } from "#domain/api/paging";
import { z } from "#domain/zod";
import { badRequest } from "#server/http/errors";
import { isUuid } from "#server/shared/uuid";

/**
 * Keyset paging, the one way every list is paged: rows ordered by a sort key and a unique id
 * (both in one index), a page read with `LIMIT limit + 1` after the cursor's position. The
 * cursor is the last row's key, as base64url JSON: opaque to clients, checked when it comes
 * back (a cursor that is not one this server made is a 400, never a 500).
 *
 * The index behind a list is ascending on the list's columns (`index().on(t.createdAt, t.id)`):
 * PostgreSQL scans it backwards for `ORDER BY created_at DESC, id DESC`. Not drizzle's
 * `.desc()`: it writes `DESC NULLS LAST`, an order no plain `DESC` (nulls first) matches, and the
 * planner then sorts the whole table for every page (checked with EXPLAIN on 200,000 rows).
 */
export type KeyPart = string | number;

export function encodeCursor(key: readonly KeyPart[]): string {
  return Buffer.from(JSON.stringify(key)).toString("base64url");
}

const keySchema = z
  .array(z.union([z.string().max(200), z.number()]))
  .min(1)
  .max(4);

/** The key a cursor names, of the given length; a 400 for anything else. */
export function decodeCursor(cursor: string, length: number): KeyPart[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw badCursor();
  }
  const key = keySchema.safeParse(parsed);
  if (!key.success || key.data.length !== length) throw badCursor();
  return key.data;
}

const badCursor = () => badRequest("Not a cursor this list handed out.");

/**
 * The rows after a cursor in a list ordered by `columns` (all descending, or all ascending):
 * a row-value comparison, which PostgreSQL answers from an index on the same columns.
 */
export function afterKey(
  columns: readonly (AnyColumn | SQL)[],
  key: readonly (KeyPart | Date)[],
  direction: "asc" | "desc" = "desc",
): SQL {
  const left = sql.join(
    columns.map((column) => sql`${column}`),
    sql`, `,
  );
  const right = sql.join(
    key.map((part) => sql`${part}`),
    sql`, `,
  );
  return direction === "desc" ? sql`(${left}) < (${right})` : sql`(${left}) > (${right})`;
}

/**
 * A page from rows read with `limit + 1`: at most `limit` rows, and the cursor after the last
 * one when there was more.
 */
export function toPage<Row, Item = Row>(
  rows: readonly Row[],
  limit: number,
  keyOf: (row: Row) => readonly KeyPart[],
  map: (row: Row) => Item = (row) => row as unknown as Item,
): Page<Item> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items: items.map(map),
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor(keyOf(last)) : null,
  };
}

/** The key of a list ordered by one unique text (a tenant's address); a 400 for anything else. */
export function decodeTextCursor(cursor: string): string {
  const [text] = decodeCursor(cursor, 1);
  if (typeof text !== "string") throw badCursor();
  return text;
}

/** A time key part as `timeKey` writes it, to the microsecond. */
const TIME_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/**
 * The (time, id) key of a list ordered by a timestamp and an id: the time as `timeKey` wrote it,
 * and an id of the list's kind (a whole number, or a uuid checked before PostgreSQL casts it).
 * Anything else is a 400, as for `decodeCursor`.
 */
export function decodeTimeCursor(cursor: string, id: "integer"): [string, number];
export function decodeTimeCursor(cursor: string, id: "uuid"): [string, string];
export function decodeTimeCursor(cursor: string, id: "integer" | "uuid"): [string, KeyPart] {
  const [time, key] = decodeCursor(cursor, 2);
  const idOk =
    id === "integer" ? Number.isSafeInteger(key) : typeof key === "string" && isUuid(key);
  if (typeof time !== "string" || !TIME_KEY.test(time) || !idOk) throw badCursor();
  return [time, key as KeyPart];
}

/** A timestamp as a key part (microseconds matter: PostgreSQL keeps them, Date does not). */
export const timeKey = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
