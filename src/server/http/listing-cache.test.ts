import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginAs } from "#tests/support/auth";
import { insertProperty, insertUnit } from "#tests/support/fixtures";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";

/** The public listing cache never shows a change late: every admin write empties it. */
let database: TestDatabase;
let app: FastifyInstance;
let close: () => Promise<void>;
let admin: { authorization: string };

beforeAll(async () => {
  database = await createTestDb();
  ({ app, close } = await createTestApp(database));
  admin = (await loginAs(app, database.db, "admin")).headers;
  const building = await insertProperty(database.db, { title: "Cached Court" });
  await insertUnit(database.db, building.id, { unitNumber: "1A", available: true });
});

afterAll(async () => {
  await close();
  await database.drop();
});

const names = async () =>
  ((await app.inject({ url: "/api/properties/buildings" })).json() as { name: string }[]).map(
    (b) => b.name,
  );

describe("the public listing cache", () => {
  it("revalidates with the ETag: 304 while nothing changed, 200 with a new ETag after a write", async () => {
    const first = await app.inject({ url: "/api/properties/buildings" });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"/);
    const same = await app.inject({
      url: "/api/properties/buildings",
      headers: { "if-none-match": etag },
    });
    expect(same.statusCode).toBe(304);

    const created = await app.inject({
      method: "POST",
      url: "/api/admin/properties",
      headers: admin,
      payload: {
        title: "Fresh Gardens",
        type: "apartment",
        address: "1 Fresh Street",
        city: "Hartford",
        state: "CT",
        zipCode: "06103",
      },
    });
    expect(created.statusCode).toBe(201);
    const after = await app.inject({
      url: "/api/properties/buildings",
      headers: { "if-none-match": etag },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(await names()).toContain("Fresh Gardens");
  });

  it("shows an edit and a deletion at once, on the list and on the building", async () => {
    const id = (
      (await app.inject({ url: "/api/properties/buildings" })).json() as {
        id: number;
        name: string;
      }[]
    ).find((b) => b.name === "Cached Court")!.id;
    expect((await app.inject({ url: `/api/properties/buildings/${id}` })).statusCode).toBe(200);

    const edited = await app.inject({
      method: "PUT",
      url: `/api/admin/properties/${id}`,
      headers: admin,
      payload: {
        title: "Cached Court East",
        type: "apartment",
        address: "2 Main Street",
        city: "Hartford",
        state: "CT",
        zipCode: "06103",
      },
    });
    expect(edited.statusCode).toBe(200);
    expect((await app.inject({ url: `/api/properties/buildings/${id}` })).json()).toMatchObject({
      name: "Cached Court East",
    });

    const deleted = await app.inject({
      method: "DELETE",
      url: `/api/admin/properties/admin/${id}`,
      headers: admin,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await app.inject({ url: `/api/properties/buildings/${id}` })).statusCode).toBe(404);
    expect(await names()).not.toContain("Cached Court East");
  });

  it("is not emptied by a refused write", async () => {
    const tenant = (await loginAs(app, database.db, "tenant")).headers;
    const before = (await app.inject({ url: "/api/properties/buildings" })).headers.etag;
    const refused = await app.inject({
      method: "POST",
      url: "/api/admin/properties",
      headers: tenant,
      payload: {},
    });
    expect(refused.statusCode).toBe(403);
    const after = await app.inject({
      url: "/api/properties/buildings",
      headers: { "if-none-match": before as string },
    });
    expect(after.statusCode).toBe(304);
  });
});
