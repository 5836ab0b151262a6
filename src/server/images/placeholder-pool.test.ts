import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_WIDTHS } from "#domain/photos";
import { createFsStore, type FsObjectStore } from "../storage/fs-store";
import { createTestS3Store, readObject } from "../storage/storage.test-helpers";
import { ensurePlaceholderPool, PLACEHOLDER_POOL_SIZE } from "./placeholder-pool";

let store: FsObjectStore;
/** The fs store's DATA_DIR/uploads. */
let uploadsDir: string;

beforeAll(async () => {
  store = createFsStore(await mkdtemp(path.join(os.tmpdir(), "placeholder-pool-")));
  uploadsDir = path.join(store.root, "uploads");
  await ensurePlaceholderPool(store);
});

afterAll(async () => {
  await rm(store.root, { recursive: true, force: true });
});

const files = () =>
  Array.from({ length: PLACEHOLDER_POOL_SIZE }, (_, n) =>
    IMAGE_WIDTHS.map((w) => ({
      n,
      w,
      file: path.join(uploadsDir, "placeholders", `${n}`, `${w}.webp`),
    })),
  ).flat();

async function modificationTimes(): Promise<number[]> {
  return Promise.all(files().map(async ({ file }) => (await stat(file)).mtimeMs));
}

describe("ensurePlaceholderPool", () => {
  it("writes placeholders/0..9/{480,768,1200}.webp, every one 3:2", async () => {
    expect(PLACEHOLDER_POOL_SIZE).toBe(10);
    expect(files()).toHaveLength(30);
    for (const { w, file } of files()) {
      const metadata = await sharp(file).metadata();
      expect(metadata).toMatchObject({ format: "webp", width: w, height: (w * 2) / 3 });
    }
    const folders = await readdir(path.join(uploadsDir, "placeholders"));
    expect(folders.sort()).toEqual(["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]);
  });

  it("draws ten different pictures", async () => {
    const smallest = await Promise.all(
      Array.from({ length: PLACEHOLDER_POOL_SIZE }, (_, n) =>
        sharp(path.join(uploadsDir, "placeholders", `${n}`, "480.webp"))
          .raw()
          .toBuffer(),
      ),
    );
    const distinct = new Set(smallest.map((pixels) => pixels.toString("base64")));
    expect(distinct.size).toBe(PLACEHOLDER_POOL_SIZE);
  });

  it("rewrites nothing on a second call", async () => {
    const before = await modificationTimes();
    const started = performance.now();
    await ensurePlaceholderPool(store);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await modificationTimes()).toEqual(before);
  });

  it("redraws only a placeholder with a missing file", async () => {
    const before = await modificationTimes();
    await rm(path.join(uploadsDir, "placeholders", "3", "768.webp"));
    await ensurePlaceholderPool(store);
    const after = await modificationTimes();
    files().forEach(({ n }, i) => {
      if (n === 3) expect(after[i]).not.toBe(before[i]);
      else expect(after[i]).toBe(before[i]);
    });
    const metadata = await sharp(path.join(uploadsDir, "placeholders", "3", "768.webp")).metadata();
    expect(metadata).toMatchObject({ width: 768, height: 512 });
    const folders = await readdir(path.join(uploadsDir, "placeholders"));
    expect(folders).toHaveLength(PLACEHOLDER_POOL_SIZE);
  });
});

describe("ensurePlaceholderPool on the s3 driver", () => {
  it("writes the pool into the bucket once, and finds it complete there afterwards", async () => {
    const bucket = await createTestS3Store();
    try {
      await ensurePlaceholderPool(bucket.store);
      const keys = await bucket.keys("uploads/placeholders/");
      expect(keys).toEqual(
        files()
          .map(({ n, w }) => `uploads/placeholders/${n}/${w}.webp`)
          .sort(),
      );
      // The same pictures as on disk: placeholders are drawn from fixed seeds.
      const fromBucket = await readObject(bucket.store, "uploads/placeholders/4/768.webp");
      const fromDisk = await sharp(path.join(uploadsDir, "placeholders/4/768.webp"))
        .raw()
        .toBuffer();
      expect((await sharp(fromBucket!).raw().toBuffer()).equals(fromDisk)).toBe(true);
      // Dated two hours back, so a redrawn object shows by its date alone.
      const earlier = new Date(Date.now() - 2 * 60 * 60 * 1000);
      for (const key of keys) await bucket.age(key, earlier);
      await bucket.store.delete("uploads/placeholders/7/1200.webp");
      await ensurePlaceholderPool(bucket.store);
      expect(await bucket.keys("uploads/placeholders/")).toEqual(keys);
      for (const key of keys) {
        const redrawn = (await bucket.store.head(key))!.lastModified!.getTime() > earlier.getTime();
        expect(redrawn, key).toBe(key.startsWith("uploads/placeholders/7/"));
      }
    } finally {
      await bucket.close();
    }
  });
});
