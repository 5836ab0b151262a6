import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminProperty, AdminUnit, UnitInput } from "#domain/admin";
import { adminPropertiesApi as api } from "#domain/api/admin-properties";
import type { Contract } from "#domain/api/contract";
import { listingsApi } from "#domain/api/listings";
import type { Building, Unit } from "#domain/listings";
import { noUnitFacts } from "#domain/unit-facts";
import { loginAs } from "#tests/support/auth";
import { type CallOptions, call } from "#tests/support/call";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";

/**
 * Unit facts through the API: staff save them with a unit, the public unit call returns them,
 * and the /properties filters (access, pets, utilities) find the buildings with a unit that has
 * them, and only those. Every save confirms the unit's availability.
 */

let database: TestDatabase;
let app: FastifyInstance;
let close: () => Promise<void>;
let admin: { authorization: string };
const made = {} as Record<
  "stepFree" | "catsHeat" | "plain" | "rentedStepFree" | "unstated" | "splitA" | "splitB",
  AdminUnit
>;
const buildings = {} as Record<"birch" | "cedar" | "dogwood" | "hidden" | "elder", AdminProperty>;

const send = (contract: Contract, options: CallOptions = {}) =>
  call(app, contract, { headers: admin, ...options });

async function createBuilding(title: string, active = true): Promise<AdminProperty> {
  const response = await send(api.createProperty, {
    payload: {
      title,
      type: "apartment",
      address: "5 Facts Lane",
      city: "Hartford",
      state: "CT",
      zipCode: "06103",
      active,
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function createUnit(propertyId: number, unit: Partial<UnitInput>): Promise<AdminUnit> {
  const response = await send(api.createUnit, {
    payload: { propertyId, unitNumber: "1", rent: 1500, available: true, ...unit },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** The names of the buildings /api/properties/buildings lists for a query. */
async function listed(query: Record<string, string>): Promise<string[]> {
  const response = await call(app, listingsApi.listBuildings, { query });
  expect(response.statusCode).toBe(200);
  return (response.json() as Building[]).map((b) => b.name).sort();
}

beforeAll(async () => {
  database = await createTestDb();
  ({ app, close } = await createTestApp(database));
  admin = (await loginAs(app, database.db, "admin")).headers;
  buildings.birch = await createBuilding("Birch Court");
  buildings.cedar = await createBuilding("Cedar Row");
  buildings.dogwood = await createBuilding("Dogwood Flats");
  buildings.hidden = await createBuilding("Hidden Facts House", false);
  made.stepFree = await createUnit(buildings.birch.id, {
    unitNumber: "1A",
    // Out of order and twice: stored once each, in the choices' order.
    accessibilityFeatures: ["roll-in-shower", "step-free-entrance", "step-free-entrance"],
    pets: "dogs",
    petDeposit: 300,
    parking: "garage",
    parkingFee: 75,
    laundry: "in-unit",
    smoking: "not-allowed",
    leaseTerms: ["12-months", "month-to-month"],
    vouchersWelcome: true,
  });
  made.catsHeat = await createUnit(buildings.cedar.id, {
    utilitiesIncluded: ["hot-water", "heat"],
    pets: "cats-and-dogs",
  });
  made.plain = await createUnit(buildings.dogwood.id, { pets: "none" });
  // One building whose facts are split between two units: a step-free one, and one with heat.
  buildings.elder = await createBuilding("Elder Split House");
  made.splitA = await createUnit(buildings.elder.id, {
    unitNumber: "A",
    accessibilityFeatures: ["wide-doorways"],
  });
  made.splitB = await createUnit(buildings.elder.id, {
    unitNumber: "B",
    utilitiesIncluded: ["electricity"],
  });
  made.unstated = await createUnit(buildings.dogwood.id, { unitNumber: "2" });
  made.rentedStepFree = await createUnit(buildings.hidden.id, {
    accessibilityFeatures: ["step-free-entrance"],
    pets: "cats",
    utilitiesIncluded: ["heat"],
  });
});

afterAll(async () => {
  await close();
  await database.drop();
});

describe("unit facts", () => {
  it("are stored as given, each value once and in order, and sent back to staff", () => {
    expect(made.stepFree).toMatchObject({
      accessibilityFeatures: ["step-free-entrance", "roll-in-shower"],
      utilitiesIncluded: [],
      pets: "dogs",
      petDeposit: 300,
      parking: "garage",
      parkingFee: 75,
      laundry: "in-unit",
      smoking: "not-allowed",
      leaseTerms: ["month-to-month", "12-months"],
      vouchersWelcome: true,
    });
    expect(made.catsHeat.utilitiesIncluded).toEqual(["heat", "hot-water"]);
  });

  it("default to nothing stated", () => {
    expect(made.unstated).toMatchObject(noUnitFacts);
  });

  it("are returned by the public unit call", async () => {
    const response = await call(app, listingsApi.getUnit, { params: { id: made.stepFree.id } });
    expect(response.statusCode).toBe(200);
    const unit = response.json() as Unit;
    expect(unit).toMatchObject({
      accessibilityFeatures: ["step-free-entrance", "roll-in-shower"],
      pets: "dogs",
      petDeposit: 300,
      parking: "garage",
      parkingFee: 75,
      laundry: "in-unit",
      smoking: "not-allowed",
      leaseTerms: ["month-to-month", "12-months"],
      vouchersWelcome: true,
    });
    expect(Date.parse(unit.availabilityConfirmedAt)).not.toBeNaN();
  });

  it.each([
    [{ accessibilityFeatures: ["stairlift"] }, "accessibilityFeatures"],
    [{ utilitiesIncluded: ["cable"] }, "utilitiesIncluded"],
    [{ pets: "birds" }, "pets"],
    [{ parking: "valet" }, "parking"],
    [{ laundry: "nearby" }, "laundry"],
    [{ smoking: "sometimes" }, "smoking"],
    [{ leaseTerms: ["3-years"] }, "leaseTerms"],
    [{ vouchersWelcome: "yes" }, "vouchersWelcome"],
    [{ petDeposit: -1 }, "petDeposit"],
    [{ parkingFee: 100_001 }, "parkingFee"],
  ])("refuses %j with 400 and changes nothing", async (bad, field) => {
    const response = await send(api.updateUnit, {
      params: { id: made.plain.id },
      payload: { unitNumber: "1", rent: 1500, ...bad },
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(field);
    const unit = await call(app, listingsApi.getUnit, { params: { id: made.plain.id } });
    expect((unit.json() as Unit).pets).toBe("none");
  });
});

describe("the /properties filters on facts", () => {
  it("access=step-free finds the building with a step-free unit, and only it", async () => {
    expect(await listed({ access: "step-free" })).toEqual(["Birch Court"]);
    expect(await listed({ access: "roll-in-shower" })).toEqual(["Birch Court"]);
    expect(await listed({ access: "elevator" })).toEqual([]);
  });

  it("pets=allowed finds any pet-friendly unit; cats and dogs each their own", async () => {
    expect(await listed({ pets: "allowed" })).toEqual(["Birch Court", "Cedar Row"]);
    expect(await listed({ pets: "cats" })).toEqual(["Cedar Row"]);
    expect(await listed({ pets: "dogs" })).toEqual(["Birch Court", "Cedar Row"]);
  });

  it("utilities=heat finds a unit whose rent includes heat", async () => {
    expect(await listed({ utilities: "heat" })).toEqual(["Cedar Row"]);
    expect(await listed({ utilities: "internet" })).toEqual([]);
  });

  it("all at once need one unit that has them all", async () => {
    expect(await listed({ access: "step-free", pets: "dogs" })).toEqual(["Birch Court"]);
    expect(await listed({ access: "step-free", utilities: "heat" })).toEqual([]);
    // Elder Split House has both, but not in one unit.
    expect(await listed({ access: "wide-doorways" })).toEqual(["Elder Split House"]);
    expect(await listed({ utilities: "electricity" })).toEqual(["Elder Split House"]);
    expect(await listed({ access: "wide-doorways", utilities: "electricity" })).toEqual([]);
  });

  it("never show an inactive building's units, and ignore a value they do not know", async () => {
    expect(await listed({ pets: "cats" })).not.toContain("Hidden Facts House");
    expect(await listed({ access: "teleporter" })).toHaveLength(4);
  });

  it("are answered afresh after a save (the cached list is not reused)", async () => {
    expect(await listed({ utilities: "internet" })).toEqual([]);
    const response = await send(api.updateUnit, {
      params: { id: made.plain.id },
      payload: { unitNumber: "1", rent: 1500, utilitiesIncluded: ["internet"] },
    });
    expect(response.statusCode).toBe(200);
    expect(await listed({ utilities: "internet" })).toEqual(["Dogwood Flats"]);
  });
});

describe("the database", () => {
  it.each([
    ["accessibility_features", "{stairlift}"],
    ["utilities_included", "{cable}"],
    ["lease_terms", "{3-years}"],
  ])("refuses an unknown word in %s, however the row is written", async (column, value) => {
    await expect(
      database.pool.query(`update units set ${column} = $1 where id = $2`, [value, made.plain.id]),
    ).rejects.toThrow(`units_${column}_check`);
  });
});

describe("availability confirmed", () => {
  it("is set by every save", async () => {
    const before = made.catsHeat.availabilityConfirmedAt;
    const response = await send(api.updateUnit, {
      params: { id: made.catsHeat.id },
      payload: { unitNumber: "1", rent: 1450, utilitiesIncluded: ["heat"], pets: "cats" },
    });
    expect(response.statusCode).toBe(200);
    const after = (response.json() as AdminUnit).availabilityConfirmedAt;
    expect(Date.parse(after)).toBeGreaterThan(Date.parse(before));
  });
});
