import { randomUUID } from "node:crypto";
import { mkdtemp, rm, stat, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertImage, insertProperty } from "#tests/support/fixtures";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import { images, maintenancePhotos, maintenanceRequests, tenantFiles } from "../db/schema";
import { processImage } from "../images/image-pipeline";
import { storePhoto } from "../modules/maintenance/maintenance-photos.service";
import { isFsStore } from "./fs-store";
import { maintenancePhotoKey, tenantFileKey, uploadKey } from "./keys";
import { describeSweep, scheduleOrphanSweeps, sweepOrphans } from "./orphan-sweep";
import { type TestStore, testStores } from "./storage.test-helpers";

let database: TestDatabase;
let propertyId: number;

beforeAll(async () => {
  database = await createTestDb();
  propertyId = (await insertProperty(database.db, { title: "Sweep House" })).id;
});

afterAll(async () => {
  await database.drop();
});

const TWO_HOURS_AGO = new Date(Date.now() - 2 * 60 * 60 * 1000);

/** The same sweep, the same expectations, whether the objects are files or in a bucket. */
describe.each(["fs", "s3"] as const)("on the %s driver", (driver) => {
  let t: TestStore;
  /** Where tenant files are received: with fs the store's own tenant-files folder. */
  let scratchDir: string;
  let scratchOwn: boolean;

  beforeEach(async () => {
    await database.db.delete(images);
    await database.db.delete(tenantFiles);
    await database.db.delete(maintenanceRequests);
    t = await testStores[driver]();
    scratchOwn = !isFsStore(t.store);
    scratchDir = isFsStore(t.store)
      ? path.join(t.store.root, "tenant-files")
      : await mkdtemp(path.join(os.tmpdir(), "rentals-sweep-scratch-"));
    return async () => {
      await t.close();
      if (scratchOwn) await rm(scratchDir, { recursive: true, force: true });
    };
  });

  const sweep = () => sweepOrphans({ db: database.db, store: t.store, scratchDir });
  const present = async (key: string) => (await t.store.head(key)) !== null;

  async function photo() {
    const bytes = await sharp({
      create: { width: 1300, height: 900, channels: 3, background: "#468" },
    })
      .jpeg()
      .toBuffer();
    return processImage({ bytes, originalName: "p.jpg", store: t.store });
  }

  /** A photo whose variants were stored two hours ago, with or without its row. */
  async function oldPhoto(withRow: boolean) {
    const image = await photo();
    for (const variant of image.variants) await t.age(uploadKey(variant.path), TWO_HOURS_AGO);
    if (withRow) {
      await insertImage(
        database.db,
        { propertyId },
        { path: image.path, variants: image.variants },
      );
    }
    return image;
  }

  async function storedDocument(name: string, withRow: boolean, old = true) {
    await t.store.put(tenantFileKey(name), Buffer.from("%PDF-1.7 lease"), {
      contentType: "application/pdf",
    });
    if (old) await t.age(tenantFileKey(name), TWO_HOURS_AGO);
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

  describe("sweepOrphans", () => {
    it("removes old photo files no row names, with their folder, and keeps everything else", async () => {
      const kept = await oldPhoto(true);
      const orphan = await oldPhoto(false);
      const fresh = await photo(); // an upload whose row may still be on its way
      await t.store.put("uploads/placeholders/0/480.webp", Buffer.from("pool"), {
        contentType: "image/webp",
      });
      await t.age("uploads/placeholders/0/480.webp", TWO_HOURS_AGO);

      const report = await sweep();

      expect(report.removed).toEqual(orphan.variants.map((v) => v.path).sort());
      expect(await t.keys(uploadKey(`${path.posix.dirname(orphan.path)}/`))).toEqual([]);
      if (isFsStore(t.store)) {
        const folder = path.join(t.store.root, "uploads", path.dirname(orphan.path));
        await expect(stat(folder)).rejects.toMatchObject({ code: "ENOENT" });
      }
      for (const variant of [...kept.variants, ...fresh.variants]) {
        expect(await present(uploadKey(variant.path))).toBe(true);
      }
      expect(await present("uploads/placeholders/0/480.webp")).toBe(true);
      expect(report.missing).toEqual([]);
    });

    it("removes a placeholder staging folder or temporary a crash left mid-write", async () => {
      for (const key of [
        "uploads/placeholders/3.staging-ab12cd/480.webp",
        "uploads/placeholders/5/.768.webp.0a1b2c.part",
      ]) {
        await t.store.put(key, Buffer.from("half"), { contentType: "image/webp" });
        await t.age(key, TWO_HOURS_AGO);
      }
      const report = await sweep();
      expect(report.removed).toEqual([
        "placeholders/3.staging-ab12cd/480.webp",
        "placeholders/5/.768.webp.0a1b2c.part",
      ]);
      expect(await t.keys("uploads/placeholders/")).toEqual([]);
    });

    it("removes old tenant files and temporaries without a row, and keeps stored and recent ones", async () => {
      const stored = randomUUID();
      const orphan = randomUUID();
      const recent = randomUUID();
      const temporary = `.${randomUUID()}.part`;
      await storedDocument(stored, true);
      await storedDocument(orphan, false);
      await storedDocument(recent, false, false);
      // Temporaries live on the local disk, where uploads are received, whatever the driver.
      await writeFile(path.join(scratchDir, temporary), "%PDF-1.7 half", { mode: 0o600 });
      await utimes(path.join(scratchDir, temporary), TWO_HOURS_AGO, TWO_HOURS_AGO);
      const freshTemporary = `.${randomUUID()}.part`;
      await writeFile(path.join(scratchDir, freshTemporary), "%PDF-1.7 arriving");

      const report = await sweep();

      expect(report.removed).toEqual(
        [`tenant-files/${orphan}`, `tenant-files/${temporary}`].sort(),
      );
      expect(await present(tenantFileKey(stored))).toBe(true);
      expect(await present(tenantFileKey(recent))).toBe(true);
      expect(await present(tenantFileKey(orphan))).toBe(false);
      await expect(stat(path.join(scratchDir, temporary))).rejects.toMatchObject({
        code: "ENOENT",
      });
      expect((await stat(path.join(scratchDir, freshTemporary))).isFile()).toBe(true);
    });

    it("removes old maintenance photos no request names, and keeps a request's own", async () => {
      const bytes = await sharp({
        create: { width: 900, height: 600, channels: 3, background: "#a53" },
      })
        .jpeg()
        .toBuffer();
      const [request] = await database.db
        .insert(maintenanceRequests)
        .values({
          tenantName: "Tess Tenant",
          tenantEmail: "tess@example.com",
          title: "Leak under the sink",
          description: "Water on the floor.",
          category: "plumbing",
          urgency: "urgent",
          permissionToEnter: true,
        })
        .returning();
      const kept = await storePhoto(t.store, bytes);
      await database.db.insert(maintenancePhotos).values({
        requestId: request!.id,
        folder: kept.folder,
        variants: kept.variants,
        width: kept.width,
        height: kept.height,
      });
      // A crash between storing the photo and committing its request.
      const orphan = await storePhoto(t.store, bytes);
      const fresh = await storePhoto(t.store, bytes);
      const keys = (photo: typeof kept) =>
        photo.variants.map((variant) => maintenancePhotoKey(photo.folder, variant.file));
      for (const key of [...keys(kept), ...keys(orphan)]) await t.age(key, TWO_HOURS_AGO);

      const report = await sweep();

      expect(report.removed).toEqual(keys(orphan).sort());
      for (const key of keys(orphan)) expect(await present(key)).toBe(false);
      for (const key of [...keys(kept), ...keys(fresh)]) expect(await present(key)).toBe(true);
      expect(report.missing).toEqual([]);

      await t.store.delete(keys(kept)[0]!);
      const [row] = await database.db.select().from(maintenancePhotos);
      expect((await sweep()).missing).toEqual([
        { table: "maintenance_photos", id: row!.id, file: keys(kept)[0] },
      ]);
    });

    it("reports rows whose files are gone and deletes none of them", async () => {
      const image = await oldPhoto(true);
      await t.store.delete(uploadKey(image.variants[0]!.path));
      const document = (await storedDocument(randomUUID(), true))!;
      await t.store.delete(tenantFileKey(document.filename));

      const report = await sweep();

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

    it("copes with a store that holds nothing yet", async () => {
      expect(await sweep()).toEqual({ removed: [], missing: [] });
    });
  });

  describe("scheduleOrphanSweeps", () => {
    it("sweeps at once, then at every interval, and stop() waits for the sweep under way", async () => {
      await oldPhoto(false);
      const lines: string[] = [];
      const sweeps = scheduleOrphanSweeps({
        db: database.db,
        store: t.store,
        scratchDir,
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
});
