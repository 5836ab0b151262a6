import { existsSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGES_PER_UPLOAD_MAX, type UploadResponse, uploadMessages } from "#domain/admin";
import { adminPropertiesApi, IMAGES_PER_OWNER_MAX } from "#domain/api/admin-properties";
import { UPLOAD_MAX_BYTES } from "#domain/constants";
import { images, properties, units } from "#server/db/schema";
import { imageMessages } from "#server/images/image-pipeline";
import { loginAs } from "#tests/support/auth";
import { call, urlOf } from "#tests/support/call";
import { insertImage, insertProperty, insertUnit } from "#tests/support/fixtures";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import { filesUnder, makeImage, multipartBody, type Part } from "./upload.test-helpers";

let database: TestDatabase;
let app: FastifyInstance;
let close: () => Promise<void>;
let uploadsDir: string;
let admin: { authorization: string };
let png: Buffer;
let jpeg: Buffer;
const { uploadImages } = adminPropertiesApi;

beforeAll(async () => {
  database = await createTestDb();
  let dataDir: string;
  ({ app, close, dataDir } = await createTestApp(database));
  uploadsDir = path.join(dataDir, "uploads");
  admin = (await loginAs(app, database.db, "admin")).headers;
  [png, jpeg] = await Promise.all([makeImage("png"), makeImage("jpeg", 900, 700)]);
});

afterAll(async () => {
  await close();
  await database.drop();
});

async function upload(parts: [string, Part][], headers: Record<string, string> = admin) {
  const body = await multipartBody(parts);
  return call(app, uploadImages, {
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

const imageCount = async () => (await database.db.select({ id: images.id }).from(images)).length;

/** Runs a refused upload and checks that it left no row and no file behind. */
async function expectNothingLeft(run: () => Promise<void>) {
  const [filesBefore, rowsBefore] = await Promise.all([filesUnder(uploadsDir), imageCount()]);
  await run();
  expect(await imageCount()).toBe(rowsBefore);
  expect(await filesUnder(uploadsDir)).toEqual(filesBefore);
}

describe(`${uploadImages.method} ${uploadImages.path}`, () => {
  it("stores two images of a building: rows in order, variants on disk, the building touched", async () => {
    const building = await insertProperty(database.db, { updatedAt: new Date("2020-01-01") });
    const response = await upload([
      ["userId", "someone"],
      ["propertyId", String(building.id)],
      ["files", { bytes: png, name: "front.png", type: "image/png" }],
      ["files", { bytes: jpeg, name: "C:\\photos\\lobby.jpg", type: "image/jpeg" }],
    ]);
    expect(response.statusCode).toBe(201);
    const body = response.json<UploadResponse>();
    expect(body.message).toBe("Uploaded 2 images");
    expect(body.files).toHaveLength(2);
    const [front, lobby] = body.files;
    expect(front).toMatchObject({ filename: "front.png", alt: "", width: 1200, height: 831 });
    expect(lobby).toMatchObject({ filename: "lobby.jpg", width: 768 });
    expect(front!.url).toBe(`/uploads/${front!.path}`);
    expect(front!.srcSet.split(", ").map((s) => s.split(" ")[1])).toEqual([
      "480w",
      "768w",
      "1200w",
    ]);

    const rows = await database.db
      .select()
      .from(images)
      .where(eq(images.propertyId, building.id))
      .orderBy(images.position);
    expect(rows.map((r) => [r.id, r.position])).toEqual([
      [front!.id, 0],
      [lobby!.id, 1],
    ]);
    for (const row of rows) {
      for (const variant of row.variants) {
        expect(existsSync(path.join(uploadsDir, variant.path))).toBe(true);
      }
    }
    expect(rows[0]!.variants.map((v) => v.width)).toEqual([480, 768, 1200]);
    // The files are served under /uploads.
    const served = await app.inject({ method: "GET", url: front!.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");

    const [after] = await database.db
      .select()
      .from(properties)
      .where(eq(properties.id, building.id));
    expect(after!.updatedAt.getTime()).toBeGreaterThan(new Date("2020-01-01").getTime());
  });

  it(`refuses with 409 an upload that would give a unit more than ${IMAGES_PER_OWNER_MAX} photos, leaving nothing`, async () => {
    const building = await insertProperty(database.db);
    const unit = await insertUnit(database.db, building.id);
    for (let i = 0; i < IMAGES_PER_OWNER_MAX - 1; i++) {
      await insertImage(database.db, { unitId: unit.id }, { position: i });
    }
    const one = await upload([
      ["unitId", String(unit.id)],
      ["files", { bytes: png, name: "last.png", type: "image/png" }],
    ]);
    expect(one.statusCode).toBe(201);
    await expectNothingLeft(async () => {
      const refused = await upload([
        ["unitId", String(unit.id)],
        ["files", { bytes: png, name: "more.png", type: "image/png" }],
      ]);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toContain(`at most ${IMAGES_PER_OWNER_MAX} photos`);
    });
  });

  it("adds a unit's image after its existing ones, with the owner sent after the files", async () => {
    const building = await insertProperty(database.db, { updatedAt: new Date("2020-01-01") });
    const unit = await insertUnit(database.db, building.id, { updatedAt: new Date("2020-01-01") });
    await insertImage(database.db, { unitId: unit.id }, { position: 4 });
    const response = await upload([
      ["files", { bytes: jpeg, name: "kitchen.jpg", type: "image/jpeg" }],
      ["unitId", String(unit.id)],
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json<UploadResponse>().message).toBe("Uploaded 1 image");
    const rows = await database.db
      .select()
      .from(images)
      .where(eq(images.unitId, unit.id))
      .orderBy(images.position);
    expect(rows.map((r) => r.position)).toEqual([4, 5]);
    expect(rows[1]!.propertyId).toBeNull();
    const [unitAfter] = await database.db.select().from(units).where(eq(units.id, unit.id));
    const [buildingAfter] = await database.db
      .select()
      .from(properties)
      .where(eq(properties.id, building.id));
    expect(unitAfter!.updatedAt.getFullYear()).toBeGreaterThan(2020);
    expect(buildingAfter!.updatedAt.getFullYear()).toBeGreaterThan(2020);
  });

  it("refuses an 11 MB file with 413 and keeps nothing, not even the images before it", async () => {
    const building = await insertProperty(database.db);
    await expectNothingLeft(async () => {
      const response = await upload([
        ["propertyId", String(building.id)],
        ["files", { bytes: png, name: "fine.png", type: "image/png" }],
        ["files", { bytes: Buffer.alloc(11 * 1024 * 1024, 1), name: "huge.jpg" }],
      ]);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        error: "payload_too_large",
        message: imageMessages.tooBig,
      });
    });
  });

  it("accepts a file of exactly the limit's size up to the check of its content", async () => {
    const building = await insertProperty(database.db);
    await expectNothingLeft(async () => {
      const response = await upload([
        ["propertyId", String(building.id)],
        ["files", { bytes: Buffer.alloc(UPLOAD_MAX_BYTES, 1), name: "exact.png" }],
      ]);
      // Not too big: refused for what it is (not an image), not for its size.
      expect(response.statusCode).toBe(415);
    });
  });

  it("judges by content: a text file named photo.png is a 415 and nothing is written", async () => {
    const building = await insertProperty(database.db);
    await expectNothingLeft(async () => {
      const response = await upload([
        ["propertyId", String(building.id)],
        ["files", { bytes: jpeg, name: "good.jpg", type: "image/jpeg" }],
        ["files", { bytes: Buffer.from("just some text"), name: "photo.png", type: "image/png" }],
      ]);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        error: "unsupported_media_type",
        message: imageMessages.wrongType,
      });
    });
  });

  it("needs exactly one of propertyId or unitId", async () => {
    const building = await insertProperty(database.db);
    const unit = await insertUnit(database.db, building.id);
    const file: [string, Part] = ["files", { bytes: png, name: "a.png" }];
    await expectNothingLeft(async () => {
      for (const owner of [
        [],
        [["propertyId", ""]],
        [
          ["propertyId", String(building.id)],
          ["unitId", String(unit.id)],
        ],
        [
          ["propertyId", String(building.id)],
          ["propertyId", String(building.id)],
        ],
      ] as [string, Part][][]) {
        const response = await upload([...owner, file]);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(uploadMessages.ownerRequired);
      }
      // The owner after the files is still checked.
      const late = await upload([
        ["propertyId", String(building.id)],
        file,
        ["unitId", String(unit.id)],
      ]);
      expect(late.statusCode).toBe(400);
    });
  });

  it("answers 404 for a building or unit that does not exist, or an id that cannot", async () => {
    await expectNothingLeft(async () => {
      for (const [field, value] of [
        ["propertyId", "999999"],
        ["unitId", "999999"],
        ["propertyId", "abc"],
        ["unitId", "99999999999999"],
      ]) {
        for (const order of ["before", "after"]) {
          const owner: [string, Part] = [field!, value!];
          const file: [string, Part] = ["files", { bytes: png, name: "a.png" }];
          const response = await upload(order === "before" ? [owner, file] : [file, owner]);
          expect(response.statusCode, `${field}=${value} ${order}`).toBe(404);
          expect(response.json().error).toBe("not_found");
        }
      }
    });
  });

  it("needs at least one file, under the name files", async () => {
    const building = await insertProperty(database.db);
    await expectNothingLeft(async () => {
      const none = await upload([["propertyId", String(building.id)]]);
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe(uploadMessages.noFiles);
      const misnamed = await upload([
        ["propertyId", String(building.id)],
        ["photo", { bytes: png, name: "a.png" }],
      ]);
      expect(misnamed.statusCode).toBe(400);
      expect(misnamed.json().message).toBe(uploadMessages.wrongField);
    });
  });

  it(`takes at most ${IMAGES_PER_UPLOAD_MAX} files at a time`, async () => {
    const building = await insertProperty(database.db);
    const tiny = await makeImage("png", 40, 30);
    await expectNothingLeft(async () => {
      const response = await upload([
        ["propertyId", String(building.id)],
        ...Array.from({ length: IMAGES_PER_UPLOAD_MAX + 1 }, (_, i): [string, Part] => [
          "files",
          { bytes: tiny, name: `${i}.png` },
        ]),
      ]);
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toBe(uploadMessages.tooManyFiles);
    });
  });

  it("refuses a body that is not multipart, and a truncated one, with a 4xx", async () => {
    const building = await insertProperty(database.db);
    await expectNothingLeft(async () => {
      const json = await call(app, uploadImages, {
        headers: admin,
        payload: { propertyId: building.id },
      });
      expect(json.statusCode).toBe(415);

      const body = await multipartBody([
        ["propertyId", String(building.id)],
        ["files", { bytes: png, name: "a.png" }],
        ["files", { bytes: jpeg, name: "b.jpg" }],
      ]);
      // Cut in the middle of the second file: the first one was already written.
      const cut = body.payload.subarray(0, body.payload.length - Math.floor(jpeg.length / 2));
      const truncated = await call(app, uploadImages, {
        headers: { ...admin, ...body.headers },
        payload: cut,
      });
      expect(truncated.statusCode).toBe(400);
      expect(truncated.json().message).toBe(uploadMessages.incomplete);
    });
  });

  describe("over a real connection", () => {
    let port: number;
    beforeAll(async () => {
      await app.listen({ port: 0, host: "127.0.0.1" });
      port = (app.server.address() as AddressInfo).port;
    });

    const openConnections = () =>
      new Promise<number>((resolve, reject) =>
        app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
      );

    async function waitFor(condition: () => Promise<boolean>) {
      const deadline = Date.now() + 5_000;
      while (!(await condition()) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }

    it("leaves nothing when the client goes away in the middle of an upload", async () => {
      const building = await insertProperty(database.db);
      const before = await filesUnder(uploadsDir);
      const rowsBefore = await imageCount();
      const body = await multipartBody([
        ["propertyId", String(building.id)],
        ["files", { bytes: png, name: "a.png" }],
        ["files", { bytes: jpeg, name: "b.jpg" }],
      ]);
      let grew = false;
      const request = http.request({
        host: "127.0.0.1",
        port,
        method: uploadImages.method,
        path: urlOf(uploadImages),
        headers: { ...admin, ...body.headers, "content-length": body.payload.length },
      });
      request.on("error", () => undefined);
      // The first image whole and half of the second; once the first is on disk, the client
      // goes away.
      request.write(body.payload.subarray(0, body.payload.length - Math.floor(jpeg.length / 2)));
      // Files an earlier test is still removing may vanish meanwhile: only new ones count.
      const added = async () => (await filesUnder(uploadsDir)).filter((f) => !before.includes(f));
      await waitFor(async () => {
        grew = (await added()).length > 0;
        return grew;
      });
      request.destroy();
      expect(grew).toBe(true);
      await waitFor(async () => (await added()).length === 0);
      expect(await added()).toEqual([]);
      expect(await imageCount()).toBe(rowsBefore);
    });

    it("reads the rest of a refused body, then answers on a connection that stays usable", async () => {
      const building = await insertProperty(database.db);
      for (const [headers, status] of [
        [admin, 415],
        [{}, 401],
      ] as const) {
        const form = new FormData();
        form.append("propertyId", String(building.id));
        form.append("files", new Blob(["not an image"]), "a.png");
        form.append("files", new Blob([new Uint8Array(8 * 1024 * 1024)]), "b.png");
        const response = await fetch(`http://127.0.0.1:${port}${urlOf(uploadImages)}`, {
          method: uploadImages.method,
          headers,
          body: form,
        });
        expect(response.status).toBe(status);
        // The whole body was read (the route's limit is far above 8 MB): no close is needed.
        expect(response.headers.get("connection")).not.toBe("close");
        await response.arrayBuffer();
      }
      // Nothing of either body is left to read: the server closes without waiting on them.
      app.server.closeIdleConnections();
      await waitFor(async () => (await openConnections()) === 0);
      expect(await openConnections()).toBe(0);
    });
  });

  it("is for administrators only", async () => {
    const building = await insertProperty(database.db);
    const parts: [string, Part][] = [
      ["propertyId", String(building.id)],
      ["files", { bytes: png, name: "a.png" }],
    ];
    await expectNothingLeft(async () => {
      expect((await upload(parts, {})).statusCode).toBe(401);
      const tenant = await loginAs(app, database.db, "tenant");
      expect((await upload(parts, tenant.headers)).statusCode).toBe(403);
    });
  });
});
