import { mkdtemp, open, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { processImage } from "../images/image-pipeline";
import { makeDirectory, writeFileDurably } from "./durable";

/** What was forced to the disk, in order: the path of every handle that was fsynced. */
async function recordSyncs(dir: string) {
  const probe = await open(path.join(dir, ".probe"), "w");
  const FileHandle = Object.getPrototypeOf(probe) as { sync: () => Promise<void> };
  await probe.close();
  await rm(path.join(dir, ".probe"));
  const synced: string[] = [];
  const original = FileHandle.sync;
  const spy = vi.spyOn(FileHandle, "sync").mockImplementation(async function (this: {
    fd: number;
  }) {
    synced.push(await readlinkFd(this.fd));
    return original.call(this);
  });
  return { synced, restore: () => spy.mockRestore() };
}

const readlinkFd = async (fd: number) =>
  (await import("node:fs/promises")).readlink(`/proc/self/fd/${fd}`);

describe("durable writes", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "rentals-durable-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("writes a new file and never overwrites one", async () => {
    const file = path.join(dir, "a.bin");
    await writeFileDurably(file, Buffer.from("first"));
    expect(await readFile(file, "utf8")).toBe("first");
    await expect(writeFileDurably(file, Buffer.from("second"))).rejects.toMatchObject({
      code: "EEXIST",
    });
    expect(await readFile(file, "utf8")).toBe("first");
  });

  it("lists every directory it created and the parent that gained the first of them", async () => {
    const target = path.join(dir, "images", "abc");
    expect(await makeDirectory(target)).toEqual([target, path.join(dir, "images"), dir]);
    // Already there: only itself (its new files' entries).
    expect(await makeDirectory(target)).toEqual([target]);
  });

  it("forces a photo's files and folders to the disk before processImage returns", async () => {
    const { synced, restore } = await recordSyncs(dir);
    const bytes = await sharp({
      create: { width: 1600, height: 1000, channels: 3, background: "#345" },
    })
      .jpeg()
      .toBuffer();
    const image = await processImage({ bytes, originalName: "a.jpg", uploadsDir: dir });
    restore();
    const folder = path.join(dir, path.dirname(image.path));
    for (const variant of image.variants) expect(synced).toContain(path.join(dir, variant.path));
    // The folder (its files' names), images/ (the folder's name) and the uploads root.
    expect(synced).toEqual(expect.arrayContaining([folder, path.dirname(folder), dir]));
    // Files first, then the directories that name them.
    const lastFile = Math.max(...image.variants.map((v) => synced.indexOf(path.join(dir, v.path))));
    expect(synced.indexOf(folder)).toBeGreaterThan(lastFile);
  });
});
