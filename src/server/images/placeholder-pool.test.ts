import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_WIDTHS } from "../../domain/photos";
import { ensurePlaceholderPool, PLACEHOLDER_POOL_SIZE } from "./placeholder-pool";

let uploadsDir: string;

beforeAll(async () => {
  uploadsDir = await mkdtemp(path.join(os.tmpdir(), "placeholder-pool-"));
  await ensurePlaceholderPool(uploadsDir);
});

afterAll(async () => {
  await rm(uploadsDir, { recursive: true, force: true });
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
    await ensurePlaceholderPool(uploadsDir);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await modificationTimes()).toEqual(before);
  });

  it("redraws only a placeholder with a missing file", async () => {
    const before = await modificationTimes();
    await rm(path.join(uploadsDir, "placeholders", "3", "768.webp"));
    await ensurePlaceholderPool(uploadsDir);
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
