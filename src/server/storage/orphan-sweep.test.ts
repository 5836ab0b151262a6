import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, rm, stat, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertImage, insertProperty } from "../../../tests/support/fixtures";
import { createTestDb, type TestDatabase } from "../../../tests/support/test-db";
import { images, tenantFiles } from "../db/schema";
import { processImage } from "../images/image-pipeline";
import { dataDirectories } from "../paths";
import { describeSweep, scheduleOrphanSweeps, sweepOrphans } from "./orphan-sweep";

let database: TestDatabase;
let dataDir: string;
let uploadsDir: string;
let filesDir: string;
let propertyId: number;

beforeAll(async () => {
  database = await createTestDb();
  propertyId = (await insertProperty(database.db, { title: "Sweep House" })).id;
});

afterAll(async () => {
  await database.drop();
});

beforeEach(async () => {
  await database.db.delete(images);
  await database.db.delete(tenantFiles);
  dataDir = await mkdtemp(path.join(os.tmpdir(), "rentals-sweep-"));
  ({ uploadsDir, filesDir } = dataDirectories(dataDir));
  await mkdir(filesDir, { recursive: true });
  return () => rm(dataDir, { recursive: true, force: true });
});

const TWO_HOURS_AGO = new Date(Date.now() - 2 * 60 * 60 * 1000);

async function photo() {
  const bytes = await sharp({
    create: { width: 1300, height: 900, channels: 3, background: "#468" },
  })
    .jpeg()
    .toBuffer();
  return processImage({ bytes, originalName: "p.jpg", uploadsDir });
}

/** A photo whose files are on disk, written two hours ago, with or without its row. */
async function oldPhoto(withRow: boolean) {
  const image = await photo();
  for (const variant of image.variants) {
    await utimes(path.join(uploadsDir, variant.path), TWO_HOURS_AGO, TWO_HOURS_AGO);
  }
  if (withRow) {
    await insertImage(database.db, { propertyId }, { path: image.path, variants: image.variants });
  }
  return image;
}

async function storedDocument(name: string, withRow: boolean, old = true) {
  await writeFile(path.join(filesDir, name), "%PDF-1.7 lease");
  if (old) await utimes(path.join(filesDir, name), TWO_HOURS_AGO, TWO_HOURS_AGO);
  if (!withRow) return null;
  const [row] = await database.db
    .insert(tenantFiles)
    .values({
      tenantName: "Tess Tenant",
      tenantEmail: "tess@example.com",
      category: "lease",
      filename: name,
      originalName: "lease.pdf",
      size: 14,
      mime: "application/pdf",
    })
    .returning();
  return row!;
}

const present = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

describe("sweepOrphans", () => {
  it("removes old photo files no row names, with their folder, and keeps everything else", async () => {
    const kept = await oldPhoto(true);
    const orphan = await oldPhoto(false);
    const fresh = await photo(); // an upload whose row may still be on its way
    await mkdir(path.join(uploadsDir, "placeholders", "0"), { recursive: true });
    await writeFile(path.join(uploadsDir, "placeholders", "0", "480.webp"), "pool");
    await utimes(
      path.join(uploadsDir, "placeholders", "0", "480.webp"),
      TWO_HOURS_AGO,
      TWO_HOURS_AGO,
    );

    const report = await sweepOrphans({ db: database.db, uploadsDir, filesDir });

    expect(report.removed).toEqual(orphan.variants.map((v) => v.path).sort());
    expect(await present(path.join(uploadsDir, path.dirname(orphan.path)))).toBe(false);
    for (const variant of [...kept.variants, ...fresh.variants]) {
      expect(await present(path.join(uploadsDir, variant.path))).toBe(true);
    }
    expect(await present(path.join(uploadsDir, "placeholders", "0", "480.webp"))).toBe(true);
    expect(report.missing).toEqual([]);
  });

  it("removes a placeholder staging folder a crash left mid-rename", async () => {
    const staging = path.join(uploadsDir, "placeholders", "3.staging-ab12cd");
    await mkdir(staging, { recursive: true });
    await writeFile(path.join(staging, "480.webp"), "half");
    await utimes(path.join(staging, "480.webp"), TWO_HOURS_AGO, TWO_HOURS_AGO);
    const report = await sweepOrphans({ db: database.db, uploadsDir, filesDir });
    expect(report.removed).toEqual(["placeholders/3.staging-ab12cd/480.webp"]);
    expect(await present(staging)).toBe(false);
  });

  it("removes old tenant files and temporaries without a row, and keeps stored and recent ones", async () => {
    const stored = randomUUID();
    const orphan = randomUUID();
    const recent = randomUUID();
    const temporary = `.${randomUUID()}.part`;
    await storedDocument(stored, true);
    await storedDocument(orphan, false);
    await storedDocument(recent, false, false);
    await storedDocument(temporary, false);

    const report = await sweepOrphans({ db: database.db, uploadsDir, filesDir });

    expect(report.removed).toEqual([`tenant-files/${orphan}`, `tenant-files/${temporary}`].sort());
    expect(await present(path.join(filesDir, stored))).toBe(true);
    expect(await present(path.join(filesDir, recent))).toBe(true);
    expect(await present(path.join(filesDir, orphan))).toBe(false);
  });

  it("reports rows whose files are gone and deletes none of them", async () => {
    const image = await oldPhoto(true);
    await rm(path.join(uploadsDir, image.variants[0]!.path));
    const document = (await storedDocument(randomUUID(), true))!;
    await rm(path.join(filesDir, document.filename));

    const report = await sweepOrphans({ db: database.db, uploadsDir, filesDir });

    const [imageRow] = await database.db.select().from(images);
    expect(report.missing).toEqual([
      { table: "images", id: String(imageRow!.id), file: image.variants[0]!.path },
      { table: "tenant_files", id: document.id, file: document.filename },
    ]);
    expect(await database.db.select().from(tenantFiles)).toHaveLength(1);
    expect(describeSweep(report)).toEqual({
      level: "warn",
      message: `Orphan sweep: removed 0 file(s) no row names; 2 row file(s) missing: images ${imageRow!.id} (${image.variants[0]!.path}), tenant_files ${document.id} (${document.filename}).`,
    });
  });

  it("copes with a DATA_DIR that has no uploads yet", async () => {
    await rm(uploadsDir, { recursive: true, force: true });
    expect(await sweepOrphans({ db: database.db, uploadsDir, filesDir })).toEqual({
      removed: [],
      missing: [],
    });
  });
});

describe("scheduleOrphanSweeps", () => {
  it("sweeps at once, then at every interval, and stop() waits for the sweep under way", async () => {
    await oldPhoto(false);
    const lines: string[] = [];
    const sweeps = scheduleOrphanSweeps({
      db: database.db,
      uploadsDir,
      filesDir,
      intervalMs: 40,
      log: {
        info: (message) => lines.push(message),
        warn: (message) => lines.push(message),
        error: (message) => lines.push(`error: ${message}`),
      },
    });
    await expect.poll(() => lines.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    await sweeps.stop();
    const count = lines.length;
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(lines.length).toBe(count);
    expect(lines[0]).toBe(
      "Orphan sweep: removed 3 file(s) no row names; every row's files are present.",
    );
    expect(lines[1]).toBe(
      "Orphan sweep: removed 0 file(s) no row names; every row's files are present.",
    );
  });
});
