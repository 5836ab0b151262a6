import net, { type AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { UploadResponse } from "#domain/admin";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { healthApi } from "#domain/api/health";
import { tenantFilesApi } from "#domain/api/tenant-files";
import { messages } from "#domain/messages";
import { images, tenantFiles } from "#server/db/schema";
import {
  filesUnder,
  makeImage,
  multipartBody,
} from "#server/modules/admin-properties/upload.test-helpers";
import { multipart, samples } from "#server/modules/tenant-files/tenant-files.test-helpers";
import { createS3Store } from "#server/storage/s3-store";
import { scratchDirectory } from "#server/storage/storage";
import { startTestBucket, type TestBucket } from "#server/storage/storage.test-helpers";
import { loginAs } from "#tests/support/auth";
import { call, urlOf } from "#tests/support/call";
import { insertProperty } from "#tests/support/fixtures";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import { HANG_MS } from "#tests/support/traffic";

/**
 * Drill: the object store unreachable (STORAGE=s3, the bucket's server stopped, then started
 * again on the same port). Uploads of photos and of tenants' documents answer 503 with
 * Retry-After and a plain message, and leave no row, no object and no local temporary; photos
 * already stored answer 503 rather than a 500 or a hang; readiness names the store; once the
 * server is back, the same requests work again, without restarting the app. And a bucket that
 * accepts connections but never answers (a hung server) gets the same answers within seconds.
 */

let database: TestDatabase;
let bucket: TestBucket;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let inBucket: ReturnType<typeof createS3Store>;
/** An app listening on a socket, with an administrator's and a tenant's session. */
type Target = {
  baseUrl: string;
  admin: { authorization: string };
  tenant: { authorization: string };
};
let target: Target;
let jpeg: Buffer;

beforeAll(async () => {
  database = await createTestDb();
  bucket = await startTestBucket();
  inBucket = createS3Store(bucket.settings);
  testApp = await createTestApp(database, {
    env: { ...bucket.env, AUTH_ATTEMPTS_PER_MINUTE: "1000" },
  });
  jpeg = await makeImage("jpeg", 900, 700);
  target = await listening(testApp.app);
});

async function listening(app: FastifyInstance): Promise<Target> {
  const admin = (await loginAs(app, database.db, "admin")).headers;
  const tenant = (await loginAs(app, database.db, "tenant")).headers;
  await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    admin,
    tenant,
  };
}

afterAll(async () => {
  await testApp?.close();
  await inBucket?.close();
  await bucket?.close();
  await database?.drop();
});

type Answer = { status: number; ms: number; retryAfter: string | null; body: string };

/** Over the app's real socket, timed; no answer within HANG_MS fails the drill. */
async function send(to: Target, path: string, init: RequestInit = {}): Promise<Answer> {
  const started = Date.now();
  const response = await fetch(`${to.baseUrl}${path}`, {
    ...init,
    signal: AbortSignal.timeout(HANG_MS),
  });
  const body = await response.text();
  return {
    status: response.status,
    ms: Date.now() - started,
    retryAfter: response.headers.get("retry-after"),
    body,
  };
}

async function uploadPhoto(to: Target, propertyId: number) {
  const body = await multipartBody([
    ["propertyId", String(propertyId)],
    ["files", { bytes: jpeg, name: "porch.jpg" }],
  ]);
  return send(to, urlOf(adminPropertiesApi.uploadImages), {
    method: "POST",
    headers: { ...to.admin, ...body.headers },
    body: new Uint8Array(body.payload),
  });
}

function uploadDocument(to: Target) {
  const body = multipart([
    { name: "category", value: "lease" },
    { name: "file", filename: "lease.pdf", content: samples.pdf() },
  ]);
  return send(to, urlOf(tenantFilesApi.tenantUpload), {
    method: "POST",
    headers: { ...to.tenant, ...body.headers },
    body: new Uint8Array(body.payload),
  });
}

const keysIn = async (prefix: string) => {
  const keys: string[] = [];
  for await (const object of inBucket.list(prefix)) keys.push(object.key);
  return keys.sort();
};

function expectStorageUnavailable(answer: Answer) {
  expect(answer.status, answer.body).toBe(503);
  expect(answer.ms).toBeLessThan(HANG_MS);
  expect(answer.retryAfter).toMatch(/^\d+$/);
  expect(JSON.parse(answer.body)).toEqual({
    error: "service_unavailable",
    message: messages.server.storageUnavailable,
  });
}

it("refuses uploads with 503 and keeps nothing while the bucket is away, then works again", async () => {
  const building = await insertProperty(database.db);
  const stored = await uploadPhoto(target, building.id);
  expect(stored.status, stored.body).toBe(201);
  const photoUrl = (JSON.parse(stored.body) as UploadResponse).files[0]!.url;
  expect((await send(target, photoUrl)).status).toBe(200);
  const objectsBefore = await keysIn("");
  const photoRowsBefore = await database.db
    .select()
    .from(images)
    .where(eq(images.propertyId, building.id));
  const fileRowsBefore = await database.db.select().from(tenantFiles);

  await bucket.stop();
  let timings: Record<string, number> = {};
  try {
    const photo = await uploadPhoto(target, building.id);
    expectStorageUnavailable(photo);
    const document = await uploadDocument(target);
    expectStorageUnavailable(document);
    // A stored photo cannot be fetched now: a clear 503, not a 500 and not a hang.
    const read = await send(target, photoUrl);
    expectStorageUnavailable(read);
    const head = await send(target, photoUrl, { method: "HEAD" });
    expect(head.status).toBe(503);
    // Readiness names the store (its answer is at most a second old).
    await expect
      .poll(async () => (await call(testApp.app, healthApi.readiness)).statusCode, {
        timeout: 5_000,
      })
      .toBe(503);
    const ready = await call(testApp.app, healthApi.readiness);
    expect(ready.json().failing).toEqual(["storage"]);
    timings = { photoUpload: photo.ms, documentUpload: document.ms, photoRead: read.ms };

    // No row for either upload, and no temporary left on the local disk.
    expect(
      await database.db.select().from(images).where(eq(images.propertyId, building.id)),
    ).toEqual(photoRowsBefore);
    expect(await database.db.select().from(tenantFiles)).toEqual(fileRowsBefore);
    expect(await filesUnder(scratchDirectory(testApp.dataDir))).toEqual([]);
    expect(await filesUnder(`${testApp.dataDir}/uploads`)).toEqual([]);
  } finally {
    await bucket.start();
  }
  // ...and no object in the bucket either.
  expect(await keysIn("")).toEqual(objectsBefore);

  // Back: the same requests work again, without restarting the app.
  const started = Date.now();
  expect((await send(target, photoUrl)).status).toBe(200);
  expect((await uploadPhoto(target, building.id)).status).toBe(201);
  expect((await uploadDocument(target)).status).toBe(201);
  // Readiness answers from a result at most a second old.
  await expect
    .poll(async () => (await call(testApp.app, healthApi.readiness)).statusCode, {
      timeout: 5_000,
    })
    .toBe(200);
  console.info(
    `storage outage drill: ${JSON.stringify({ ...timings, recoveredInMs: Date.now() - started })}`,
  );
});

it("answers the same 503s within seconds when the bucket accepts connections but never answers", async () => {
  // A hung server: connections open, requests are read, nothing ever comes back.
  const held: net.Socket[] = [];
  const silent = net.createServer((socket) => {
    held.push(socket);
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  const endpoint = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  const hung = await createTestApp(database, {
    env: { ...bucket.env, S3_ENDPOINT: endpoint, AUTH_ATTEMPTS_PER_MINUTE: "1000" },
  });
  try {
    const to = await listening(hung.app);
    const building = await insertProperty(database.db);
    const [photo, document, read] = await Promise.all([
      uploadPhoto(to, building.id),
      uploadDocument(to),
      send(to, "/uploads/images/somewhere/480.webp"),
    ]);
    console.info(
      `hung bucket drill: ${JSON.stringify({ photoUpload: photo.ms, documentUpload: document.ms, photoRead: read.ms })}`,
    );
    for (const answer of [photo, document, read]) expectStorageUnavailable(answer);
    expect(
      await database.db.select().from(images).where(eq(images.propertyId, building.id)),
    ).toEqual([]);
    expect(await filesUnder(scratchDirectory(hung.dataDir))).toEqual([]);
  } finally {
    for (const socket of held) socket.destroy();
    silent.close();
    await hung.close();
  }
});
