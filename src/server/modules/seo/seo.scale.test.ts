import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProperty } from "#tests/support/fixtures";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import { sitemapFile, sitemapIndex } from "./seo.service";

/**
 * The sitemap at a few thousand units, with files of 500 records (1,000 URLs) so that the index
 * names several: every listed page appears once across the files, each file within its bound.
 */
let database: TestDatabase;
const origin = "https://rent.example.com";
const UNITS = 3_000;
const RECORDS_PER_FILE = 500;
const listedUnits = new Set<number>();
let buildingId = 0;

beforeAll(async () => {
  database = await createTestDb();
  buildingId = (await insertProperty(database.db)).id;
  const rows = await database.db.execute<{ id: number; available: boolean }>(sql`
    insert into units (property_id, unit_number, rent, available)
    select ${buildingId}, 'S' || g, 1500, g % 7 <> 0 from generate_series(1, ${UNITS}) g
    returning id, available`);
  for (const row of rows.rows ?? rows) if (row.available) listedUnits.add(Number(row.id));
});

afterAll(async () => {
  await database.drop();
});

async function read(body: () => AsyncIterable<string>): Promise<string> {
  let text = "";
  for await (const chunk of body()) text += chunk;
  return text;
}

describe("the sitemap index at a few thousand units", () => {
  it("names files that hold every listed page once, each file under its bound", async () => {
    const deps = { db: database.db, publicUrl: origin, recordsPerFile: RECORDS_PER_FILE };
    const { xml } = await sitemapIndex(deps);
    const names = [...xml.matchAll(/<loc>[^<]+\/sitemaps\/([^<]+)<\/loc>/g)].map(([, n]) => n!);
    expect(names.filter((name) => name.startsWith("units-")).length).toBeGreaterThan(3);

    const seen: string[] = [];
    for (const name of names) {
      const file = await sitemapFile(deps, name);
      expect(file, name).not.toBeNull();
      const body = await read(file!.body);
      const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc!);
      expect(locs.length, name).toBeLessThanOrEqual(Math.min(50_000, RECORDS_PER_FILE * 2));
      expect(Buffer.byteLength(body)).toBeLessThan(50 * 1024 * 1024);
      seen.push(...locs);
    }
    expect(new Set(seen).size).toBe(seen.length);
    const unitPages = seen.filter((loc) => loc.startsWith(`${origin}/properties/`));
    const spanishUnitPages = seen.filter((loc) => loc.startsWith(`${origin}/es/properties/`));
    expect(new Set(unitPages.map((loc) => Number(loc.split("/").at(-1))))).toEqual(listedUnits);
    expect(spanishUnitPages).toHaveLength(listedUnits.size);
    expect(seen).toContain(`${origin}/buildings/${buildingId}`);
  });

  it("gives a file a new ETag when a unit of it is unlisted", async () => {
    const deps = { db: database.db, publicUrl: origin, recordsPerFile: RECORDS_PER_FILE };
    const [first] = [...listedUnits].sort((a, b) => a - b);
    const name = `units-${Math.floor((first! - 1) / RECORDS_PER_FILE) + 1}.xml`;
    const before = (await sitemapFile(deps, name))!.etag;
    await database.db.execute(sql`update units set available = false where id = ${first}`);
    const after = await sitemapFile(deps, name);
    expect(after!.etag).not.toBe(before);
    expect(await read(after!.body)).not.toContain(`/properties/${first}<`);
  });
});
