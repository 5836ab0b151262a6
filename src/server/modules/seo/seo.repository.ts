import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { Db } from "#server/db/client";
import { properties, units } from "#server/modules/properties/properties.table";

/**
 * The sitemap's reads. A listing file holds the records whose ids fall in one range
 * (`(n - 1) * size < id <= n * size`): an address keeps its file when others come and go, a file
 * never holds more than `size` records however the ids are spread, and each range is read from
 * the primary key by keyset, a batch at a time.
 */
export type SitemapKind = "buildings" | "units";

export type SitemapRecord = { id: number; updatedAt: Date };

/** What a file of a kind lists: active buildings, or available units of an active building. */
function listed(kind: SitemapKind) {
  return kind === "buildings"
    ? { id: properties.id, updatedAt: properties.updatedAt, where: eq(properties.active, true) }
    : {
        id: units.id,
        updatedAt: units.updatedAt,
        where: and(eq(properties.active, true), eq(units.available, true)),
      };
}

/** The listed table(s) of a kind, selecting these fields. */
function fromListed<Fields extends SelectedFields>(db: Db, kind: SitemapKind, fields: Fields) {
  const query = db.select(fields).from(properties);
  return kind === "buildings" ? query : query.innerJoin(units, eq(units.propertyId, properties.id));
}

/** The non-empty files of a kind, by number, each with its latest change: one grouped query. */
export async function sitemapFiles(
  { db }: { db: Db },
  kind: SitemapKind,
  size: number,
): Promise<{ n: number; lastmod: Date }[]> {
  const { id, updatedAt, where } = listed(kind);
  const n = sql<number>`((${id} - 1) / ${size} + 1)::int`;
  const rows = await fromListed(db, kind, { n, lastmod: sql<Date | string>`max(${updatedAt})` })
    .where(where)
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return rows.map((row) => ({
    n: row.n,
    lastmod: new Date(row.lastmod),
  }));
}

const range = (id: typeof units.id | typeof properties.id, n: number, size: number) =>
  and(gt(id, (n - 1) * size), lte(id, n * size));

/**
 * What a file's ETag is made from: how many records it lists, the latest change among them and
 * the highest id (a record listed, unlisted or edited moves one of them), one aggregate.
 */
export async function sitemapFileVersion(
  { db }: { db: Db },
  kind: SitemapKind,
  n: number,
  size: number,
): Promise<string> {
  const { id, updatedAt, where } = listed(kind);
  const [row] = await fromListed(db, kind, {
    version: sql<string>`count(*) || ':' || coalesce(max(${id}), 0) || ':' || coalesce(to_char(max(${updatedAt}), 'YYYY-MM-DD"T"HH24:MI:SS.US'), '')`,
  }).where(and(where, range(id, n, size)));
  return row?.version ?? "";
}

/** The records of file n after `afterId`, in id order, at most `batch`. */
export async function sitemapBatch(
  { db }: { db: Db },
  kind: SitemapKind,
  { n, size, afterId, batch }: { n: number; size: number; afterId: number; batch: number },
): Promise<SitemapRecord[]> {
  const { id, updatedAt, where } = listed(kind);
  const rows = await fromListed(db, kind, { id, updatedAt })
    .where(and(where, range(id, n, size), gt(id, afterId)))
    .orderBy(asc(id))
    .limit(batch);
  return rows;
}
