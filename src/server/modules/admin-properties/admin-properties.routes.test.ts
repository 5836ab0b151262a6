import { existsSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  type AdminImage,
  type AdminProperty,
  type AdminUnit,
  adminMessages,
  type PropertyInput,
  type UnitInput,
} from "#domain/admin";
import { adminPropertiesApi as api, UNITS_PER_BUILDING_MAX } from "#domain/api/admin-properties";
import type { Contract } from "#domain/api/contract";
import { listingsApi } from "#domain/api/listings";
import { images, properties, units } from "#server/db/schema";
import { loginAs } from "#tests/support/auth";
import { type CallOptions, call, urlOf } from "#tests/support/call";
import { insertImage, insertProperty, insertUnit } from "#tests/support/fixtures";
import { recordStatements, statementsDuring } from "#tests/support/statements";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import { filesUnder, makeImage, multipartBody } from "./upload.test-helpers";

let database: TestDatabase;
let app: FastifyInstance;
let close: () => Promise<void>;
let uploadsDir: string;
let admin: { authorization: string };

beforeAll(async () => {
  database = await createTestDb();
  let dataDir: string;
  ({ app, close, dataDir } = await createTestApp(database));
  uploadsDir = path.join(dataDir, "uploads");
  admin = (await loginAs(app, database.db, "admin")).headers;
  recordStatements();
});

afterAll(async () => {
  vi.restoreAllMocks();
  await close();
  await database.drop();
});

/** A call as the administrator, unless other headers are given. */
const send = (contract: Contract, options: CallOptions = {}) =>
  call(app, contract, { headers: admin, ...options });

const validProperty = (overrides: Partial<PropertyInput> = {}): PropertyInput => ({
  title: "Willow Court",
  type: "apartment",
  address: "12 Willow Street",
  city: "Hartford",
  state: "CT",
  zipCode: "06105",
  description: "Brick walk-up near the park.",
  yearBuilt: 1925,
  totalUnits: 6,
  amenities: ["Heating", "Elevator"],
  featured: true,
  active: true,
  hasVacancy: true,
  ...overrides,
});

const validUnit = (propertyId: number, overrides: Partial<UnitInput> = {}): UnitInput => ({
  propertyId,
  unitNumber: "2B",
  bedrooms: 2,
  bathrooms: 1.5,
  squareFeet: 850,
  rent: 1850,
  deposit: 1850,
  available: true,
  availableFrom: "2030-09-01",
  features: ["Dishwasher"],
  description: "Sunny corner unit.",
  floorPlan: "Two bedrooms off a central hall.",
  ...overrides,
});

async function createBuilding(overrides: Partial<PropertyInput> = {}): Promise<AdminProperty> {
  const response = await send(api.createProperty, { payload: validProperty(overrides) });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function createUnit(propertyId: number, overrides: Partial<UnitInput> = {}) {
  const response = await send(api.createUnit, { payload: validUnit(propertyId, overrides) });
  expect(response.statusCode).toBe(201);
  return response.json<AdminUnit>();
}

/** Real files through the real upload route. */
async function uploadTo(owner: { propertyId: number } | { unitId: number }, count = 1) {
  const [key, id] = Object.entries(owner)[0]!;
  const bytes = await makeImage("jpeg", 800, 600);
  const body = await multipartBody([
    [key, String(id)],
    ...Array.from({ length: count }, (_, i): [string, { bytes: Buffer; name: string }] => [
      "files",
      { bytes, name: `photo-${i}.jpg` },
    ]),
  ]);
  const response = await send(api.uploadImages, {
    headers: { ...admin, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ files: AdminImage[] }>().files;
}

const publicBuilding = (id: number) => call(app, listingsApi.getBuilding, { params: { id } });
/** Every building, page after page (the list names the next page in X-Next-Cursor). */
async function listAll(): Promise<AdminProperty[]> {
  const all: AdminProperty[] = [];
  let cursor: string | undefined;
  do {
    const page = await send(api.list, cursor ? { query: { cursor } } : {});
    all.push(...page.json<AdminProperty[]>());
    cursor = page.headers["x-next-cursor"] as string | undefined;
  } while (cursor);
  return all;
}
const filesOf = (image: AdminImage) =>
  image.srcSet
    .split(", ")
    .map((entry) => path.join(uploadsDir, entry.split(" ")[0]!.replace(/^\/uploads\//, "")));

describe("the admin guard", () => {
  it("refuses the list without a session (401) and to a tenant (403)", async () => {
    const anonymous = await call(app, api.list);
    expect(anonymous.statusCode).toBe(401);
    const tenant = await loginAs(app, database.db, "tenant");
    const refused = await send(api.list, { headers: tenant.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe("forbidden");
  });
});

describe("properties", () => {
  it("creates a building and answers it whole (201)", async () => {
    const created = await createBuilding();
    expect(created).toMatchObject({ ...validProperty(), images: [], units: [] });
    expect(created.id).toBeGreaterThan(0);
    expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt);
    expect(created.updatedAt).toBe(created.createdAt);
  });

  it("fills the optional fields with their defaults", async () => {
    const response = await send(api.createProperty, {
      payload: {
        title: "  Bare House ",
        type: "house",
        address: "1 Elm Row",
        city: "Bristol",
        state: "CT",
        zipCode: "06010",
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      title: "Bare House",
      description: "",
      descriptionEs: null,
      yearBuilt: null,
      totalUnits: null,
      amenities: [],
      featured: false,
      active: true,
      hasVacancy: false,
    });
  });

  it.each([
    ["all fields empty", {}, "title", adminMessages.propertyRequired],
    ["no type", { type: "" }, "type", adminMessages.propertyRequired],
    ["blank zip", { zipCode: "   " }, "zipCode", adminMessages.propertyRequired],
    ["a long title", { title: "x".repeat(201) }, "title", adminMessages.titleLength],
    ["a long address", { address: "x".repeat(501) }, "address", adminMessages.addressLength],
    ["a long city", { city: "x".repeat(101) }, "city", adminMessages.cityLength],
    ["state C", { state: "C" }, "state", adminMessages.stateLength],
    ["a short zip", { zipCode: "0610" }, "zipCode", adminMessages.zipLength],
    ["a long zip", { zipCode: "06105-12345" }, "zipCode", adminMessages.zipLength],
  ] as const)(
    "refuses %s with the product's words as the first detail",
    async (_, overrides, field, msg) => {
      const body = Object.keys(overrides).length === 0 ? {} : validProperty(overrides);
      const response = await send(api.createProperty, { payload: body });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: "validation_failed",
        message: msg,
        details: [{ path: field, msg }],
      });
    },
  );

  it("checks in the product's order: a long title is reported before a bad state", async () => {
    const response = await send(api.createProperty, {
      payload: validProperty({ title: "x".repeat(300), state: "C", zipCode: "1" }),
    });
    expect(response.json().details[0].msg).toBe(adminMessages.titleLength);
  });

  it("refuses a type outside the list, and bad numbers, with a 400 (never a 500)", async () => {
    const badType = await send(api.createProperty, {
      payload: validProperty({ type: "castle" }),
    });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().details[0]).toEqual({ path: "type", msg: adminMessages.unknownType });
    const badYear = await send(api.createProperty, {
      payload: { ...validProperty(), yearBuilt: "nineteen" },
    });
    expect(badYear.statusCode).toBe(400);
    expect(badYear.json().details[0].path).toBe("yearBuilt");
  });

  it("lists every building, inactive too, newest first, units in natural order, images in gallery order", async () => {
    const older = await createBuilding({ title: "Older Hall", active: false });
    const newer = await createBuilding({ title: "Newer Hall" });
    for (const unitNumber of ["10", "2B", "3", "Garden"]) {
      await createUnit(newer.id, { unitNumber });
    }
    const u10 = (await listAll())
      .find((p) => p.id === newer.id)!
      .units.find((u) => u.unitNumber === "10");
    await insertImage(database.db, { propertyId: newer.id }, { position: 2, alt: "Back" });
    await insertImage(database.db, { propertyId: newer.id }, { position: 0, alt: "Front" });
    await insertImage(database.db, { unitId: u10!.id }, { position: 0, alt: "Kitchen" });

    const list = await listAll();
    const ids = list.map((p) => p.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(list.find((p) => p.id === older.id)!.active).toBe(false);
    const listed = list.find((p) => p.id === newer.id)!;
    expect(listed.units.map((u) => u.unitNumber)).toEqual(["2B", "3", "10", "Garden"]);
    expect(listed.images.map((i) => i.alt)).toEqual(["Front", "Back"]);
    expect(listed.images[0]).toMatchObject({
      url: expect.stringMatching(/^\/uploads\/images\/test\d+\/1200\.webp$/),
      srcSet: expect.stringMatching(/480\.webp 480w, .*1200\.webp 1200w$/),
      width: 1200,
      height: 800,
    });
    const unit10 = listed.units.find((u) => u.unitNumber === "10")!;
    expect(unit10.images.map((i) => i.alt)).toEqual(["Kitchen"]);
    expect(listed.units.find((u) => u.unitNumber === "3")!.images).toEqual([]);
  });

  it(`refuses a building's unit past ${UNITS_PER_BUILDING_MAX} with 409`, async () => {
    const building = await createBuilding({ title: "Full House" });
    await database.db.execute(sql`
      insert into units (property_id, unit_number, bedrooms, bathrooms, square_feet, rent, deposit)
      select ${building.id}, 'U' || n, 1, 1, 500, 1000, 1000
      from generate_series(1, ${UNITS_PER_BUILDING_MAX - 1}) as n`);
    await createUnit(building.id, { unitNumber: "Last" });
    const refused = await send(api.createUnit, {
      payload: validUnit(building.id, { unitNumber: "One more" }),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(`at most ${UNITS_PER_BUILDING_MAX} units`);
    await send(api.deleteProperty, { params: { id: String(building.id) } });
  });

  it("lists with a fixed number of queries, whatever the number of buildings", async () => {
    // Statements sent from this request's own context: the alert sender's pass after each
    // change to the listings shares the pool and is not counted.
    const countQueries = async () => (await statementsDuring(listAll)).length;
    const before = await countQueries();
    expect(before).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < 3; i++) {
      const building = await createBuilding({ title: `Query Count ${i}` });
      await createUnit(building.id, { unitNumber: "1" });
    }
    // The guard's own query and the three reads; more buildings add none.
    expect(await countQueries()).toBe(before);
  });

  it("updates a building, bumps updatedAt, and the public page follows", async () => {
    const created = await createBuilding({ title: "Before Name" });
    const response = await send(api.updateProperty, {
      params: { id: created.id },
      payload: validProperty({
        title: "After Name",
        city: "New Haven",
        amenities: ["Balcony/Patio"],
      }),
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json<AdminProperty>();
    expect(updated).toMatchObject({ id: created.id, title: "After Name", city: "New Haven" });
    expect(updated.updatedAt > created.updatedAt).toBe(true);
    expect(updated.createdAt).toBe(created.createdAt);

    const shown = await publicBuilding(created.id);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({
      name: "After Name",
      city: "New Haven",
      amenities: ["Balcony/Patio"],
    });
  });

  it("keeps the stored vacancy flag when an edit does not send it", async () => {
    const created = await createBuilding({ hasVacancy: true });
    const { hasVacancy: _omitted, ...withoutVacancy } = validProperty({ title: "Kept Vacancy" });
    const kept = await send(api.updateProperty, {
      params: { id: created.id },
      payload: withoutVacancy,
    });
    expect(kept.json()).toMatchObject({ title: "Kept Vacancy", hasVacancy: true });
    const cleared = await send(api.updateProperty, {
      params: { id: created.id },
      payload: validProperty({ hasVacancy: false }),
    });
    expect(cleared.json().hasVacancy).toBe(false);
  });

  it("refuses an edit without the required fields with the same message", async () => {
    const created = await createBuilding();
    const response = await send(api.updateProperty, {
      params: { id: created.id },
      payload: validProperty({ city: "" }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0]).toEqual({
      path: "city",
      msg: adminMessages.propertyRequired,
    });
  });

  it("hides a building made inactive from the public pages", async () => {
    const created = await createBuilding();
    expect((await publicBuilding(created.id)).statusCode).toBe(200);
    await send(api.updateProperty, {
      params: { id: created.id },
      payload: validProperty({ active: false }),
    });
    expect((await publicBuilding(created.id)).statusCode).toBe(404);
  });

  it("answers 404 for unknown and malformed ids, never a 500", async () => {
    for (const id of ["999999", "0", "-1", "1.5", "abc", "99999999999", "2147483648"]) {
      const put = await send(api.updateProperty, { params: { id }, payload: validProperty() });
      expect(put.statusCode, `PUT ${id}`).toBe(404);
      expect(put.json()).toEqual({ error: "not_found", message: adminMessages.propertyNotFound });
      const del = await send(api.deleteProperty, { params: { id } });
      expect(del.statusCode, `DELETE ${id}`).toBe(404);
      expect(del.json().message).toBe(adminMessages.propertyNotFound);
      for (const [contract, params] of [
        [api.deleteUnit, { id }],
        [api.deletePropertyImage, { id, imageId: "1" }],
        [api.deletePropertyImage, { id: "1", imageId: id }],
        [api.deleteUnitImage, { unitId: id, imageId: "1" }],
      ] as const) {
        const url = urlOf(contract, params);
        expect((await send(contract, { params })).statusCode, `DELETE ${url}`).toBe(404);
      }
      expect(
        (await send(api.updateUnit, { params: { id }, payload: validUnit(1) })).statusCode,
      ).toBe(404);
      expect(
        (await send(api.updateImageAlt, { params: { id }, payload: { alt: "x" } })).statusCode,
      ).toBe(404);
    }
  });
});

describe("units", () => {
  it("creates a unit (201), bumps its building, and the public page lists it", async () => {
    const building = await createBuilding();
    const unit = await createUnit(building.id);
    const { propertyId: _p, ...fields } = validUnit(building.id);
    expect(unit).toMatchObject({ ...fields, propertyId: building.id, images: [] });
    expect(unit.id).toBeGreaterThan(0);
    const [row] = await database.db.select().from(properties).where(eq(properties.id, building.id));
    expect(row!.updatedAt.toISOString() > building.updatedAt).toBe(true);

    const shown = (await publicBuilding(building.id)).json();
    expect(shown.units).toEqual([
      expect.objectContaining({
        id: unit.id,
        unitNumber: "2B",
        rent: 1850,
        availableFrom: "2030-09-01",
      }),
    ]);
  });

  it.each([
    ["no unit number", { unitNumber: "" }, "unitNumber"],
    ["a blank unit number", { unitNumber: "   " }, "unitNumber"],
    ["rent 0", { rent: 0 }, "rent"],
    ["no building", { propertyId: null }, "propertyId"],
  ] as const)(
    "refuses %s with 'Please fill in all required fields.'",
    async (_, overrides, field) => {
      const building = await createBuilding();
      const response = await send(api.createUnit, { payload: validUnit(building.id, overrides) });
      expect(response.statusCode).toBe(400);
      expect(response.json().details[0]).toEqual({ path: field, msg: adminMessages.unitRequired });
    },
  );

  it("refuses a unit of a building that does not exist with a 404", async () => {
    const response = await send(api.createUnit, { payload: validUnit(999_999) });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(adminMessages.propertyNotFound);
    const huge = await send(api.createUnit, { payload: validUnit(2_147_483_648) });
    expect(huge.statusCode).toBe(404);
  });

  it("refuses a unit number already used in that building (409), not in another", async () => {
    const building = await createBuilding();
    const other = await createBuilding();
    await createUnit(building.id, { unitNumber: "4A" });
    const duplicate = await send(api.createUnit, {
      payload: validUnit(building.id, { unitNumber: "4A" }),
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ error: "conflict", message: adminMessages.duplicateUnit });
    await createUnit(other.id, { unitNumber: "4A" });
  });

  it("updates a unit, refuses a duplicate number (409) and an unknown one (404)", async () => {
    const building = await createBuilding();
    const first = await createUnit(building.id, { unitNumber: "1" });
    const second = await createUnit(building.id, { unitNumber: "2" });
    const response = await send(api.updateUnit, {
      params: { id: second.id },
      payload: {
        ...validUnit(building.id, {
          unitNumber: "2R",
          rent: 2100,
          available: false,
          availableFrom: null,
        }),
        propertyId: undefined,
      },
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json<AdminUnit>();
    expect(updated).toMatchObject({
      id: second.id,
      propertyId: building.id,
      unitNumber: "2R",
      rent: 2100,
      available: false,
      availableFrom: null,
    });
    expect(updated.updatedAt > second.updatedAt).toBe(true);

    const duplicate = await send(api.updateUnit, {
      params: { id: second.id },
      payload: validUnit(building.id, { unitNumber: "1" }),
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(adminMessages.duplicateUnit);
    const required = await send(api.updateUnit, {
      params: { id: first.id },
      payload: validUnit(building.id, { rent: 0 }),
    });
    expect(required.json().details[0]).toEqual({ path: "rent", msg: adminMessages.unitRequired });
    const missing = await send(api.updateUnit, {
      params: { id: 999999 },
      payload: validUnit(building.id),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(adminMessages.unitNotFound);
  });

  it("refuses dates PostgreSQL would not store with a 400, never a 500", async () => {
    const building = await createBuilding();
    for (const availableFrom of ["2030-02-30", "0000-01-01", "2030-13-01", "next week"]) {
      const response = await send(api.createUnit, {
        payload: validUnit(building.id, { availableFrom }),
      });
      expect(response.statusCode, availableFrom).toBe(400);
      expect(response.json().details[0].path).toBe("availableFrom");
    }
    await createUnit(building.id, { unitNumber: "Leap", availableFrom: "2028-02-29" });
  });

  it("cannot move a unit to another building through an edit", async () => {
    const building = await createBuilding();
    const other = await createBuilding();
    const unit = await createUnit(building.id);
    const response = await send(api.updateUnit, {
      params: { id: unit.id },
      payload: validUnit(other.id),
    });
    expect(response.json().propertyId).toBe(building.id);
  });
});

describe("Spanish descriptions", () => {
  const tooLong = "é".repeat(5_001);
  const publicUnit = (id: number) => call(app, listingsApi.getUnit, { params: { id } });
  const stored = async (id: number) => (await listAll()).find((p) => p.id === id)!;

  it("round-trips a building's Spanish description to the back office and the public API", async () => {
    const created = await createBuilding({
      title: "Casa Willow",
      descriptionEs: "  Edificio de ladrillo cerca del parque.  ",
    });
    expect(created).toMatchObject({
      description: "Brick walk-up near the park.",
      descriptionEs: "Edificio de ladrillo cerca del parque.",
    });
    expect((await stored(created.id)).descriptionEs).toBe("Edificio de ladrillo cerca del parque.");
    expect((await publicBuilding(created.id)).json()).toMatchObject({
      description: "Brick walk-up near the park.",
      descriptionEs: "Edificio de ladrillo cerca del parque.",
    });
    const listed = (await call(app, listingsApi.listBuildings, { query: { limit: 100 } })).json<
      { id: number }[]
    >();
    expect(listed.find((b) => b.id === created.id)).toMatchObject({
      descriptionEs: "Edificio de ladrillo cerca del parque.",
    });

    const updated = await send(api.updateProperty, {
      params: { id: created.id },
      payload: validProperty({ title: "Casa Willow", descriptionEs: "Cerca del río." }),
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().descriptionEs).toBe("Cerca del río.");
    expect((await publicBuilding(created.id)).json().descriptionEs).toBe("Cerca del río.");
  });

  it("stores an empty or blank Spanish description as null, and an edit without one keeps it", async () => {
    expect((await createBuilding({ descriptionEs: "" })).descriptionEs).toBeNull();
    expect((await createBuilding({ descriptionEs: null })).descriptionEs).toBeNull();
    const created = await createBuilding({ descriptionEs: "Hola." });
    const { descriptionEs: _omitted, ...withoutSpanish } = validProperty({ title: "Kept" });
    const kept = await send(api.updateProperty, {
      params: { id: created.id },
      payload: withoutSpanish,
    });
    expect(kept.json()).toMatchObject({ title: "Kept", descriptionEs: "Hola." });
    const blanked = await send(api.updateProperty, {
      params: { id: created.id },
      payload: validProperty({ descriptionEs: "   " }),
    });
    expect(blanked.statusCode).toBe(200);
    expect(blanked.json().descriptionEs).toBeNull();
    const [row] = await database.db.select().from(properties).where(eq(properties.id, created.id));
    expect(row!.descriptionEs).toBeNull();
    expect((await publicBuilding(created.id)).json().descriptionEs).toBeNull();
  });

  it("refuses a Spanish description longer than the English one may be (400), changing nothing", async () => {
    const englishRefusal = await send(api.createProperty, {
      payload: validProperty({ description: tooLong }),
    });
    expect(englishRefusal.statusCode).toBe(400);
    const before = (await listAll()).length;
    const refused = await send(api.createProperty, {
      payload: validProperty({ title: "Too Long Hall", descriptionEs: tooLong }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0]).toEqual({
      path: "descriptionEs",
      msg: englishRefusal.json().details[0].msg,
    });
    expect(await listAll()).toHaveLength(before);

    const created = await createBuilding({ descriptionEs: "Original." });
    const edit = await send(api.updateProperty, {
      params: { id: created.id },
      payload: validProperty({ title: "Renamed", descriptionEs: tooLong }),
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().details[0].path).toBe("descriptionEs");
    const after = await stored(created.id);
    expect(after).toMatchObject({ title: created.title, descriptionEs: "Original." });
    expect(after.updatedAt).toBe(created.updatedAt);
    expect((await publicBuilding(created.id)).json().descriptionEs).toBe("Original.");

    // The limit itself is accepted, as for the English description.
    const longest = await createBuilding({ descriptionEs: "é".repeat(5_000) });
    expect(longest.descriptionEs).toHaveLength(5_000);
  });

  it("round-trips a unit's Spanish description; the public unit has null without one", async () => {
    const building = await createBuilding();
    const unit = await createUnit(building.id, { descriptionEs: " Unidad de esquina soleada. " });
    expect(unit).toMatchObject({
      description: "Sunny corner unit.",
      descriptionEs: "Unidad de esquina soleada.",
    });
    expect((await stored(building.id)).units[0]!.descriptionEs).toBe("Unidad de esquina soleada.");
    expect((await publicUnit(unit.id)).json()).toMatchObject({
      description: "Sunny corner unit.",
      descriptionEs: "Unidad de esquina soleada.",
    });

    const plain = await createUnit(building.id, { unitNumber: "3", description: "" });
    expect(plain.descriptionEs).toBeNull();
    const shown = (await publicUnit(plain.id)).json();
    // The English text is written for a unit without one; the Spanish is the staff's only.
    expect(shown.description).toMatch(/^A 2 bedrooms/);
    expect(shown.descriptionEs).toBeNull();
  });

  it("stores a unit's empty Spanish description as null, keeps it when an edit leaves it out, and refuses one too long", async () => {
    const building = await createBuilding();
    expect(
      (await createUnit(building.id, { unitNumber: "E", descriptionEs: "" })).descriptionEs,
    ).toBeNull();
    const unit = await createUnit(building.id, { descriptionEs: "Soleada." });
    const {
      propertyId: _p,
      descriptionEs: _omitted,
      ...withoutSpanish
    } = validUnit(building.id, {
      rent: 1900,
    });
    const kept = await send(api.updateUnit, { params: { id: unit.id }, payload: withoutSpanish });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ rent: 1900, descriptionEs: "Soleada." });

    const refused = await send(api.updateUnit, {
      params: { id: unit.id },
      payload: validUnit(building.id, { rent: 2500, descriptionEs: tooLong }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0].path).toBe("descriptionEs");
    const created = await send(api.createUnit, {
      payload: validUnit(building.id, { unitNumber: "X", descriptionEs: tooLong }),
    });
    expect(created.statusCode).toBe(400);
    const units = (await stored(building.id)).units;
    expect(units.map((u) => u.unitNumber)).not.toContain("X");
    expect(units.find((u) => u.id === unit.id)).toMatchObject({
      rent: 1900,
      descriptionEs: "Soleada.",
      updatedAt: kept.json().updatedAt,
    });
    expect((await publicUnit(unit.id)).json().descriptionEs).toBe("Soleada.");

    const cleared = await send(api.updateUnit, {
      params: { id: unit.id },
      payload: validUnit(building.id, { descriptionEs: "" }),
    });
    expect(cleared.json().descriptionEs).toBeNull();
    expect((await publicUnit(unit.id)).json().descriptionEs).toBeNull();
  });
});

describe("images and deletion", () => {
  it("edits an image's alt text; an empty one falls back to the public default", async () => {
    const building = await createBuilding({ title: "Alt House" });
    const [image] = await uploadTo({ propertyId: building.id });
    const response = await send(api.updateImageAlt, {
      params: { id: image!.id },
      payload: { alt: "  Front porch in spring  " },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<AdminImage>()).toMatchObject({
      id: image!.id,
      alt: "Front porch in spring",
    });
    expect((await publicBuilding(building.id)).json().photos[0].alt).toBe("Front porch in spring");

    await send(api.updateImageAlt, { params: { id: image!.id }, payload: { alt: "" } });
    expect((await publicBuilding(building.id)).json().photos[0].alt).toBe(
      "Alt House, photo 1 of 1",
    );
    const tooLong = await send(api.updateImageAlt, {
      params: { id: image!.id },
      payload: { alt: "x".repeat(251) },
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it("removes a building's image and its files; another building's image is a 404", async () => {
    const building = await createBuilding();
    const other = await createBuilding();
    const [kept, removed] = await uploadTo({ propertyId: building.id }, 2);
    for (const file of [...filesOf(kept!), ...filesOf(removed!)])
      expect(existsSync(file)).toBe(true);

    const wrongOwner = await send(api.deletePropertyImage, {
      params: { id: other.id, imageId: removed!.id },
    });
    expect(wrongOwner.statusCode).toBe(404);
    expect(wrongOwner.json().message).toBe(adminMessages.imageNotFound);

    const response = await send(api.deletePropertyImage, {
      params: { id: building.id, imageId: removed!.id },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: "Image removed successfully" });
    for (const file of filesOf(removed!)) expect(existsSync(file)).toBe(false);
    expect(existsSync(path.dirname(filesOf(removed!)[0]!))).toBe(false);
    for (const file of filesOf(kept!)) expect(existsSync(file)).toBe(true);
    const rows = await database.db.select().from(images).where(eq(images.propertyId, building.id));
    expect(rows.map((r) => r.id)).toEqual([kept!.id]);
    const again = await send(api.deletePropertyImage, {
      params: { id: building.id, imageId: removed!.id },
    });
    expect(again.statusCode).toBe(404);
  });

  it("removes a unit's image and its files", async () => {
    const building = await createBuilding();
    const unit = await createUnit(building.id);
    const [image] = await uploadTo({ unitId: unit.id });
    const wrong = await send(api.deletePropertyImage, {
      params: { id: building.id, imageId: image!.id },
    });
    expect(wrong.statusCode).toBe(404);
    const response = await send(api.deleteUnitImage, {
      params: { unitId: unit.id, imageId: image!.id },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: "Image removed successfully" });
    for (const file of filesOf(image!)) expect(existsSync(file)).toBe(false);
    const list = (await listAll()).find((p) => p.id === building.id)!;
    expect(list.units[0]!.images).toEqual([]);
  });

  it("deletes a unit with its images' files", async () => {
    const building = await createBuilding();
    const unit = await createUnit(building.id);
    const uploaded = await uploadTo({ unitId: unit.id }, 2);
    const response = await send(api.deleteUnit, { params: { id: unit.id } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: adminMessages.unitDeleted });
    for (const file of uploaded.flatMap(filesOf)) expect(existsSync(file)).toBe(false);
    expect(await database.db.select().from(units).where(eq(units.id, unit.id))).toEqual([]);
    expect(await database.db.select().from(images).where(eq(images.unitId, unit.id))).toEqual([]);
    expect((await send(api.deleteUnit, { params: { id: unit.id } })).statusCode).toBe(404);
  });

  it("deletes a building with its units and every image, leaving no file on disk", async () => {
    const before = await filesUnder(uploadsDir);
    const building = await createBuilding();
    const unitA = await createUnit(building.id, { unitNumber: "A" });
    const unitB = await createUnit(building.id, { unitNumber: "B" });
    await uploadTo({ propertyId: building.id }, 2);
    await uploadTo({ unitId: unitA.id });
    await uploadTo({ unitId: unitB.id }, 2);
    expect((await filesUnder(uploadsDir)).length).toBeGreaterThan(before.length);
    expect((await publicBuilding(building.id)).statusCode).toBe(200);

    const response = await send(api.deleteProperty, { params: { id: building.id } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: "Property deleted successfully!" });
    expect(await filesUnder(uploadsDir)).toEqual(before);
    expect(await database.db.select().from(units).where(eq(units.propertyId, building.id))).toEqual(
      [],
    );
    const leftImages = await database.db.select({ id: images.id }).from(images);
    expect(leftImages.length).toBe(
      (await listAll()).flatMap((p) => [...p.images, ...p.units.flatMap((u) => u.images)]).length,
    );
    expect((await publicBuilding(building.id)).statusCode).toBe(404);
    expect((await listAll()).some((p) => p.id === building.id)).toBe(false);

    const again = await send(api.deleteProperty, { params: { id: building.id } });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: "not_found", message: adminMessages.propertyNotFound });
  });

  it("still deletes the rows when an image's files are already gone", async () => {
    const building = await createBuilding();
    await insertImage(database.db, { propertyId: building.id });
    const response = await send(api.deleteProperty, { params: { id: building.id } });
    expect(response.statusCode).toBe(200);
  });

  it("deleting a unit fixture without images works too", async () => {
    const building = await insertProperty(database.db);
    const unit = await insertUnit(database.db, building.id);
    expect((await send(api.deleteUnit, { params: { id: unit.id } })).statusCode).toBe(200);
  });
});
