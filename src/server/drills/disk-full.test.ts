import { randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { UploadResponse } from "#domain/admin";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { healthApi } from "#domain/api/health";
import { listingsApi } from "#domain/api/listings";
import { tenantFilesApi } from "#domain/api/tenant-files";
import { messages } from "#domain/messages";
import { images, tenantFiles } from "#server/db/schema";
import { multipartBody } from "#server/modules/admin-properties/upload.test-helpers";
import { samples, sendForm } from "#server/modules/tenant-files/tenant-files.test-helpers";
import { loginAs } from "#tests/support/auth";
import { call } from "#tests/support/call";
import { insertProperty } from "#tests/support/fixtures";
import { mountSmallDisk, type SmallDisk } from "#tests/support/small-disk";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";

/**
 * Drill: DATA_DIR on a full disk (STORAGE=fs on an 8 MB tmpfs filled to the last byte). Photo
 * and document uploads answer 507 in the API's format with a plain message and leave nothing
 * behind: no row, no photo variant, no temporary; the app stays up and serves its pages' data
 * and the photos it has; once space is freed, uploads work again without a restart.
 *
 * Mounting needs root; CI runs as root. Only when the mount itself is refused does this skip,
 * saying why.
 */

let disk: SmallDisk | undefined;
let refused = "";
let database: TestDatabase;
let testApp: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  const mounted = await mountSmallDisk();
  if ("refused" in mounted) {
    refused = mounted.refused;
    return;
  }
  disk = mounted;
  database = await createTestDb();
  testApp = await createTestApp(database, {
    env: { DATA_DIR: disk.dir, AUTH_ATTEMPTS_PER_MINUTE: "1000" },
  });
});

afterAll(async () => {
  await testApp?.close();
  await database?.drop();
  await disk?.close();
});

/** Every file under DATA_DIR but the filler: what the app wrote. */
async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name !== ".filler")
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

it("refuses uploads with 507 and keeps nothing while the disk is full, then works again", async (context) => {
  if (!disk) {
    context.skip(`no full-disk drill: ${refused}`);
    return;
  }
  const app = testApp.app;
  const admin = (await loginAs(app, database.db, "admin")).headers;
  const tenant = (await loginAs(app, database.db, "tenant")).headers;
  const building = await insertProperty(database.db);
  // Noise, so its variants weigh what real photos do (about 60, 200 and 560 KB).
  const jpeg = await sharp(randomBytes(1300 * 900 * 3), {
    raw: { width: 1300, height: 900, channels: 3 },
  })
    .jpeg()
    .toBuffer();
  // Large enough to fill a disk's last pages before failing halfway through.
  const lease = Buffer.concat([samples.pdf(), Buffer.alloc(300_000, 0x20)]);

  const uploadPhoto = async () => {
    const body = await multipartBody([
      ["propertyId", String(building.id)],
      ["files", { bytes: jpeg, name: "kitchen.jpg" }],
    ]);
    return call(app, adminPropertiesApi.uploadImages, {
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
  };
  const uploadDocument = () =>
    sendForm(
      app,
      tenantFilesApi.tenantUpload,
      [
        { name: "category", value: "lease" },
        { name: "file", filename: "lease.pdf", content: lease },
      ],
      { headers: tenant },
    );

  const first = await uploadPhoto();
  expect(first.statusCode, first.body).toBe(201);
  const photoUrl = first.json<UploadResponse>().files[0]!.url;
  const filesBefore = await filesIn(disk.dir);
  const photoRows = await database.db
    .select()
    .from(images)
    .where(eq(images.propertyId, building.id));

  // Full to the last byte, then with 128 KB left: a photo's first variants fit and its last
  // does not, a document's temporary fills the rest and fails halfway.
  const timings: number[] = [];
  for (const leave of [0, 128 * 1024]) {
    await disk.fill(leave);
    const started = Date.now();
    const photo = await uploadPhoto();
    const document = await uploadDocument();
    timings.push(Date.now() - started);
    for (const answer of [photo, document]) {
      expect(answer.statusCode, `${leave}: ${answer.body}`).toBe(507);
      expect(answer.json()).toEqual({
        error: "insufficient_storage",
        message: messages.server.storageFull,
      });
    }

    // Nothing half-written: no new file (variant, document, temporary) and no row.
    expect(await filesIn(disk.dir)).toEqual(filesBefore);
    expect(
      await database.db.select().from(images).where(eq(images.propertyId, building.id)),
    ).toEqual(photoRows);
    expect(await database.db.select().from(tenantFiles)).toEqual([]);
    await disk.free();
  }
  await disk.fill();

  // The app is up and serves what it has.
  expect((await call(app, healthApi.liveness)).statusCode).toBe(200);
  expect(
    (await call(app, listingsApi.getBuilding, { params: { id: building.id } })).statusCode,
  ).toBe(200);
  const served = await app.inject({ url: photoUrl });
  expect(served.statusCode).toBe(200);
  expect(served.headers["content-type"]).toBe("image/webp");

  // Space freed: the same uploads work, without a restart.
  await disk.free();
  expect((await uploadPhoto()).statusCode).toBe(201);
  expect((await uploadDocument()).statusCode).toBe(201);
  console.info(`disk full drill: ${JSON.stringify({ refusedBothUploadsInMs: timings })}`);
});
