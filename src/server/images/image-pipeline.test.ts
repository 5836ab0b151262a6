import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { UPLOAD_MAX_BYTES } from "#domain/constants";
import { writeFileDurably } from "../storage/durable";
import { createFsStore } from "../storage/fs-store";
import type { ObjectStore } from "../storage/storage";
import { createTestS3Store, readObject, type TestStore } from "../storage/storage.test-helpers";
import { imageMessages, processImage, removeImageFiles, webpQuality } from "./image-pipeline";

// Lets one test make a write fail midway; every other call goes to the real file system.
vi.mock("../storage/durable", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../storage/durable")>();
  return { ...actual, writeFileDurably: vi.fn(actual.writeFileDurably) };
});

let dataDir: string;
/** The fs store's DATA_DIR/uploads, where the photos' files are looked at. */
let uploadsDir: string;
let store: ObjectStore;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "image-pipeline-"));
  uploadsDir = path.join(dataDir, "uploads");
  await mkdir(uploadsDir);
  store = createFsStore(dataDir);
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

function photo(width: number, height: number, format: "jpeg" | "png" | "webp" = "jpeg") {
  const image = sharp({ create: { width, height, channels: 3, background: "#7b8fa4" } });
  return image[format]().toBuffer();
}

/** A valid PNG whose header claims a size that would take 7.5 GB to decode. */
function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(width + 1))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const unsupported = {
  statusCode: 415,
  code: "unsupported_media_type",
  message: imageMessages.wrongType,
};

describe("processImage", () => {
  it("writes 480, 768 and 1200 px WebP variants with 3:2 heights from a 1600x1067 JPEG", async () => {
    const image = await processImage({
      bytes: await photo(1600, 1067),
      originalName: "front.jpg",
      store,
    });
    expect(image.variants.map((v) => [v.width, v.height])).toEqual([
      [480, 320],
      [768, 512],
      [1200, 800],
    ]);
    expect(image).toMatchObject({ filename: "front.jpg", width: 1200, height: 800 });
    expect(image.path).toMatch(/^images\/[\w-]{22}\/1200\.webp$/);
    for (const variant of image.variants) {
      expect(variant.path).toBe(`${path.posix.dirname(image.path)}/${variant.width}.webp`);
      const stored = await sharp(path.join(uploadsDir, variant.path)).metadata();
      expect(stored).toMatchObject({
        format: "webp",
        width: variant.width,
        height: variant.height,
      });
    }
    expect(await filesUnder(uploadsDir)).toHaveLength(3);
  });

  it("gives each upload a folder of its own, under the folder asked for", async () => {
    const bytes = await photo(800, 600, "png");
    const a = await processImage({ bytes, originalName: "a.png", store, folder: "units" });
    const b = await processImage({ bytes, originalName: "a.png", store, folder: "units" });
    expect(a.path).toMatch(/^units\//);
    expect(path.posix.dirname(a.path)).not.toBe(path.posix.dirname(b.path));
  });

  it("never upscales: a 300 px image gives one variant at its own width", async () => {
    const small = await processImage({
      bytes: await photo(300, 200, "webp"),
      originalName: "small.webp",
      store,
    });
    expect(small.variants.map((v) => [v.width, v.height])).toEqual([[300, 200]]);
    const medium = await processImage({
      bytes: await photo(1000, 500),
      originalName: "m.jpg",
      store,
    });
    expect(medium.variants.map((v) => v.width)).toEqual([480, 768]);
    expect(medium).toMatchObject({ width: 768, height: 384 });
  });

  it("strips EXIF, GPS position included, from every stored variant", async () => {
    const bytes = await sharp(await photo(1600, 1067))
      .withExif({
        IFD0: { Copyright: "Landlord", Make: "PhoneCo" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "41/1 45/1 52/1" },
      })
      .jpeg()
      .toBuffer();
    expect((await sharp(bytes).metadata()).exif?.toString("latin1")).toContain("Landlord");
    const image = await processImage({ bytes, originalName: "gps.jpg", store });
    for (const variant of image.variants) {
      const stored = await sharp(path.join(uploadsDir, variant.path)).metadata();
      expect(stored.exif).toBeUndefined();
      expect(stored.xmp).toBeUndefined();
      expect(stored.icc).toBeUndefined();
    }
  });

  it("turns the picture upright from its EXIF orientation before dropping the tag", async () => {
    const bytes = await sharp(await photo(900, 600))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const image = await processImage({ bytes, originalName: "phone.jpg", store });
    expect(image.variants.map((v) => [v.width, v.height])).toEqual([[480, 720]]);
    const stored = await sharp(path.join(uploadsDir, image.path)).metadata();
    expect(stored.orientation).toBeUndefined();
  });

  it("keeps only a clean base name of the original file name", async () => {
    const bytes = await photo(600, 400);
    const odd = await processImage({
      bytes,
      originalName: "C:\\fakepath\\..\\../evil\u0000\u001bname.jpg",
      store,
    });
    expect(odd.filename).toBe("evilname.jpg");
    const long = await processImage({ bytes, originalName: `${"é".repeat(300)}.jpg`, store });
    expect(Array.from(long.filename)).toHaveLength(200);
  });

  it("refuses a text file named photo.png with 415 and writes nothing", async () => {
    const bytes = Buffer.from("Not a picture at all, just words.\n".repeat(20));
    await expect(processImage({ bytes, originalName: "photo.png", store })).rejects.toMatchObject(
      unsupported,
    );
    expect(await readdir(uploadsDir)).toEqual([]);
  });

  it("refuses SVG, GIF, PDF and a truncated JPEG by their content", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600"/></svg>',
    );
    const gif = await sharp({
      create: { width: 600, height: 400, channels: 3, background: "#333" },
    })
      .gif()
      .toBuffer();
    const pdf = Buffer.from(
      "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n",
    );
    const truncated = (await photo(1600, 1067)).subarray(0, 1500);
    for (const bytes of [svg, gif, pdf, truncated]) {
      await expect(processImage({ bytes, originalName: "x.jpg", store })).rejects.toMatchObject(
        unsupported,
      );
    }
    expect(await readdir(uploadsDir)).toEqual([]);
  });

  it("refuses an SVG that carries a script, whatever its name", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><script>alert(document.cookie)</script></svg>',
    );
    await expect(
      processImage({ bytes: svg, originalName: "logo.png", store }),
    ).rejects.toMatchObject(unsupported);
    expect(await readdir(uploadsDir)).toEqual([]);
  });

  it("neutralises a polyglot: a JPEG with HTML appended is stored as a plain WebP without it", async () => {
    const html = "<html><script>alert(document.cookie)</script></html>";
    const bytes = Buffer.concat([await photo(800, 600), Buffer.from(html)]);
    const stored = await processImage({ bytes, originalName: "poly.jpg", store });
    for (const file of await filesUnder(uploadsDir)) {
      const written = await readFile(file);
      expect(written.subarray(0, 4).toString("latin1")).toBe("RIFF");
      expect(written.includes(Buffer.from("<script>"))).toBe(false);
    }
    expect(stored.variants.length).toBeGreaterThan(0);
  });

  it("refuses 10 MB + 1 byte with 413 and writes nothing", async () => {
    const bytes = Buffer.alloc(UPLOAD_MAX_BYTES + 1);
    await expect(processImage({ bytes, originalName: "big.jpg", store })).rejects.toMatchObject({
      statusCode: 413,
      code: "payload_too_large",
      message: "Each image must be 10MB or smaller.",
    });
    expect(await readdir(uploadsDir)).toEqual([]);
  });

  it("refuses a PNG claiming 50000x50000 with 400 from its header, without decoding it", async () => {
    const started = performance.now();
    await expect(
      processImage({ bytes: pngBomb(50_000, 50_000), originalName: "bomb.png", store }),
    ).rejects.toMatchObject({
      statusCode: 400,
      code: "bad_request",
      message: "This image is too large to process.",
    });
    expect(performance.now() - started).toBeLessThan(1000);
    const tooWide = await sharp({
      create: { width: 12_001, height: 4, channels: 3, background: "#fff" },
    })
      .png()
      .toBuffer();
    await expect(
      processImage({ bytes: tooWide, originalName: "strip.png", store }),
    ).rejects.toMatchObject({ statusCode: 400 });
    expect(await readdir(uploadsDir)).toEqual([]);
  });

  it("removes the new folder when a write fails midway", async () => {
    const actual = await vi.importActual<typeof import("../storage/durable")>("../storage/durable");
    vi.mocked(writeFileDurably)
      .mockImplementationOnce(actual.writeFileDurably)
      .mockRejectedValueOnce(Object.assign(new Error("no space left"), { code: "ENOSPC" }));
    await expect(
      processImage({ bytes: await photo(1600, 1067), originalName: "a.jpg", store }),
    ).rejects.toThrow("no space left");
    expect(await filesUnder(uploadsDir)).toEqual([]);
    expect(await readdir(path.join(uploadsDir, "images"))).toEqual([]);
  });
});

describe("removeImageFiles", () => {
  it("deletes every variant and the image's folder, and tolerates files already gone", async () => {
    const image = await processImage({
      bytes: await photo(1600, 1067),
      originalName: "a.jpg",
      store,
    });
    const keep = await processImage({
      bytes: await photo(800, 600),
      originalName: "b.jpg",
      store,
    });
    await removeImageFiles(store, image);
    await expect(stat(path.join(uploadsDir, path.posix.dirname(image.path)))).rejects.toMatchObject(
      {
        code: "ENOENT",
      },
    );
    expect(await filesUnder(uploadsDir)).toHaveLength(keep.variants.length);
    await expect(removeImageFiles(store, image)).resolves.toBeUndefined();
  });

  it("refuses a path outside the uploads directory and deletes nothing", async () => {
    const image = await processImage({
      bytes: await photo(1600, 1067),
      originalName: "a.jpg",
      store,
    });
    const outside = path.join(uploadsDir, "..", `${path.basename(uploadsDir)}-outside`);
    await mkdir(outside);
    try {
      await writeFile(path.join(outside, "x.webp"), "keep me");
      const escapes = [
        `../${path.basename(outside)}/x.webp`,
        path.join(outside, "x.webp"),
        "images/../..",
      ];
      for (const bad of escapes) {
        const variants = [...image.variants, { width: 1, height: 1, path: bad }];
        await expect(removeImageFiles(store, { path: image.path, variants })).rejects.toThrow(
          /outside the uploads directory/,
        );
      }
      expect(await filesUnder(uploadsDir)).toHaveLength(3);
      expect(await filesUnder(outside)).toHaveLength(1);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });
});

describe("on the s3 driver", () => {
  let bucket: TestStore;
  beforeAll(async () => {
    bucket = await createTestS3Store();
  });
  afterAll(async () => {
    await bucket.close();
  });

  it("puts every variant in the bucket, and removeImageFiles takes them all out", async () => {
    const image = await processImage({
      bytes: await photo(1600, 1067),
      originalName: "front.jpg",
      store: bucket.store,
    });
    expect(await bucket.keys("uploads/")).toEqual(
      image.variants.map((variant) => `uploads/${variant.path}`).sort(),
    );
    const largest = await readObject(bucket.store, `uploads/${image.path}`);
    expect(await sharp(largest!).metadata()).toMatchObject({ format: "webp", width: 1200 });
    await removeImageFiles(bucket.store, image);
    expect(await bucket.keys("uploads/")).toEqual([]);
  });

  it("removes the variants already put when one put fails", async () => {
    const failing: ObjectStore = {
      ...bucket.store,
      put: (async (key: string, body: Buffer, options: { contentType: string }) => {
        if (key.endsWith("/768.webp")) throw new Error("bucket unreachable");
        await bucket.store.put(key, body, options);
      }) as ObjectStore["put"],
    };
    await expect(
      processImage({ bytes: await photo(1600, 1067), originalName: "a.jpg", store: failing }),
    ).rejects.toThrow("bucket unreachable");
    expect(await bucket.keys("uploads/")).toEqual([]);
  });
});

describe("the variants' quality", () => {
  it("is lighter for the phones' variants, full for a photo's largest, whatever its width", () => {
    expect([480, 768, 1200].map((w) => webpQuality(w, 1200))).toEqual([70, 70, 78]);
    // A source 1000 px wide: its 768 px variant is what wide screens show.
    expect([480, 768].map((w) => webpQuality(w, 768))).toEqual([70, 78]);
    expect(webpQuality(300, 300)).toBe(78);
  });
});
