import { fstat } from "node:fs";
import { mkdtemp, open, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { processImage } from "../images/image-pipeline";
import { makeDirectory, writeFileDurably } from "./durable";
import { createFsStore } from "./fs-store";

/**
 * What was forced to the disk, in order: the path of every handle that was fsynced, and its
 * inode (a file synced under a temporary name and renamed afterwards is still the same inode).
 */
async function recordSyncs(dir: string) {
  const probe = await open(path.join(dir, ".probe"), "w");
  const FileHandle = Object.getPrototypeOf(probe) as { sync: () => Promise<void> };
  await probe.close();
  await rm(path.join(dir, ".probe"));
  const synced: string[] = [];
  const inodes: number[] = [];
  const original = FileHandle.sync;
  const spy = vi.spyOn(FileHandle, "sync").mockImplementation(async function (this: {
    fd: number;
  }) {
    synced.push(await readlinkFd(this.fd));
    inodes.push(await inodeOf(this.fd));
    return original.call(this);
  });
  return { synced, inodes, restore: () => spy.mockRestore() };
}

const readlinkFd = async (fd: number) =>
  (await import("node:fs/promises")).readlink(`/proc/self/fd/${fd}`);

const inodeOf = (fd: number) =>
  new Promise<number>((resolve, reject) =>
    fstat(fd, (error, info) => (error ? reject(error) : resolve(info.ino))),
  );

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
    const { synced, inodes, restore } = await recordSyncs(dir);
    const bytes = await sharp({
      create: { width: 1600, height: 1000, channels: 3, background: "#345" },
    })
      .jpeg()
      .toBuffer();
    const uploads = path.join(dir, "uploads");
    const image = await processImage({ bytes, originalName: "a.jpg", store: createFsStore(dir) });
    restore();
    const folder = path.join(uploads, path.dirname(image.path));
    // The folder (its files' names), images/ (the folder's name), uploads/ and DATA_DIR.
    expect(synced).toEqual(expect.arrayContaining([folder, path.dirname(folder), uploads, dir]));
    for (const variant of image.variants) {
      // The very file now named by the variant was synced (under its temporary name)...
      const ino = (await stat(path.join(uploads, variant.path))).ino;
      const fileSynced = inodes.indexOf(ino);
      expect(fileSynced, variant.path).toBeGreaterThanOrEqual(0);
      // ...and then the folder that names it: files first, then the directory entries.
      expect(synced.lastIndexOf(folder), variant.path).toBeGreaterThan(fileSynced);
    }
  });

  it("puts a file durably: bytes synced before the rename, the folder synced after it", async () => {
    const { synced, inodes, restore } = await recordSyncs(dir);
    const store = createFsStore(dir);
    await store.put("tenant-files/lease", Buffer.from("%PDF-1.7"), {
      contentType: "application/pdf",
    });
    restore();
    const file = path.join(dir, "tenant-files", "lease");
    const fileSynced = inodes.indexOf((await stat(file)).ino);
    expect(fileSynced).toBeGreaterThanOrEqual(0);
    expect(synced[fileSynced]).not.toBe(file); // still its temporary name when synced
    expect(synced.lastIndexOf(path.dirname(file))).toBeGreaterThan(fileSynced);
    expect(synced).toContain(dir); // the new tenant-files folder's own entry
  });
});
