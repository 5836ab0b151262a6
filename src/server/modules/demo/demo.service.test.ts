import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { images, properties } from "#server/db/schema";
import { uploadKey } from "#server/storage/keys";
import type { ObjectStore } from "#server/storage/storage";
import { createTestS3Store, type TestStore } from "#server/storage/storage.test-helpers";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import { countBuildings, seedDemoContent } from "./demo.service";
import { demoBuildings } from "./demo-content";

/** The demo content on the s3 driver: its photos go to the bucket, rows and objects agree. */

let database: TestDatabase;
let bucket: TestStore;

beforeAll(async () => {
  database = await createTestDb();
  bucket = await createTestS3Store();
});

afterAll(async () => {
  await bucket.close();
  await database.drop();
});

beforeEach(async () => {
  await database.db.delete(properties);
});

describe("seedDemoContent", () => {
  it("puts every photo in the bucket, each object named by a row, and loads once only", async () => {
    const result = await seedDemoContent({ db: database.db, store: bucket.store });
    expect(result).toMatchObject({ seeded: true, buildings: demoBuildings.length });
    const rows = await database.db.select().from(images);
    expect(rows.length).toBeGreaterThan(0);
    const named = rows.flatMap((row) => row.variants.map((v) => uploadKey(v.path))).sort();
    expect(await bucket.keys("uploads/images/")).toEqual(named);

    expect(await seedDemoContent({ db: database.db, store: bucket.store })).toMatchObject({
      seeded: false,
    });
    expect(await bucket.keys("uploads/images/")).toEqual(named);
  });

  it("removes a building's photos from the bucket when it cannot be loaded whole", async () => {
    for (const key of await bucket.keys("uploads/")) await bucket.store.delete(key);
    let puts = 0;
    const failing: ObjectStore = {
      ...bucket.store,
      put: (async (key: string, body: Buffer, options: { contentType: string }) => {
        // The first building's second photo: its first photo is already in the bucket.
        if (++puts === 5) throw new Error("bucket unreachable");
        await bucket.store.put(key, body, options);
      }) as ObjectStore["put"],
    };
    await expect(seedDemoContent({ db: database.db, store: failing })).rejects.toThrow(
      "bucket unreachable",
    );
    expect(puts).toBeGreaterThan(5);
    expect(await bucket.keys("uploads/")).toEqual([]);
    expect(await countBuildings({ db: database.db })).toBe(0);
    expect(await database.db.select().from(images)).toEqual([]);
  });
});
