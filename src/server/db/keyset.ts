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

/** A time key part as `timeKey` writes it, to the microsecond. */
const TIME_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** The largest value of PostgreSQL's `integer`, the type of every integer id here. */
const MAX_INTEGER = 2_147_483_647;

/**
 * What one part of a key may be: an `integer` id (a larger number would fail in SQL, not here),
 * a `bigint` id (the audit trail's: any whole number JavaScript holds exactly), a `uuid`
 * (checked before PostgreSQL casts it), a `time` as `timeKey` wrote it, any `text`, or a `rank`
 * of 0 or 1 (a boolean the list sorts by).
 */
export type KeyShape = "integer" | "bigint" | "uuid" | "time" | "text" | "rank";

const shapes: Record<KeyShape, (part: KeyPart) => boolean> = {
  integer: (part) =>
    Number.isInteger(part) && (part as number) >= 0 && (part as number) <= MAX_INTEGER,
  bigint: (part) => Number.isSafeInteger(part) && (part as number) >= 0,
  uuid: (part) => typeof part === "string" && isUuid(part),
  time: (part) => typeof part === "string" && TIME_KEY.test(part),
  text: (part) => typeof part === "string",
  rank: (part) => part === 0 || part === 1,
};

type PartOf<S extends KeyShape> = S extends "integer" | "bigint" | "rank" ? number : string;

/**
 * The key a cursor names, each part of the shape given for it; a 400 for anything else (the
 * one message of every list, from `decodeCursor`).
 */
export function decodeKey<const S extends readonly KeyShape[]>(
  cursor: string,
  shape: S,
): { -readonly [I in keyof S]: PartOf<S[I]> } {
  const key = decodeCursor(cursor, shape.length);
  if (!key.every((part, i) => shapes[shape[i] as KeyShape](part))) throw badCursor();
  return key as { -readonly [I in keyof S]: PartOf<S[I]> };
}

/** A timestamp as a key part (microseconds matter: PostgreSQL keeps them, Date does not). */
export const timeKey = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
