import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { inquiriesApi } from "#domain/api/inquiries";
import { loginAs } from "#tests/support/auth";
import { call, urlOf } from "#tests/support/call";
import { insertProperty } from "#tests/support/fixtures";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import {
  filesUnder,
  makeImage,
  multipartBody,
} from "../modules/admin-properties/upload.test-helpers";

/**
 * Broken requests at the transport level: each is a clear 4xx in the API's error format, and
 * nothing (no row, no file, no temporary file) is left behind.
 */
let database: TestDatabase;
let app: FastifyInstance;
let close: () => Promise<void>;
let dataDir: string;
let admin: { authorization: string };
let propertyId: number;

beforeAll(async () => {
  database = await createTestDb();
  ({ app, close, dataDir } = await createTestApp(database));
  admin = (await loginAs(app, database.db, "admin")).headers;
  propertyId = (await insertProperty(database.db)).id;
});

afterAll(async () => {
  await close();
  await database.drop();
});

function expectErrorFormat(body: string) {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  expect(parsed).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  expect(body).not.toMatch(/at .+\.(?:ts|js):\d+|node_modules|SELECT|INSERT/i);
}

async function nothingWritten() {
  const { rows } = await database.pool.query(
    "select (select count(*) from images)::int as images, (select count(*) from units)::int as units, (select count(*) from inquiries)::int as inquiries",
  );
  expect(rows[0]).toEqual({ images: 0, units: 0, inquiries: 0 });
  expect(await filesUnder(path.join(dataDir, "uploads"))).toEqual([]);
  expect(await filesUnder(path.join(dataDir, "tenant-files"))).toEqual([]);
}

describe("malformed requests", () => {
  it("invalid JSON is a 400", async () => {
    const response = await app.inject({
      method: inquiriesApi.send.method,
      url: urlOf(inquiriesApi.send),
      headers: { "content-type": "application/json" },
      payload: '{"name": "Robin", ',
    });
    expect(response.statusCode).toBe(400);
    expectErrorFormat(response.body);
  });

  it("a content type the route does not read is a 415", async () => {
    const response = await app.inject({
      method: adminPropertiesApi.createUnit.method,
      url: urlOf(adminPropertiesApi.createUnit),
      headers: { ...admin, "content-type": "text/xml" },
      payload: "<unit/>",
    });
    expect(response.statusCode).toBe(415);
    expectErrorFormat(response.body);
  });

  it("a JSON body over the limit is a 413", async () => {
    const response = await app.inject({
      method: inquiriesApi.send.method,
      url: urlOf(inquiriesApi.send),
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ name: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expectErrorFormat(response.body);
  });

  it("a multipart body cut off in the middle of a file is a 400", async () => {
    const { payload, headers } = await multipartBody([
      ["propertyId", String(propertyId)],
      ["files", { bytes: await makeImage("png"), name: "front.png", type: "image/png" }],
    ]);
    const response = await app.inject({
      method: adminPropertiesApi.uploadImages.method,
      url: urlOf(adminPropertiesApi.uploadImages),
      headers: { ...admin, ...headers },
      payload: payload.subarray(0, Math.floor(payload.length / 2)),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expectErrorFormat(response.body);
  });

  it("a thousand parts are refused", async () => {
    const parts: [string, string][] = Array.from({ length: 1000 }, (_, i) => [`field${i}`, "x"]);
    const { payload, headers } = await multipartBody([
      ["propertyId", String(propertyId)],
      ...parts,
    ]);
    const response = await app.inject({
      method: adminPropertiesApi.uploadImages.method,
      url: urlOf(adminPropertiesApi.uploadImages),
      headers: { ...admin, ...headers },
      payload,
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expectErrorFormat(response.body);
  });

  it("a file name with ../ and a NUL byte is stored under a clean name, inside the uploads", async () => {
    const { payload, headers } = await multipartBody([
      ["propertyId", String(propertyId)],
      [
        "files",
        { bytes: await makeImage("png"), name: "../../etc/pass\u0000wd.png", type: "image/png" },
      ],
    ]);
    const response = await app.inject({
      method: adminPropertiesApi.uploadImages.method,
      url: urlOf(adminPropertiesApi.uploadImages),
      headers: { ...admin, ...headers },
      payload,
    });
    expect(response.statusCode).toBe(201);
    const [image] = response.json().files as { filename: string; path: string }[];
    expect(image!.filename).not.toMatch(/[/\\]/);
    expect(image!.filename.includes("\u0000")).toBe(false);
    expect(image!.path).not.toContain("..");
    const { rows } = await database.pool.query("select id from images");
    await call(app, adminPropertiesApi.deletePropertyImage, {
      params: { id: propertyId, imageId: rows[0].id },
      headers: admin,
    });
  });

  it("left nothing behind", async () => {
    await nothingWritten();
  });
});
