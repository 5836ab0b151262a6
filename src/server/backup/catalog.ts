import type pg from "pg";

/**
 * The tables and sequences of the app's schema, read from PostgreSQL's catalog rather than from
 * schema.ts: what the migrations actually made is what a dump must hold, even a table the
 * Drizzle schema does not declare. Tables come parents first, so rows insert in that order.
 */

export const APP_SCHEMA = "public";

export type TableInfo = {
  name: string;
  /** Primary key columns in key order; rows are dumped in this order. */
  primaryKey: string[];
  /** Columns a row can be inserted into (generated columns excluded), in table order. */
  columns: string[];
};

export type SequenceInfo = { name: string; lastValue: string | null; startValue: string };

export async function listTables(client: pg.ClientBase): Promise<TableInfo[]> {
  const tables = await client.query<{ name: string; primary_key: string[]; columns: string[] }>(
    `select c.relname::text as name,
       coalesce((select array_agg(a.attname::text order by k.ord)
                   from pg_index i
                   cross join unnest(i.indkey) with ordinality as k(attnum, ord)
                   join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
                  where i.indrelid = c.oid and i.indisprimary), '{}') as primary_key,
       coalesce((select array_agg(a.attname::text order by a.attnum)
                   from pg_attribute a
                  where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                    and a.attgenerated = ''), '{}') as columns
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relkind in ('r', 'p') and not c.relispartition
     order by c.relname`,
    [APP_SCHEMA],
  );
  const references = await client.query<{ child: string; parent: string }>(
    `select child.relname::text as child, parent.relname::text as parent
       from pg_constraint f
       join pg_class child on child.oid = f.conrelid
       join pg_class parent on parent.oid = f.confrelid
       join pg_namespace n on n.oid = child.relnamespace
      where f.contype = 'f' and n.nspname = $1`,
    [APP_SCHEMA],
  );
  const byName = new Map(
    tables.rows.map((t) => [
      t.name,
      { name: t.name, primaryKey: t.primary_key, columns: t.columns },
    ]),
  );
  return parentsFirst([...byName.keys()], references.rows).map((name) => byName.get(name)!);
}

/**
 * Kahn's sort, alphabetical among equals so the order is stable. A table that refers to itself
 * needs no ordering against itself; a cycle between tables cannot be inserted in any order.
 */
export function parentsFirst(
  names: string[],
  references: { child: string; parent: string }[],
): string[] {
  const parents = new Map(names.map((name) => [name, new Set<string>()]));
  for (const { child, parent } of references) {
    if (child !== parent && parents.has(child) && parents.has(parent)) {
      parents.get(child)!.add(parent);
    }
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < names.length) {
    const ready = names
      .filter((name) => !placed.has(name) && [...parents.get(name)!].every((p) => placed.has(p)))
      .sort();
    if (ready.length === 0) {
      const rest = names.filter((name) => !placed.has(name)).join(", ");
      throw new Error(`The tables ${rest} refer to each other in a cycle.`);
    }
    for (const name of ready) {
      ordered.push(name);
      placed.add(name);
    }
  }
  return ordered;
}

/** Sequences are not transactional: this reads their current values, at least the snapshot's. */
export async function listSequences(client: pg.ClientBase): Promise<SequenceInfo[]> {
  const { rows } = await client.query<{
    name: string;
    last_value: string | null;
    start_value: string;
  }>(
    `select sequencename::text as name, last_value::text, start_value::text
       from pg_sequences where schemaname = $1 order by sequencename`,
    [APP_SCHEMA],
  );
  return rows.map((r) => ({ name: r.name, lastValue: r.last_value, startValue: r.start_value }));
}

export const qualified = (client: pg.ClientBase, name: string) =>
  `${client.escapeIdentifier(APP_SCHEMA)}.${client.escapeIdentifier(name)}`;
