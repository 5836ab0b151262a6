import { describe, expect, it } from "vitest";
import { allContracts } from "#domain/api/all";
import { PAGE_LIMIT_MAX } from "#domain/api/paging";
import { z } from "#domain/zod";

/**
 * Every list an answer carries is bounded in its contract: each array of records in every JSON
 * answer declares its most items (`z.array(x).max(n)`, OpenAPI's maxItems), and a list longer
 * than a page is paged: its GET takes `limit` (with a maximum) and `cursor`, and answers
 * `nextCursor`. (Arrays of words, such as a building's amenities, are bounded where they are
 * written: their request schemas cap them.)
 * The answers are checked against their contracts in the API tests, so a server that sends more
 * than a contract allows fails there.
 */
type JsonSchema = {
  type?: string | string[];
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
};

/** The paths of the arrays in a schema, each with its maxItems (undefined when unbounded). */
function arrays(schema: JsonSchema, at = "$"): { at: string; max: number | undefined }[] {
  const found: { at: string; max: number | undefined }[] = [];
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const ofRecords = schema.items?.type === "object" || Boolean(schema.items?.properties);
  if (types.includes("array") && ofRecords) found.push({ at, max: schema.maxItems });
  if (schema.items) found.push(...arrays(schema.items, `${at}[]`));
  for (const [key, value] of Object.entries(schema.properties ?? {}))
    found.push(...arrays(value, `${at}.${key}`));
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    found.push(...arrays(branch, at));
  if (typeof schema.additionalProperties === "object")
    found.push(...arrays(schema.additionalProperties, `${at}{}`));
  return found;
}

/**
 * Lists known to be unbounded and not yet paged, each a defect with its issue open: the test
 * fails when one of them is bounded (take it off) and when another joins them. None today: a
 * new list is bounded and paged from its first commit.
 */
const stillUnpaged: readonly string[] = [];

const jsonAnswers = allContracts.flatMap((contract) =>
  Object.entries(contract.responses)
    .filter(([, spec]) => spec instanceof z.ZodType)
    .map(([status, spec]) => ({
      contract,
      status,
      schema: z.toJSONSchema(spec as z.ZodType, { io: "output", unrepresentable: "any" }),
    })),
);

describe("list bounds", () => {
  it("finds the contracts' answers", () => {
    expect(jsonAnswers.length).toBeGreaterThan(50);
  });

  it("every array in every answer declares its most items", () => {
    const unbounded = jsonAnswers.flatMap(({ contract, status, schema }) =>
      arrays(schema as JsonSchema)
        .filter((array) => array.max === undefined)
        .map((array) => `${contract.id} ${status} ${array.at}`),
    );
    expect(unbounded.sort()).toEqual([...stillUnpaged].sort());
  });

  // A write answers the record it wrote, whose own lists are capped where they are written.
  it("a list longer than a page is read in pages, with limit and cursor", () => {
    const unpaged = jsonAnswers.flatMap(({ contract, status, schema }) => {
      if (contract.method !== "GET" || contract.unpaged) return [];
      const long = arrays(schema as JsonSchema).filter(
        (array) => (array.max ?? Number.POSITIVE_INFINITY) > PAGE_LIMIT_MAX,
      );
      if (long.length === 0) return [];
      const query = contract.query?.shape ?? {};
      return "limit" in query && "cursor" in query
        ? []
        : [`${contract.id} ${status} ${long.map((a) => a.at).join(", ")}`];
    });
    expect(unpaged.sort()).toEqual([...stillUnpaged].sort());
  });

  // A paged answer (it names the next page's cursor) takes the page's size and a cursor, and the
  // size has a maximum: a caller cannot ask for the table in one page.
  it("a paged list takes a limit with a maximum, and a cursor", () => {
    const loose = jsonAnswers.flatMap(({ contract, status, schema }) => {
      const answer = schema as JsonSchema;
      if (contract.method !== "GET" || !answer.properties?.nextCursor) return [];
      const query = contract.query
        ? (z.toJSONSchema(contract.query, { io: "input", unrepresentable: "any" }) as {
            properties?: Record<string, { maximum?: number }>;
          })
        : {};
      const limit = query.properties?.limit;
      return limit?.maximum !== undefined && query.properties?.cursor
        ? []
        : [`${contract.id} ${status}`];
    });
    expect(loose).toEqual([]);
  });
});
