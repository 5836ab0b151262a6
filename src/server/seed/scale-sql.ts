import type pg from "pg";

/**
 * SQL text for the scale seed's statements. Every value is a function of the row's number `g`
 * (a bigint of `generate_series`) through PostgreSQL's `hashint8extended`, whose results are
 * stable across platforms and versions (hash partitioning relies on it): the same factor gives
 * the same data, without a random generator's state. Only the words lists below are inlined,
 * quoted here; numbers come from code, never from input.
 */

/** A pseudo-random number in [0, 1), one per row and salt. */
export const rnd = (salt: number, g = "g") =>
  `((hashint8extended((${g})::bigint, ${salt}) & 9007199254740991)::float8 / 9007199254740992)`;

/** A pseudo-random integer from 0 to n - 1. */
export const pick = (salt: number, n: number | string, g = "g") =>
  `((hashint8extended((${g})::bigint, ${salt}) & 2147483647) % (${n}))`;

export const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

export const textArray = (list: readonly string[]) =>
  `array[${list.map(quote).join(", ")}]::text[]`;

/** One of the words, evenly. */
export const oneOf = (list: readonly string[], salt: number, g = "g") =>
  `(${textArray(list)})[1 + ${pick(salt, list.length, g)}]`;

/** One of the values, each with its share (the shares sum to 1; the last takes the rest). */
export function weighted(choices: readonly [string, number][], salt: number, g = "g"): string {
  let upTo = 0;
  const branches = choices.slice(0, -1).map(([value, share]) => {
    upTo += share;
    return `when ${rnd(salt, g)} < ${upTo.toFixed(6)} then ${value}`;
  });
  return `(case ${branches.join(" ")} else ${choices.at(-1)![0]} end)`;
}

/** Those of the words each row has, each word with its own chance (none: an empty array). */
export const someOf = (choices: readonly [string, number][], salt: number, g = "g") =>
  `array_remove(array[${choices
    .map(([word, share], i) => `case when ${rnd(salt + i, g)} < ${share} then ${quote(word)} end`)
    .join(", ")}]::text[], null)`;

/** A name from the lists' row of the same salt: "First Last". */
export const personName = (
  first: readonly string[],
  last: readonly string[],
  salt: number,
  g = "g",
) => `(${oneOf(first, salt, g)} || ' ' || ${oneOf(last, salt + 1, g)})`;

/** An address made from a name (accents and apostrophes left out) at a reserved domain. */
export const emailFrom = (name: string, suffix: string, domain: string) =>
  `(translate(lower(replace(replace(${name}, '''', ''), ' ', '.')), 'áéíóúñś', 'aeiouns') || ${suffix} || '@${domain}')`;

/** A uuid of row `g` for one kind of row, from the load's salt: references need no lookup. */
export const rowUuid = (kind: string, g = "g") => `md5($salt::text || ':${kind}:' || (${g}))::uuid`;

/**
 * The same, shaped as a version 4 uuid (its version and variant digits set), for rows whose
 * contracts check the uuid's form as they answer (the API's showings).
 */
export const rowUuidV4 = (kind: string, g = "g") =>
  `overlay(overlay(md5($salt::text || ':${kind}:' || (${g})) placing '4' from 13 for 1) placing '8' from 17 for 1)::uuid`;

export type Executor = Pick<pg.ClientBase, "query">;

/** Runs `sql` over rows 1..total in batches; `$from` and `$to` are a batch's bounds. */
export async function inBatches(
  client: Executor,
  sql: string,
  total: number,
  params: Record<string, unknown> = {},
  batch = 100_000,
): Promise<number> {
  let rows = 0;
  for (let from = 1; from <= total; from += batch) {
    const to = Math.min(total, from + batch - 1);
    rows += await run(client, sql, { ...params, from, to });
  }
  return rows;
}

/**
 * Runs a statement whose parameters are named (`$from`, `$salt`): node-postgres knows only
 * positions, and names keep long statements readable. Answers the rows it wrote.
 */
export async function run(
  client: Executor,
  sql: string,
  params: Record<string, unknown> = {},
): Promise<number> {
  const names = Object.keys(params).sort((a, b) => b.length - a.length);
  const values: unknown[] = [];
  let text = sql;
  for (const name of names) {
    const pattern = new RegExp(`\\$${name}\\b`, "g");
    if (!pattern.test(text)) continue;
    values.push(params[name]);
    text = text.replace(pattern, `$${values.length}`);
  }
  const result = await client.query(text, values);
  return result.rowCount ?? 0;
}
