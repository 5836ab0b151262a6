import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";
import { HeadObjectCommand } from "@aws-sdk/client-s3";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UploadResponse } from "#domain/admin";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { tenantFilesApi } from "#domain/api/tenant-files";
import { messages } from "#domain/messages";
import { DOWNLOAD_URL_MINUTES, type TenantFile } from "#domain/tenant-files";
import { loginAs } from "#tests/support/auth";
import { call } from "#tests/support/call";
import { insertProperty, insertUnit } from "#tests/support/fixtures";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import { images, tenantFiles } from "../db/schema";
import {
  filesUnder,
  makeImage,
  multipartBody,
} from "../modules/admin-properties/upload.test-helpers";
import { loadJwtSecret } from "../modules/auth/auth.secret";
import { createFileLinks } from "../modules/tenant-files/file-tokens";
import { samples, sendForm } from "../modules/tenant-files/tenant-files.test-helpers";
import { tenantFileKey, uploadKey } from "./keys";
import { createS3Client, createS3Store } from "./s3-store";
import { scratchDirectory } from "./storage";
import { readObject, startTestBucket, type TestBucket } from "./storage.test-helpers";

/**
 * The whole app on STORAGE=s3 against a real S3-compatible server: photos and tenant files go to
 * the bucket and come back from it, rows and objects stay consistent exactly as with fs, and the
 * local disk keeps nothing but what is being received.
 */

let database: TestDatabase;
let bucket: TestBucket;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
/** The test's own view of the bucket (the app has its own client). */
let inBucket: ReturnType<typeof createS3Store>;
let admin: Awaited<ReturnType<typeof loginAs>>;
let tenant: Awaited<ReturnType<typeof loginAs>>;
let png: Buffer;
let jpeg: Buffer;

beforeAll(async () => {
  database = await createTestDb();
  bucket = await startTestBucket();
  inBucket = createS3Store(bucket.settings);
  testApp = await createTestApp(database, {
    env: { ...bucket.env, AUTH_ATTEMPTS_PER_MINUTE: "1000" },
  });
  admin = await loginAs(testApp.app, database.db, "admin");
  tenant = await loginAs(testApp.app, database.db, "tenant");
  [png, jpeg] = await Promise.all([makeImage("png"), makeImage("jpeg", 900, 700)]);
});

afterAll(async () => {
  await testApp.close();
  await inBucket.close();
  await bucket.close();
  await database.drop();
});

const keysIn = async (prefix: string) => {
  const keys: string[] = [];
  for await (const object of inBucket.list(prefix)) keys.push(object.key);
  return keys.sort();
};

async function uploadPhotos(owner: ["propertyId" | "unitId", number], files: Buffer[]) {
  const body = await multipartBody([
    [owner[0], String(owner[1])],
    ...files.map(
      (bytes, i) =>
        ["files", { bytes, name: `photo-${i}.jpg` }] as [string, { bytes: Buffer; name: string }],
    ),
  ]);
  return call(testApp.app, adminPropertiesApi.uploadImages, {
    headers: { ...admin.headers, ...body.headers },
    payload: body.payload,
  });
}

function uploadDocument(filename: string, content: Buffer) {
  return sendForm(
    testApp.app,
    tenantFilesApi.tenantUpload,
    [
      { name: "category", value: "lease" },
      { name: "file", filename, content },
    ],
    { headers: tenant.headers },
  );
}

/** Nothing is kept on the local disk: no photo, no document, no temporary left behind. */
async function expectLocalDiskEmpty() {
  expect(await filesUnder(path.join(testApp.dataDir, "uploads"))).toEqual([]);
  expect(await filesUnder(scratchDirectory(testApp.dataDir))).toEqual([]);
}

describe("photos on the s3 driver", () => {
  it("puts uploaded photos in the bucket and their rows in the database", async () => {
    const building = await insertProperty(database.db);
    const response = await uploadPhotos(["propertyId", building.id], [png, jpeg]);
    expect(response.statusCode).toBe(201);
    const { files } = response.json<UploadResponse>();
    const rows = await database.db.select().from(images).where(eq(images.propertyId, building.id));
    expect(rows.map((row) => row.id).sort()).toEqual(files.map((file) => file.id).sort());
    const expected = rows.flatMap((row) => row.variants.map((v) => uploadKey(v.path)));
    expect(expected).toHaveLength(5); // 480, 768, 1200 of the PNG; 480, 768 of the JPEG
    for (const key of expected) expect(await inBucket.head(key), key).not.toBeNull();
    await expectLocalDiskEmpty();
  });

  it("serves a photo from the bucket with a year of immutable caching, an ETag and 304", async () => {
    const building = await insertProperty(database.db);
    const { files } = (
      await uploadPhotos(["propertyId", building.id], [png])
    ).json<UploadResponse>();
    const url = files[0]!.url;
    const served = await testApp.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["last-modified"]).toBeDefined();
    const etag = served.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const bytes = await readObject(inBucket, uploadKey(files[0]!.path));
    expect(served.rawPayload.equals(bytes!)).toBe(true);
    expect(Number(served.headers["content-length"])).toBe(bytes!.length);

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const again = await testApp.app.inject({ url, headers: { "if-none-match": ifNoneMatch } });
      expect(again.statusCode, ifNoneMatch).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
    const changed = await testApp.app.inject({ url, headers: { "if-none-match": '"other"' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(bytes!)).toBe(true);

    const head = await testApp.app.inject({ method: "HEAD", url });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-length"]).toBe(String(bytes!.length));
    expect(head.headers.etag).toBe(etag);
    expect(head.rawPayload.length).toBe(0);
  });

  it("stores the caching rule with each object, for a CDN serving the bucket directly", async () => {
    const building = await insertProperty(database.db);
    const { files } = (
      await uploadPhotos(["propertyId", building.id], [png])
    ).json<UploadResponse>();
    const s3 = createS3Client(bucket.settings);
    const photo = await s3.send(
      new HeadObjectCommand({ Bucket: bucket.settings.bucket, Key: uploadKey(files[0]!.path) }),
    );
    expect(photo.CacheControl).toBe("public, max-age=31536000, immutable");
    expect(photo.ContentType).toBe("image/webp");
    s3.destroy();
  });

  it("answers the same headers as the fs driver for the same photo", async () => {
    const bytes = randomBytes(3_000);
    await inBucket.put("uploads/images/same/480.webp", bytes, { contentType: "image/webp" });
    const onDisk = await createTestApp(database);
    try {
      await mkdir(path.join(onDisk.dataDir, "uploads/images/same"), { recursive: true });
      await writeFile(path.join(onDisk.dataDir, "uploads/images/same/480.webp"), bytes);
      const url = "/uploads/images/same/480.webp";
      const [fromBucket, fromDisk] = await Promise.all([
        testApp.app.inject({ url }),
        onDisk.app.inject({ url }),
      ]);
      for (const response of [fromBucket, fromDisk]) {
        expect(response.statusCode).toBe(200);
        expect(response.rawPayload.equals(bytes)).toBe(true);
      }
      for (const header of [
        "content-type",
        "cache-control",
        "content-length",
        "x-content-type-options",
      ]) {
        expect(fromBucket.headers[header], header).toBe(fromDisk.headers[header]);
      }
      for (const header of ["etag", "last-modified"]) {
        expect(fromBucket.headers[header], header).toBeDefined();
        expect(fromDisk.headers[header], header).toBeDefined();
      }
      const [bucket304, disk304] = await Promise.all([
        testApp.app.inject({ url, headers: { "if-none-match": String(fromBucket.headers.etag) } }),
        onDisk.app.inject({ url, headers: { "if-none-match": String(fromDisk.headers.etag) } }),
      ]);
      expect([bucket304.statusCode, disk304.statusCode]).toEqual([304, 304]);
      const [bucket404, disk404] = await Promise.all([
        testApp.app.inject({ url: "/uploads/images/none/480.webp" }),
        onDisk.app.inject({ url: "/uploads/images/none/480.webp" }),
      ]);
      expect([bucket404.statusCode, disk404.statusCode]).toEqual([404, 404]);
      expect(bucket404.json()).toEqual(disk404.json());
    } finally {
      await onDisk.close();
    }
  });

  it("never serves a tenant file, nor anything outside uploads/, through /uploads/", async () => {
    const sent = await uploadDocument("lease.pdf", samples.pdf());
    const file = sent.json().files[0] as TenantFile;
    const key = tenantFileKey(file.filename);
    expect(await inBucket.head(key)).not.toBeNull();
    for (const url of [
      `/uploads/${key}`,
      `/uploads/../${key}`,
      `/uploads/%2e%2e/${key}`,
      `/uploads/..%2f${key}`,
      `/uploads/images/..%2f..%2f${key}`,
      `/uploads/${file.filename}`,
      "/uploads/",
      "/uploads/images/",
      "/uploads/images%5c..%5c..%5ctenant-files",
    ]) {
      const response = await testApp.app.inject({ url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.body.includes("%PDF"), url).toBe(false);
    }
  });

  it("deleting a unit removes its photos from the bucket, and only them", async () => {
    const building = await insertProperty(database.db);
    const unit = await insertUnit(database.db, building.id);
    const kept = (await uploadPhotos(["propertyId", building.id], [jpeg])).json<UploadResponse>();
    const doomed = (await uploadPhotos(["unitId", unit.id], [png, jpeg])).json<UploadResponse>();
    const keysOf = async (ids: number[]) =>
      (await database.db.select().from(images))
        .filter((row) => ids.includes(row.id))
        .flatMap((row) => row.variants.map((v) => uploadKey(v.path)));
    const doomedKeys = await keysOf(doomed.files.map((f) => f.id));
    const keptKeys = await keysOf(kept.files.map((f) => f.id));
    const removed = await call(testApp.app, adminPropertiesApi.deleteUnit, {
      params: { id: unit.id },
      headers: admin.headers,
    });
    expect(removed.statusCode).toBeLessThan(300);
    for (const key of doomedKeys) expect(await inBucket.head(key), key).toBeNull();
    for (const key of keptKeys) expect(await inBucket.head(key), key).not.toBeNull();
    const served = await testApp.app.inject({ url: doomed.files[0]!.url });
    expect(served.statusCode).toBe(404);
    expect(served.json()).toMatchObject({ error: "not_found" });
  });

  it("a refused upload leaves no object and no row behind", async () => {
    const building = await insertProperty(database.db);
    const before = await keysIn("uploads/images/");
    const rowsBefore = (await database.db.select().from(images)).length;
    const body = await multipartBody([
      ["propertyId", String(building.id)],
      ["files", { bytes: png, name: "good.png" }],
      ["files", { bytes: Buffer.from("<html>not an image</html>"), name: "bad.png" }],
    ]);
    const response = await call(testApp.app, adminPropertiesApi.uploadImages, {
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(415);
    expect(await keysIn("uploads/images/")).toEqual(before);
    expect((await database.db.select().from(images)).length).toBe(rowsBefore);
    await expectLocalDiskEmpty();
  });
});

describe("tenant files on the s3 driver", () => {
  it("stores the document in the bucket, and the presigned link gives back its bytes as an attachment", async () => {
    const pdf = samples.pdf();
    const sent = await uploadDocument("Lease été 2025.pdf", pdf);
    expect(sent.statusCode).toBe(201);
    const file = sent.json().files[0] as TenantFile;
    const [row] = await database.db.select().from(tenantFiles).where(eq(tenantFiles.id, file.id));
    expect((await readObject(inBucket, tenantFileKey(row!.filename)))?.equals(pdf)).toBe(true);
    await expectLocalDiskEmpty();

    const asked = Date.now();
    const link = await call(testApp.app, tenantFilesApi.downloadLink, {
      params: { id: file.id },
      headers: admin.headers,
    });
    expect(link.statusCode).toBe(200);
    const { downloadUrl, expiresAt } = link.json() as { downloadUrl: string; expiresAt: string };
    // The bucket's own URL: the bytes never pass through the app.
    expect(downloadUrl.startsWith(`${bucket.settings.endpoint}/${bucket.settings.bucket}/`)).toBe(
      true,
    );
    expect(new URL(downloadUrl).searchParams.get("X-Amz-Expires")).toBe(
      String(DOWNLOAD_URL_MINUTES * 60),
    );
    const expires = new Date(expiresAt).getTime() - asked;
    expect(expires).toBeGreaterThan(DOWNLOAD_URL_MINUTES * 60_000 - 5_000);
    expect(expires).toBeLessThanOrEqual(DOWNLOAD_URL_MINUTES * 60_000 + 1_000);

    const downloaded = await fetch(downloadUrl);
    expect(downloaded.status).toBe(200);
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(pdf)).toBe(true);
    expect(downloaded.headers.get("content-disposition")).toBe(
      `attachment; filename="Lease ete 2025.pdf"; filename*=UTF-8''Lease%20%C3%A9t%C3%A9%202025.pdf`,
    );
    expect(downloaded.headers.get("content-type")).toBe("application/pdf");
    expect(downloaded.headers.get("cache-control")).toBe("private, no-store");
  });

  it("keeps the token route working, streaming the bytes from the bucket", async () => {
    const png = samples.png();
    const file = (await uploadDocument("scan.png", png)).json().files[0] as TenantFile;
    const links = createFileLinks(await loadJwtSecret({ dataDir: testApp.dataDir }));
    const { token } = await links.downloads.sign({ fid: file.id, v: tenant.uid });
    const response = await call(testApp.app, tenantFilesApi.download, { params: { token } });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(png)).toBe(true);
    expect(response.headers["content-length"]).toBe(String(png.length));
    expect(response.headers["content-type"]).toBe("image/png");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="scan.png"/);

    await inBucket.delete(tenantFileKey(file.filename));
    const gone = await call(testApp.app, tenantFilesApi.download, { params: { token } });
    expect(gone.statusCode).toBe(404);
  });

  it("a refused document leaves no object, no row and no temporary behind", async () => {
    const before = await keysIn("tenant-files/");
    const rowsBefore = (await database.db.select().from(tenantFiles)).length;
    const response = await uploadDocument("notes.pdf", samples.text());
    expect(response.statusCode).toBe(415);
    // A good file then a bad one: the good one, already stored, goes too.
    const mixed = await sendForm(
      testApp.app,
      tenantFilesApi.tenantUpload,
      [
        { name: "category", value: "lease" },
        { name: "file", filename: "good.pdf", content: samples.pdf() },
        { name: "file", filename: "bad.pdf", content: samples.text() },
      ],
      { headers: tenant.headers },
    );
    expect(mixed.statusCode).toBe(415);
    expect(await keysIn("tenant-files/")).toEqual(before);
    expect((await database.db.select().from(tenantFiles)).length).toBe(rowsBefore);
    await expectLocalDiskEmpty();
  });
});

describe("an unreachable bucket", () => {
  /** A port nothing listens on. */
  async function closedPort(): Promise<number> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    return port;
  }

  it("refuses the upload with a 503 to retry and writes no row", async () => {
    const down = await createTestApp(database, {
      env: { ...bucket.env, S3_ENDPOINT: `http://127.0.0.1:${await closedPort()}` },
    });
    try {
      const headers = (await loginAs(down.app, database.db, "admin")).headers;
      const tenantHeaders = (await loginAs(down.app, database.db, "tenant")).headers;
      const building = await insertProperty(database.db);
      const photos = await multipartBody([
        ["propertyId", String(building.id)],
        ["files", { bytes: jpeg, name: "a.jpg" }],
      ]);
      const photo = await call(down.app, adminPropertiesApi.uploadImages, {
        headers: { ...headers, ...photos.headers },
        payload: photos.payload,
      });
      expect(photo.statusCode).toBe(503);
      expect(photo.headers["retry-after"]).toBeDefined();
      expect(photo.json()).toEqual({
        error: "service_unavailable",
        message: messages.server.storageUnavailable,
      });
      expect(
        await database.db.select().from(images).where(eq(images.propertyId, building.id)),
      ).toEqual([]);

      const rowsBefore = (await database.db.select().from(tenantFiles)).length;
      const document = await sendForm(
        down.app,
        tenantFilesApi.tenantUpload,
        [{ name: "file", filename: "a.pdf", content: samples.pdf() }],
        { headers: tenantHeaders },
      );
      expect(document.statusCode).toBe(503);
      expect((await database.db.select().from(tenantFiles)).length).toBe(rowsBefore);
      expect(await filesUnder(scratchDirectory(down.dataDir))).toEqual([]);
    } finally {
      await down.close();
    }
  });
});
