import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminProperty, AdminUnit, PropertyInput, UnitInput } from "#domain/admin";
import { adminPropertiesApi as api } from "#domain/api/admin-properties";
import type { Contract } from "#domain/api/contract";
import { auditEvents, images, properties, units } from "#server/db/schema";
import { loginAs } from "#tests/support/auth";
import { type CallOptions, call } from "#tests/support/call";
import { insertImage, insertProperty, insertUnit } from "#tests/support/fixtures";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";

/**
 * The fair-housing check on the back office's saves: flagged wording refuses a create or an
 * update with 422 and the findings, saving nothing, until the body acknowledges them; the
 * listing then keeps the record (when, who, which phrases), and so does the audit trail.
 */

let database: TestDatabase;
let app: FastifyInstance;
let close: () => Promise<void>;
let admin: { headers: { authorization: string }; email: string };

beforeAll(async () => {
  database = await createTestDb();
  ({ app, close } = await createTestApp(database));
  admin = await loginAs(app, database.db, "admin");
});

afterAll(async () => {
  await close();
  await database.drop();
});

const send = (contract: Contract, options: CallOptions = {}) =>
  call(app, contract, { headers: admin.headers, ...options });

const FLAGGED = "No Section 8 - working professionals only. Sunny two-bedroom.";

const building = (overrides: Partial<PropertyInput> = {}): PropertyInput => ({
  title: "Linden Court",
  type: "apartment",
  address: "40 Linden Street",
  city: "Hartford",
  state: "CT",
  zipCode: "06106",
  description:
    "Master bedroom with a walk-in closet, a family room, walking distance to the park, quiet neighborhood.",
  amenities: ["Heating", "Laundry"],
  ...overrides,
});

const unit = (propertyId: number, overrides: Partial<UnitInput> = {}): UnitInput => ({
  propertyId,
  unitNumber: "3C",
  rent: 1650,
  description: "Sunny two-bedroom over the garden.",
  features: ["Dishwasher"],
  ...overrides,
});

async function unitCount(propertyId: number) {
  return (await database.db.select().from(units).where(eq(units.propertyId, propertyId))).length;
}

describe("the fair-housing check on units", () => {
  it("refuses 'No Section 8 - working professionals only' with each phrase, why and a better wording, and saves nothing", async () => {
    const { id } = await insertProperty(database.db, { title: "Check House" });
    const res = await send(api.createUnit, { body: unit(id, { description: FLAGGED }) });

    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.error).toBe("fair_housing_review");
    expect(body.details.map((d: { path: string; phrase: string }) => [d.path, d.phrase])).toEqual([
      ["description", "No Section 8"],
      ["description", "working professionals only"],
    ]);
    for (const detail of body.details) {
      expect(detail.reason.length).toBeGreaterThan(10);
      expect(detail.suggestion.length).toBeGreaterThan(5);
    }
    expect(await unitCount(id)).toBe(0);
  });

  it("saves with the acknowledgement and keeps its record on the unit and in the audit trail", async () => {
    const { id } = await insertProperty(database.db, { title: "Record House" });
    const res = await send(api.createUnit, {
      body: { ...unit(id, { description: FLAGGED }), fairHousingAcknowledged: true },
    });

    expect(res.statusCode).toBe(201);
    const created = res.json() as AdminUnit;
    expect(created.fairHousingReview).toMatchObject({
      acknowledgedBy: admin.email,
      findings: [
        { path: "description", phrase: "No Section 8" },
        { path: "description", phrase: "working professionals only" },
      ],
    });
    expect(Date.parse(created.fairHousingReview!.acknowledgedAt)).toBeGreaterThan(
      Date.now() - 60_000,
    );
    // The list the dialog opens from shows it too.
    const listed = (await send(api.list)).json() as AdminProperty[];
    const shown = listed.find((p) => p.id === id)!.units[0]!;
    expect(shown.fairHousingReview?.findings).toHaveLength(2);

    const [event] = await database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, "unit.created"), eq(auditEvents.targetId, String(created.id))),
      );
    expect(event!.changes!.fairHousingReview).toMatchObject({
      before: null,
      after: { acknowledgedBy: admin.email, findings: [{ phrase: "No Section 8" }, {}] },
    });
  });

  it("drops the record once the wording is mended, and checks features and the Spanish text", async () => {
    const { id: propertyId } = await insertProperty(database.db, { title: "Mend House" });
    const saved = (
      await send(api.createUnit, {
        body: { ...unit(propertyId, { description: FLAGGED }), fairHousingAcknowledged: true },
      })
    ).json() as AdminUnit;

    const mended = await send(api.updateUnit, {
      params: { id: saved.id },
      body: unit(propertyId, {
        description: "Sunny two-bedroom. Housing choice vouchers welcome.",
      }),
    });
    expect(mended.statusCode).toBe(200);
    expect((mended.json() as AdminUnit).fairHousingReview).toBeNull();

    const lines = await send(api.updateUnit, {
      params: { id: saved.id },
      body: unit(propertyId, {
        features: ["Dishwasher", "Adults only"],
        descriptionEs: "Ideal para parejas.",
      }),
    });
    expect(lines.statusCode).toBe(422);
    expect(lines.json().details.map((d: { path: string }) => d.path)).toEqual([
      "descriptionEs",
      "features.1",
    ]);
    const [row] = await database.db.select().from(units).where(eq(units.id, saved.id));
    expect(row!.features).toEqual(["Dishwasher"]);
  });

  it("checks the stored Spanish description when an edit leaves it out", async () => {
    const { id: propertyId } = await insertProperty(database.db, { title: "Kept House" });
    const { id } = await insertUnit(database.db, propertyId, {
      unitNumber: "1A",
      rent: 1200,
      descriptionEs: "Solo adultos.",
    });
    const res = await send(api.updateUnit, { params: { id }, body: unit(propertyId) });
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toMatchObject([{ path: "descriptionEs", phrase: "Solo adultos" }]);
  });
});

describe("the fair-housing check on buildings", () => {
  it("passes wording HUD's guidance accepts, with no record", async () => {
    const res = await send(api.createProperty, { body: building() });
    expect(res.statusCode).toBe(201);
    expect((res.json() as AdminProperty).fairHousingReview).toBeNull();
  });

  it("refuses a flagged title or amenity on create and on update, then saves with the acknowledgement", async () => {
    const refused = await send(api.createProperty, {
      body: building({ title: "Linden Court - adults only", amenities: ["Heating", "No kids"] }),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().details.map((d: { path: string }) => d.path)).toEqual([
      "title",
      "amenities.1",
    ]);
    expect(
      await database.db
        .select()
        .from(properties)
        .where(eq(properties.title, "Linden Court - adults only")),
    ).toEqual([]);

    const created = (
      await send(api.createProperty, { body: building({ title: "Linden Annex" }) })
    ).json() as AdminProperty;
    const update = building({ title: "Linden Annex", description: "Perfect for a couple." });
    const before = await send(api.updateProperty, { params: { id: created.id }, body: update });
    expect(before.statusCode).toBe(422);
    const [unchanged] = await database.db
      .select()
      .from(properties)
      .where(eq(properties.id, created.id));
    expect(unchanged!.description).toBe(created.description);

    const after = await send(api.updateProperty, {
      params: { id: created.id },
      body: { ...update, fairHousingAcknowledged: true },
    });
    expect(after.statusCode).toBe(200);
    expect((after.json() as AdminProperty).fairHousingReview).toMatchObject({
      acknowledgedBy: admin.email,
      findings: [{ path: "description" }],
    });
  });
});

describe("what the review reads", () => {
  it("reads disguised wording as it shows: zero-width spaces, a soft hyphen, a Cyrillic 'о'", async () => {
    const { id } = await insertProperty(database.db, { title: "Disguise House" });
    for (const description of [
      "Adults\u200B only. No\u200B children.",
      "Adults only. No chil\u00ADdren.",
      "Adults \u043Enly.",
    ]) {
      const res = await send(api.createUnit, { body: unit(id, { description }) });
      expect(res.statusCode, description).toBe(422);
      // Quoted as written, hidden characters and all: staff find it in their own text.
      for (const detail of res.json().details) expect(description).toContain(detail.phrase);
    }
    expect(await unitCount(id)).toBe(0);
  });

  it("reads a unit's number and floor plan, which the feeds send", async () => {
    const { id } = await insertProperty(database.db, { title: "Numbered House" });
    const res = await send(api.createUnit, {
      body: unit(id, { unitNumber: "Adults only", floorPlan: "Two bedrooms, no kids" }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().details.map((d: { path: string }) => d.path)).toEqual([
      "unitNumber",
      "floorPlan",
    ]);
    expect(await unitCount(id)).toBe(0);
  });

  it("reads a photo's alt text: refused until acknowledged, and the audit entry keeps the review", async () => {
    const { id: propertyId } = await insertProperty(database.db, { title: "Pictured House" });
    const image = await insertImage(database.db, { propertyId });
    const alt = "Living room of an adults only building";
    const refused = await send(api.updateImageAlt, { params: { id: image.id }, body: { alt } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      error: "fair_housing_review",
      details: [{ path: "alt" }],
    });
    const [unchanged] = await database.db.select().from(images).where(eq(images.id, image.id));
    expect(unchanged!.alt).toBe(image.alt);

    const kept = await send(api.updateImageAlt, {
      params: { id: image.id },
      body: { alt, fairHousingAcknowledged: true },
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().alt).toBe(alt);
    const [event] = await database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, "image.alt_updated"),
          eq(auditEvents.targetId, String(image.id)),
        ),
      );
    expect(event!.detail).toMatchObject({
      fairHousingReview: { acknowledgedBy: admin.email, findings: [{ path: "alt" }] },
    });
    const plain = await send(api.updateImageAlt, {
      params: { id: image.id },
      body: { alt: "Living room with two windows onto the garden" },
    });
    expect(plain.statusCode).toBe(200);
  });
});
