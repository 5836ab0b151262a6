import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Contract } from "#domain/api/contract";
import { listingsApi } from "#domain/api/listings";
import { type CallOptions, call } from "#tests/support/call";
import { insertImage, insertProperty, insertUnit } from "#tests/support/fixtures";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";

let database: TestDatabase;
let app: FastifyInstance;
let close: () => Promise<void>;
const ids = {} as Record<
  "elm" | "elm2B" | "elm10" | "elm3" | "oak" | "oak1" | "maple" | "hidden" | "hidden1",
  number
>;

beforeAll(async () => {
  database = await createTestDb();
  ({ app, close } = await createTestApp(database));
  const db = database.db;
  const elm = await insertProperty(db, {
    title: "Elm Street Lofts",
    type: "loft",
    featured: true,
    yearBuilt: 1910,
    amenities: ["Elevator", "Heating", "Fitness Center", "Storage Unit"],
    descriptionEs: "Un edificio de prueba.",
  });
  ids.elm = elm.id;
  ids.elm2B = (
    await insertUnit(db, elm.id, {
      unitNumber: "2B",
      bedrooms: 2,
      bathrooms: 1.5,
      rent: 1850,
      available: true,
      features: ["Dishwasher"],
    })
  ).id;
  ids.elm10 = (
    await insertUnit(db, elm.id, {
      unitNumber: "10",
      bedrooms: 1,
      rent: 1400,
      available: true,
      description: "Sunny corner unit.",
      descriptionEs: "Unidad de esquina soleada.",
    })
  ).id;
  ids.elm3 = (
    await insertUnit(db, elm.id, { unitNumber: "3", bedrooms: 3, rent: 2600, available: false })
  ).id;
  await insertImage(
    db,
    { propertyId: elm.id },
    { alt: "Brick front of Elm Street Lofts", position: 0 },
  );
  await insertImage(db, { propertyId: elm.id }, { alt: "", position: 1 });

  const oak = await insertProperty(db, { title: "Oak Terrace", type: "townhouse" });
  ids.oak = oak.id;
  ids.oak1 = (
    await insertUnit(db, oak.id, { unitNumber: "1", bedrooms: 2, rent: 2100, available: false })
  ).id;

  const maple = await insertProperty(db, {
    title: "Maple House",
    type: "house",
    hasVacancy: true,
    totalUnits: 1,
  });
  ids.maple = maple.id;

  const hidden = await insertProperty(db, { title: "Hidden Court", active: false });
  ids.hidden = hidden.id;
  ids.hidden1 = (await insertUnit(db, hidden.id, { available: true })).id;
  await app.ready();
});

afterAll(async () => {
  await close();
  await database.drop();
});

const { listBuildings, getBuilding, getUnit } = listingsApi;
const get = (contract: Contract, options: CallOptions = {}) => call(app, contract, options);
const title = (contract: Contract) => `${contract.method} ${contract.path}`;

describe(title(listBuildings), () => {
  it("lists active buildings only, featured first, with the public building fields", async () => {
    const response = await get(listBuildings);
    expect(response.statusCode).toBe(200);
    const buildings = response.json();
    expect(buildings.map((b: { name: string }) => b.name)).toEqual([
      "Elm Street Lofts",
      "Oak Terrace",
      "Maple House",
    ]);
    expect(buildings[0]).toMatchObject({
      id: ids.elm,
      name: "Elm Street Lofts",
      type: "loft",
      address: expect.any(String),
      city: "Hartford",
      state: "CT",
      zipCode: "06103",
      hasVacancy: true,
      amenities: ["Elevator", "Heating", "Fitness Center", "Storage Unit"],
      yearBuilt: 1910,
      availableUnits: 2,
      totalUnits: 3,
      rentFrom: 1400,
      featured: true,
      description: "A test building.",
      descriptionEs: "Un edificio de prueba.",
    });
    // Without a Spanish description, the Spanish pages show the English one.
    expect(buildings[1]).toMatchObject({ description: "A test building.", descriptionEs: null });
  });

  it("derives vacancy from units, and uses the stored flag only for a building without units", async () => {
    const buildings = (await get(listBuildings)).json();
    const byName = Object.fromEntries(buildings.map((b: { name: string }) => [b.name, b]));
    expect(byName["Oak Terrace"]).toMatchObject({
      hasVacancy: false,
      availableUnits: 0,
      totalUnits: 1,
      rentFrom: null,
    });
    expect(byName["Maple House"]).toMatchObject({
      hasVacancy: true,
      availableUnits: 0,
      totalUnits: 1,
    });
  });

  it("gives image URLs under /uploads with sizes and alt text, defaulting the alt", async () => {
    const [elm] = (await get(listBuildings)).json();
    expect(elm.images).toEqual([
      expect.stringMatching(/^\/uploads\/images\/.*\/1200\.webp$/),
      expect.stringMatching(/^\/uploads\//),
    ]);
    expect(elm.photos[0]).toMatchObject({
      alt: "Brick front of Elm Street Lofts",
      width: 1200,
      height: 800,
    });
    expect(elm.photos[0].srcSet).toMatch(/480\.webp 480w, .*1200\.webp 1200w$/);
    expect(elm.photos[1].alt).toBe("Elm Street Lofts, photo 2 of 2");
  });

  it("shows a placeholder from the pool of 10 for a building without photos", async () => {
    const buildings = (await get(listBuildings)).json();
    const oak = buildings.find((b: { name: string }) => b.name === "Oak Terrace");
    expect(oak.images).toEqual([
      expect.stringMatching(/^\/uploads\/placeholders\/\d\/1200\.webp$/),
    ]);
    const again = (await get(listBuildings))
      .json()
      .find((b: { name: string }) => b.name === "Oak Terrace");
    expect(again.images).toEqual(oak.images);
  });

  it("honours ?limit=3 as the home page asks", async () => {
    const response = await get(listBuildings, { query: { limit: 1 } });
    expect(response.json()).toHaveLength(1);
  });

  it.each([
    [{ beds: 3 }, ["Elm Street Lofts"]],
    [{ beds: 2, available: true }, ["Elm Street Lofts"]],
    [{ maxRent: 2000 }, ["Elm Street Lofts"]],
    [{ maxRent: 2200 }, ["Elm Street Lofts", "Oak Terrace"]],
    [{ maxRent: 2200, available: true }, ["Elm Street Lofts"]],
    [{ beds: 4 }, []],
    [{ beds: "abc", maxRent: -5 }, ["Elm Street Lofts", "Oak Terrace", "Maple House"]],
  ])("filters by units: %j", async (query, expected) => {
    const names = (await get(listBuildings, { query })).json().map((b: { name: string }) => b.name);
    expect(names).toEqual(expected);
  });

  it("carries an ETag and a short public cache, and answers 304 when nothing changed", async () => {
    const first = await get(listBuildings);
    expect(first.headers["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=300");
    const tag = String(first.headers.etag);
    expect(tag).toBeTruthy();
    const second = await get(listBuildings, { headers: { "if-none-match": tag } });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe("");
  });
});

describe(title(getBuilding), () => {
  it("returns one building with its units in natural order", async () => {
    const response = await get(getBuilding, { params: { id: ids.elm } });
    expect(response.statusCode).toBe(200);
    const building = response.json();
    expect(building.name).toBe("Elm Street Lofts");
    expect(building.descriptionEs).toBe("Un edificio de prueba.");
    expect(building.units.map((u: { unitNumber: string }) => u.unitNumber)).toEqual([
      "2B",
      "3",
      "10",
    ]);
    expect(building.units[0]).toEqual({
      id: ids.elm2B,
      unitNumber: "2B",
      bedrooms: 2,
      bathrooms: 1.5,
      squareFeet: 0,
      rent: 1850,
      available: true,
      availableFrom: null,
    });
  });

  it.each(["999999", "abc", "1.5", "-1", "0", "99999999999", "1 OR 1=1"])(
    "answers 404 for the unknown or malformed id %s",
    async (id) => {
      const response = await get(getBuilding, { params: { id } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: "not_found" });
    },
  );

  it("hides an inactive building", async () => {
    expect((await get(getBuilding, { params: { id: ids.hidden } })).statusCode).toBe(404);
  });
});

describe(`${title(getUnit)} (a unit)`, () => {
  it("returns the unit with its building's place, type and merged amenities", async () => {
    const response = await get(getUnit, { params: { id: ids.elm2B } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: ids.elm2B,
      title: "Elm Street Lofts, Unit 2B",
      type: "loft",
      city: "Hartford",
      available: true,
      featured: true,
      bedrooms: 2,
      bathrooms: 1.5,
      rent: 1850,
      amenities: ["Dishwasher", "Elevator", "Heating", "Fitness Center", "Storage Unit"],
      building: { id: ids.elm, name: "Elm Street Lofts" },
    });
  });

  it("writes a default description when the unit has none, and keeps a given one", async () => {
    const generated = (await get(getUnit, { params: { id: ids.elm2B } })).json();
    expect(generated.description).toMatch(/^A 2 bedrooms, 1.5 baths loft home at .* in Hartford\./);
    expect((await get(getUnit, { params: { id: ids.elm10 } })).json().description).toBe(
      "Sunny corner unit.",
    );
  });

  it("gives the staff's Spanish description, or null (never a generated one)", async () => {
    expect((await get(getUnit, { params: { id: ids.elm10 } })).json()).toMatchObject({
      description: "Sunny corner unit.",
      descriptionEs: "Unidad de esquina soleada.",
    });
    expect((await get(getUnit, { params: { id: ids.elm2B } })).json().descriptionEs).toBeNull();
  });

  it("gives three placeholder photos to a unit without photos", async () => {
    const unit = (await get(getUnit, { params: { id: ids.elm2B } })).json();
    expect(unit.images).toHaveLength(3);
    expect(new Set(unit.images).size).toBe(3);
    for (const url of unit.images) expect(url).toMatch(/^\/uploads\/placeholders\/\d\/1200\.webp$/);
  });

  it.each(["999999", "abc", "2B", "-3"])(
    "answers 404 for the unknown or malformed id %s",
    async (id) => {
      const response = await get(getUnit, { params: { id } });
      expect(response.statusCode).toBe(404);
    },
  );

  it("hides a unit of an inactive building", async () => {
    expect((await get(getUnit, { params: { id: ids.hidden1 } })).statusCode).toBe(404);
  });
});
