import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { listingsApi } from "#domain/api/listings";
import { loginAs } from "#tests/support/auth";
import { call } from "#tests/support/call";
import { insertProperty, insertUnit } from "#tests/support/fixtures";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import { createResponseCache, type ResponseCache } from "./response-cache";
import {
  type AlertPages,
  type ApplicationPages,
  createWebServices,
  type PrivacyRequestPages,
  type ShowingPages,
  type WaitlistPages,
} from "./web-services";

/** The public listing cache never shows a change late: every admin write empties it. */
let database: TestDatabase;
let app: FastifyInstance;
let close: () => Promise<void>;
let admin: { authorization: string };
let cache: ResponseCache;

beforeAll(async () => {
  database = await createTestDb();
  cache = createResponseCache();
  ({ app, close } = await createTestApp(database, { cache }));
  admin = (await loginAs(app, database.db, "admin")).headers;
  const building = await insertProperty(database.db, { title: "Cached Court" });
  await insertUnit(database.db, building.id, { unitNumber: "1A", available: true });
});

afterAll(async () => {
  await close();
  await database.drop();
});

const names = async () =>
  ((await call(app, listingsApi.listBuildings)).json() as { name: string }[]).map((b) => b.name);

describe("the public listing cache", () => {
  it("revalidates with the ETag: 304 while nothing changed, 200 with a new ETag after a write", async () => {
    const first = await call(app, listingsApi.listBuildings);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const same = await call(app, listingsApi.listBuildings, {
      headers: { "if-none-match": etag },
    });
    expect(same.statusCode).toBe(304);

    const created = await call(app, adminPropertiesApi.createProperty, {
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
    const after = await call(app, listingsApi.listBuildings, {
      headers: { "if-none-match": etag },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(await names()).toContain("Fresh Gardens");
  });

  it("shows an edit and a deletion at once, on the list and on the building", async () => {
    const id = (
      (await call(app, listingsApi.listBuildings)).json() as {
        id: number;
        name: string;
      }[]
    ).find((b) => b.name === "Cached Court")!.id;
    const building = () => call(app, listingsApi.getBuilding, { params: { id } });
    expect((await building()).statusCode).toBe(200);

    const edited = await call(app, adminPropertiesApi.updateProperty, {
      params: { id },
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
    expect((await building()).json()).toMatchObject({
      name: "Cached Court East",
    });

    const deleted = await call(app, adminPropertiesApi.deleteProperty, {
      params: { id },
      headers: admin,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await building()).statusCode).toBe(404);
    expect(await names()).not.toContain("Cached Court East");
  });

  it("is not emptied by a refused write", async () => {
    const tenant = (await loginAs(app, database.db, "tenant")).headers;
    const before = (await call(app, listingsApi.listBuildings)).headers.etag;
    const refused = await call(app, adminPropertiesApi.createProperty, {
      headers: tenant,
      payload: {},
    });
    expect(refused.statusCode).toBe(403);
    const after = await call(app, listingsApi.listBuildings, {
      headers: { "if-none-match": before as string },
    });
    expect(after.statusCode).toBe(304);
  });
});

describe("one listing cache for the API and the pages", () => {
  it("answers the pages' loaders from the entry the API filled, and empties it for both on a write", async () => {
    // What the pages read, over the app's own cache (the alerts' pages play no part here).
    const pages = createWebServices({
      db: database.db,
      publicUrl: "http://localhost",
      cache,
      alerts: {} as AlertPages,
      privacyRequests: {} as PrivacyRequestPages,
      showings: {} as ShowingPages,
      waitlists: {} as WaitlistPages,
      applications: {} as ApplicationPages,
    }).listings;
    // The list page's first page is the API's first page: one entry, read once.
    const listed = (await call(app, listingsApi.listBuildings)).json() as { name: string }[];
    const misses = cache.misses;
    const page = await pages.listBuildingsPage({}, undefined);
    expect(page?.buildings).toEqual(listed);
    expect(page).toMatchObject({ before: 0, nextCursor: null });
    expect(cache.misses).toBe(misses);

    const building = page!.buildings[0]!;
    expect(await pages.findBuilding(building.id)).toMatchObject({ name: building.name });
    const shown = await call(app, listingsApi.getBuilding, { params: { id: building.id } });
    expect(cache.misses).toBe(misses + 1);
    expect(shown.json()).toEqual(await pages.findBuilding(building.id));

    const created = await call(app, adminPropertiesApi.createProperty, {
      headers: admin,
      payload: {
        title: "Shared Terrace",
        type: "apartment",
        address: "3 Shared Street",
        city: "Hartford",
        state: "CT",
        zipCode: "06103",
      },
    });
    expect(created.statusCode).toBe(201);
    const after = await pages.listBuildingsPage({}, undefined);
    expect(after?.buildings.map((b) => b.name)).toContain("Shared Terrace");
    expect(await names()).toContain("Shared Terrace");
  });
});
