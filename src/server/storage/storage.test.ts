import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { createFsStore } from "./fs-store";
import { InvalidKeyError, isValidKey } from "./keys";
import { createObjectStore } from "./storage";
import { readObject, startTestBucket, type TestStore, testStores } from "./storage.test-helpers";

/** The contract both drivers keep: the same calls give the same answers on disk and in a bucket. */
describe.each(["fs", "s3"] as const)("the %s object store", (driver) => {
  let t: TestStore;
  let scratch: string;

  beforeAll(async () => {
    t = await testStores[driver]();
    scratch = await mkdtemp(path.join(os.tmpdir(), "rentals-store-scratch-"));
  });

  afterAll(async () => {
    await t.close();
    await rm(scratch, { recursive: true, force: true });
  });

  it("says which driver it is", () => {
    expect(t.store.driver).toBe(driver);
  });

  it("stores bytes and gives them back with their size, tag and date", async () => {
    const bytes = randomBytes(70_000);
    const before = Date.now() - 2_000;
    await t.store.put("uploads/images/abc/480.webp", bytes, { contentType: "image/webp" });
    const found = await t.store.get("uploads/images/abc/480.webp");
    expect(found).not.toBeNull();
    expect(found!.size).toBe(bytes.length);
    expect(found!.etag).toMatch(/^(W\/)?".+"$/);
    expect(found!.lastModified!.getTime()).toBeGreaterThanOrEqual(before);
    const chunks: Buffer[] = [];
    for await (const chunk of found!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    expect(await t.store.head("uploads/images/abc/480.webp")).toEqual({
      size: bytes.length,
      etag: found!.etag,
      lastModified: found!.lastModified,
    });
  });

  it("replaces an object put again under the same key", async () => {
    await t.store.put("uploads/placeholders/0/480.webp", Buffer.from("first"), {
      contentType: "image/webp",
    });
    await t.store.put("uploads/placeholders/0/480.webp", Buffer.from("second!"), {
      contentType: "image/webp",
    });
    expect((await readObject(t.store, "uploads/placeholders/0/480.webp"))?.toString()).toBe(
      "second!",
    );
    expect((await t.store.head("uploads/placeholders/0/480.webp"))?.size).toBe(7);
  });

  it("stores a stream of a known size, and refuses one without a size", async () => {
    const bytes = randomBytes(300_000);
    await t.store.put(
      "tenant-files/streamed",
      Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]),
      {
        contentType: "application/pdf",
        size: bytes.length,
      },
    );
    expect((await readObject(t.store, "tenant-files/streamed"))?.equals(bytes)).toBe(true);
    const put = t.store.put as (key: string, body: Readable, options: object) => Promise<void>;
    await expect(
      put("tenant-files/sizeless", Readable.from([bytes]), { contentType: "application/pdf" }),
    ).rejects.toThrow(/needs its size/);
    expect(await t.store.head("tenant-files/sizeless")).toBeNull();
  });

  it("moves a finished local file into the store: the bytes are there, the file is not", async () => {
    const file = path.join(scratch, `.${randomBytes(4).toString("hex")}.part`);
    const bytes = randomBytes(5_000);
    await writeFile(file, bytes, { mode: 0o600 });
    await t.store.putFile("tenant-files/moved", file, { contentType: "application/pdf" });
    expect((await readObject(t.store, "tenant-files/moved"))?.equals(bytes)).toBe(true);
    await expect(stat(file)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("answers null for a key it does not hold, and deleting one is no error", async () => {
    expect(await t.store.get("uploads/images/none/480.webp")).toBeNull();
    expect(await t.store.head("uploads/images/none/480.webp")).toBeNull();
    // A folder is not an object.
    expect(await t.store.get("uploads/images")).toBeNull();
    expect(await t.store.head("uploads/images/abc")).toBeNull();
    await expect(t.store.delete("uploads/images/none/480.webp")).resolves.toBeUndefined();
  });

  it("deletes an object", async () => {
    await t.store.put("tenant-files/doomed", Buffer.from("bye"), { contentType: "text/plain" });
    await t.store.delete("tenant-files/doomed");
    expect(await t.store.get("tenant-files/doomed")).toBeNull();
    expect(await t.keys("tenant-files/doomed")).toEqual([]);
  });

  it("lists every object under a prefix, at any depth, with sizes and dates", async () => {
    for (const key of [
      "uploads/images/list-a/480.webp",
      "uploads/images/list-a/768.webp",
      "uploads/images/list-b/480.webp",
    ]) {
      await t.store.put(key, Buffer.from(key), { contentType: "image/webp" });
    }
    expect(await t.keys("uploads/images/list-")).toEqual([
      "uploads/images/list-a/480.webp",
      "uploads/images/list-a/768.webp",
      "uploads/images/list-b/480.webp",
    ]);
    expect(await t.keys("uploads/images/list-a/")).toHaveLength(2);
    expect(await t.keys("uploads/nowhere/")).toEqual([]);
    const listed: { key: string; size: number; lastModified: Date }[] = [];
    for await (const object of t.store.list("uploads/images/list-b/")) listed.push(object);
    expect(listed).toEqual([
      {
        key: "uploads/images/list-b/480.webp",
        size: "uploads/images/list-b/480.webp".length,
        lastModified: expect.any(Date),
      },
    ]);
    // Tenants' documents are never listed with the photos, nor photos with them.
    expect((await t.keys("uploads/")).some((key) => key.startsWith("tenant-files/"))).toBe(false);
  });

  it("refuses keys that climb out, start at the root or hide a separator, whatever the call", async () => {
    const bad = [
      "",
      "/etc/passwd",
      "../jwt-secret",
      "uploads/../tenant-files/x",
      "uploads/./images/a.webp",
      "uploads//images/a.webp",
      "uploads/images/",
      "uploads\\..\\jwt-secret",
      "uploads/a\u0000.webp",
    ];
    for (const key of bad) {
      expect(isValidKey(key), key).toBe(false);
      await expect(
        t.store.put(key, Buffer.from("x"), { contentType: "text/plain" }),
      ).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(t.store.get(key)).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(t.store.head(key)).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(t.store.delete(key)).rejects.toBeInstanceOf(InvalidKeyError);
    }
  });

  it("offers a presigned download link only where the bytes can skip the app (s3)", async () => {
    if (driver === "fs") {
      expect(t.store.downloadUrl).toBeUndefined();
      return;
    }
    const bytes = randomBytes(2_000);
    await t.store.put("tenant-files/linked", bytes, { contentType: "application/octet-stream" });
    const url = await t.store.downloadUrl!("tenant-files/linked", {
      contentDisposition: `attachment; filename="lease.pdf"`,
      contentType: "application/pdf",
      expiresInSeconds: 300,
    });
    expect(url).toContain("X-Amz-Expires=300");
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="lease.pdf"`);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });
});

describe("the fs object store's files", () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "rentals-fs-modes-"));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("keeps tenants' documents private (0600 in 0700) and photos readable", async () => {
    const store = createFsStore(root);
    await store.put("tenant-files/private", Buffer.from("%PDF"), {
      contentType: "application/pdf",
    });
    await store.put("uploads/images/pub/480.webp", Buffer.from("RIFF"), {
      contentType: "image/webp",
    });
    expect((await stat(path.join(root, "tenant-files"))).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(root, "tenant-files", "private"))).mode & 0o777).toBe(0o600);
    expect((await stat(path.join(root, "uploads/images/pub/480.webp"))).mode & 0o077).toBe(0o044);
  });

  it("removes a photo's folder with its last file, never the photos folder itself", async () => {
    const store = createFsStore(root);
    await store.put("uploads/images/gone/480.webp", Buffer.from("a"), {
      contentType: "image/webp",
    });
    await store.put("uploads/images/gone/768.webp", Buffer.from("b"), {
      contentType: "image/webp",
    });
    await store.delete("uploads/images/gone/480.webp");
    expect(await readdir(path.join(root, "uploads/images/gone"))).toEqual(["768.webp"]);
    await store.delete("uploads/images/gone/768.webp");
    expect(await readdir(path.join(root, "uploads/images"))).not.toContain("gone");
    await store.delete("uploads/images/pub/480.webp");
    expect(await readdir(path.join(root, "uploads"))).toEqual(["images"]);
  });

  it("leaves no temporary behind when a stream fails midway", async () => {
    const store = createFsStore(root);
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1000));
        this.destroy(new Error("client went away"));
      },
    });
    await expect(
      store.put("tenant-files/broken", failing, { contentType: "application/pdf", size: 5000 }),
    ).rejects.toThrow("client went away");
    expect(
      (await readdir(path.join(root, "tenant-files"))).filter((n) => n.includes("broken")),
    ).toEqual([]);
  });
});

describe("createObjectStore", () => {
  it("picks the driver the configuration names", async () => {
    const bucket = await startTestBucket();
    try {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), "rentals-pick-"));
      const fs = createObjectStore(loadConfig({ DATA_DIR: dataDir }));
      const s3 = createObjectStore(loadConfig({ DATA_DIR: dataDir, ...bucket.env }));
      expect([fs.driver, s3.driver]).toEqual(["fs", "s3"]);
      await s3.put("uploads/images/pick/480.webp", Buffer.from("in the bucket"), {
        contentType: "image/webp",
      });
      expect((await readObject(s3, "uploads/images/pick/480.webp"))?.toString()).toBe(
        "in the bucket",
      );
      expect(await fs.head("uploads/images/pick/480.webp")).toBeNull();
      await s3.close();
      await rm(dataDir, { recursive: true, force: true });
    } finally {
      await bucket.close();
    }
  });
});
