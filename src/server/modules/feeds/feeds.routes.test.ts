import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { feedsApi } from "#domain/api/feeds";
import { type FeedListing, listingFeedSchema } from "#domain/feeds";
import { defaultUnitDescription } from "#domain/listing-format";
import { site } from "#domain/site";
import { loginAs } from "#tests/support/auth";
import { call } from "#tests/support/call";
import { insertImage, insertProperty, insertUnit } from "#tests/support/fixtures";
import { recordStatements, statementsDuring } from "#tests/support/statements";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import { childrenNamed, childText, parseXml, type XmlElement } from "#tests/support/xml";

const origin = "https://rent.example.com";
let database: TestDatabase;
let app: FastifyInstance;
let close: () => Promise<void>;
let admin: { authorization: string };
const ids = {} as Record<
  "elm" | "elm1" | "elm2" | "rented" | "house" | "houseUnit" | "hidden" | "hiddenUnit",
  number
>;

beforeAll(async () => {
  database = await createTestDb();
  ({ app, close } = await createTestApp(database, { env: { PUBLIC_URL: origin } }));
  admin = (await loginAs(app, database.db, "admin")).headers;
  const db = database.db;
  const elm = await insertProperty(db, {
    title: "O'Neil & Sons <Lofts>",
    type: "apartment",
    address: "12 Elm Street",
    amenities: ["Elevator"],
  });
  ids.elm = elm.id;
  ids.elm1 = (
    await insertUnit(db, elm.id, {
      unitNumber: "1A",
      bedrooms: 2,
      bathrooms: 1.5,
      squareFeet: 850,
      rent: 1850,
      deposit: 1850,
      available: true,
      availableFrom: "2031-09-01",
      description: 'Sunny "corner" unit & a view.',
      features: ["Dishwasher"],
      accessibilityFeatures: ["step-free-entrance", "grab-bars"],
      utilitiesIncluded: ["heat", "hot-water"],
      pets: "cats",
      petDeposit: 300,
      parking: "garage",
      parkingFee: 75,
      laundry: "in-unit",
      smoking: "outside-only",
      leaseTerms: ["month-to-month", "12-months"],
      vouchersWelcome: true,
    })
  ).id;
  await insertImage(db, { unitId: ids.elm1 }, { alt: "Kitchen", position: 0 });
  await insertImage(db, { unitId: ids.elm1 }, { alt: "", position: 1 });
  ids.elm2 = (await insertUnit(db, elm.id, { unitNumber: "2", rent: 1500, available: true })).id;
  ids.rented = (await insertUnit(db, elm.id, { unitNumber: "3", available: false })).id;

  const house = await insertProperty(db, { title: "Maple House", type: "house" });
  ids.house = house.id;
  ids.houseUnit = (
    await insertUnit(db, house.id, { unitNumber: "Main", bedrooms: 3, bathrooms: 2, rent: 2400 })
  ).id;

  const hidden = await insertProperty(db, { title: "Hidden Court", active: false });
  ids.hidden = hidden.id;
  ids.hiddenUnit = (await insertUnit(db, hidden.id, { available: true })).id;
  recordStatements();
});

afterAll(async () => {
  vi.restoreAllMocks();
  await close();
  await database.drop();
});

const getXml = (headers: Record<string, string> = {}) =>
  call(app, feedsApi.listingsXml, { headers });
const getJson = (headers: Record<string, string> = {}) =>
  call(app, feedsApi.listingsJson, { headers });

const listingsOf = (root: XmlElement) => childrenNamed(root, "Listing");
const listingById = (root: XmlElement, id: number) =>
  listingsOf(root).find((l) => l.attributes.id === String(id))!;

/**
 * A single-unit listing's elements in the format's order (the Rental Listing Bulk Feed Guide's
 * XML specification for single family homes and individual apartment or condo units): each
 * listing's children must appear in this order, each at most once but the repeatable ones.
 */
const LISTING_ORDER = [
  "name",
  "unit",
  "street",
  "city",
  "state",
  "zip",
  "country",
  "lastUpdated",
  "contactName",
  "contactEmail",
  "contactPhone",
  "description",
  "terms",
  "website",
  "smokingAllowed",
  "parking",
  "pets",
  "fees",
  "ListingTag",
  "ListingPhoto",
  "price",
  "pricingFrequency",
  "numBedrooms",
  "numFullBaths",
  "numHalfBaths",
  "squareFeet",
  "dateAvailable",
];
const REPEATABLE = new Set(["ListingTag", "ListingPhoto"]);
/** What every listing carries: where it is, whom to ask, what it costs and its size. */
const REQUIRED = [
  "street",
  "city",
  "state",
  "zip",
  "contactName",
  "contactEmail",
  "contactPhone",
  "price",
  "pricingFrequency",
  "numBedrooms",
  "numFullBaths",
];

function expectInFormatOrder(listing: XmlElement) {
  const names = listing.children.map((child) => child.name);
  const positions = names.map((name) => LISTING_ORDER.indexOf(name));
  expect(positions, `unknown elements in ${names.join(",")}`).not.toContain(-1);
  for (let k = 1; k < positions.length; k++) {
    const repeat = positions[k] === positions[k - 1] && REPEATABLE.has(names[k]!);
    expect(positions[k]! > positions[k - 1]! || repeat, `${names[k]} after ${names[k - 1]}`).toBe(
      true,
    );
  }
  for (const name of REQUIRED) expect(names, name).toContain(name);
}

describe("GET /feeds/listings.xml", () => {
  it("is a well-formed Zillow Group (HotPads 2.1) feed, cacheable briefly, with an ETag", async () => {
    const response = await getXml();
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("public, max-age=300");
    expect(response.headers.etag).toMatch(/^W\/"[^"]+"$/);
    expect(response.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    const root = parseXml(response.body);
    expect(root.name).toBe("hotPadsItems");
    expect(root.attributes).toEqual({ version: "2.1" });
    expect(root.children[0]!.name).toBe("Company");
    const company = root.children[0]!;
    expect(company.attributes.id).toBeTruthy();
    expect(company.children.map((c) => [c.name, c.text])).toEqual([
      ["name", site.name],
      ["website", `${origin}/`],
      ["city", site.address.city],
      ["state", site.address.state],
    ]);
    expect(root.children.slice(1).every((child) => child.name === "Listing")).toBe(true);
  });

  it("lists the available units of active buildings only, each in the format's order", async () => {
    const root = parseXml((await getXml()).body);
    const listings = listingsOf(root);
    expect(listings.map((l) => Number(l.attributes.id)).sort()).toEqual(
      [ids.elm1, ids.elm2, ids.houseUnit].sort(),
    );
    const companyId = childrenNamed(root, "Company")[0]!.attributes.id;
    for (const listing of listings) {
      expect(listing.attributes).toMatchObject({ type: "RENTAL", companyId });
      expectInFormatOrder(listing);
      expect(childText(listing, "contactName")).toBe(site.name);
      expect(childText(listing, "contactEmail")).toBe(site.email);
      expect(childText(listing, "contactPhone")).toBe(site.phone);
      expect(childText(listing, "pricingFrequency")).toBe("MONTHLY");
      expect(childText(listing, "website")).toBe(`${origin}/properties/${listing.attributes.id}`);
      expect(childText(listing, "lastUpdated")).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/);
    }
  });

  it("writes a unit's place, price, size, text and facts in the format's own elements", async () => {
    const unit = listingById(parseXml((await getXml()).body), ids.elm1);
    expect(unit.attributes.propertyType).toBe("CONDO");
    // Escaped in the document, read back as written.
    expect(childText(unit, "name")).toBe("O'Neil & Sons <Lofts>");
    expect(childText(unit, "unit")).toBe("1A");
    expect(childrenNamed(unit, "street")[0]).toMatchObject({
      text: "12 Elm Street",
      attributes: { hide: "false" },
    });
    expect(childText(unit, "zip")).toBe("06103");
    expect(childText(unit, "description")).toBe('Sunny "corner" unit & a view.');
    expect(childText(unit, "price")).toBe("1850");
    expect(childText(unit, "numBedrooms")).toBe("2");
    expect(childText(unit, "numFullBaths")).toBe("1");
    expect(childText(unit, "numHalfBaths")).toBe("1");
    expect(childText(unit, "squareFeet")).toBe("850");
    expect(childText(unit, "dateAvailable")).toBe("2031-09-01");
    expect(childText(unit, "terms")).toBe("Lease terms: month to month, 12 months.");
    expect(childText(unit, "smokingAllowed")).toBe("false");
    expect(childText(childrenNamed(unit, "parking")[0]!, "parkingType")).toBe("garageLot");
    const pets = childrenNamed(childrenNamed(unit, "pets")[0]!, "pet").map((pet) => [
      childText(pet, "petType"),
      childText(pet, "allowed"),
    ]);
    expect(pets).toEqual([
      ["cats", "true"],
      ["dogs", "false"],
    ]);
    const fees = childrenNamed(childrenNamed(unit, "fees")[0]!, "fee").map((fee) => ({
      value: childrenNamed(fee, "feeCalculationType")[0]!.attributes.value,
      type: childText(fee, "feeType"),
      timing: childText(fee, "feeTimingType"),
      refundable: childText(fee, "feeRefundableType"),
    }));
    expect(fees).toEqual([
      { value: "1850", type: "securityDeposit", timing: "moveIn", refundable: "refundable" },
      { value: "300", type: "petDeposit", timing: "moveIn", refundable: "refundable" },
      { value: "75", type: "parkingFee", timing: "monthly", refundable: undefined },
    ]);
    const tags = childrenNamed(unit, "ListingTag").map((tag) => {
      expect(tag.attributes).toEqual({ type: "PROPERTY_AMENITY" });
      return childText(tag, "tag");
    });
    expect(tags).toEqual([
      "Dishwasher",
      "Elevator",
      "Heat included",
      "Hot water included",
      "Laundry in unit",
      "Step-free entrance",
      "Grab bars",
      "Smoking outside only",
      "Housing choice vouchers welcome",
    ]);
  });

  it("leaves out what a unit does not state, and types a house as a house", async () => {
    const root = parseXml((await getXml()).body);
    const plain = listingById(root, ids.elm2);
    for (const name of ["smokingAllowed", "parking", "pets", "fees", "terms", "squareFeet"])
      expect(childrenNamed(plain, name), name).toEqual([]);
    const house = listingById(root, ids.houseUnit);
    expect(house.attributes.propertyType).toBe("HOUSE");
    expect(childText(house, "numFullBaths")).toBe("2");
    expect(childText(house, "numHalfBaths")).toBe("0");
    expect(childrenNamed(house, "dateAvailable")).toEqual([]);
  });

  it("sends the 1200 px photos at absolute addresses, and no placeholder for a unit without photos", async () => {
    const root = parseXml((await getXml()).body);
    const photos = childrenNamed(listingById(root, ids.elm1), "ListingPhoto");
    expect(photos.map((p) => childText(p, "caption"))).toEqual([
      "Kitchen",
      "O'Neil & Sons <Lofts>, Unit 1A, photo 2 of 2",
    ]);
    for (const photo of photos)
      expect(photo.attributes.source).toMatch(
        new RegExp(`^${origin}/uploads/images/test\\d+/1200\\.webp$`),
      );
    expect(childrenNamed(listingById(root, ids.houseUnit), "ListingPhoto")).toEqual([]);
  });
});

describe("GET /feeds/listings.json", () => {
  it("answers the contract's schema, with the office and the same units as the XML feed", async () => {
    const response = await getJson();
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("public, max-age=300");
    const feed = listingFeedSchema.parse(response.json());
    expect(new Date(feed.updatedAt!).toISOString()).toBe(feed.updatedAt);
    expect(feed.office).toEqual({
      name: site.name,
      phone: site.phone,
      email: site.email,
      website: `${origin}/`,
      address: site.address,
    });
    expect(feed.listings.map((l) => l.id).sort()).toEqual(
      [ids.elm1, ids.elm2, ids.houseUnit].sort(),
    );
    // Exactly the feed's fields: nothing of the page's own (Spanish text, featured, images).
    const keys = Object.keys(listingFeedSchema.shape.listings.element.shape).sort();
    for (const listing of response.json().listings)
      expect(Object.keys(listing).sort()).toEqual(keys);
  });

  it("names a unit's fields and facts as the public unit call does, with absolute addresses", async () => {
    const feed = (await getJson()).json() as { listings: FeedListing[] };
    const unit = feed.listings.find((l) => l.id === ids.elm1)!;
    expect(unit).toMatchObject({
      unitNumber: "1A",
      title: "O'Neil & Sons <Lofts>, Unit 1A",
      type: "apartment",
      bedrooms: 2,
      bathrooms: 1.5,
      squareFeet: 850,
      rent: 1850,
      deposit: 1850,
      availableFrom: "2031-09-01",
      description: 'Sunny "corner" unit & a view.',
      amenities: ["Dishwasher", "Elevator"],
      address: "12 Elm Street",
      city: "Hartford",
      state: "CT",
      zipCode: "06103",
      building: { id: ids.elm, name: "O'Neil & Sons <Lofts>" },
      accessibilityFeatures: ["step-free-entrance", "grab-bars"],
      utilitiesIncluded: ["heat", "hot-water"],
      pets: "cats",
      petDeposit: 300,
      parking: "garage",
      parkingFee: 75,
      laundry: "in-unit",
      smoking: "outside-only",
      leaseTerms: ["month-to-month", "12-months"],
      vouchersWelcome: true,
      url: `${origin}/properties/${ids.elm1}`,
    });
    expect(unit.photos).toEqual([
      {
        url: expect.stringMatching(new RegExp(`^${origin}/uploads/images/test\\d+/1200\\.webp$`)),
        width: 1200,
        height: 800,
        alt: "Kitchen",
      },
      expect.objectContaining({ alt: "O'Neil & Sons <Lofts>, Unit 1A, photo 2 of 2" }),
    ]);
    // No description of its own: the generated one, as on the unit's page.
    const house = feed.listings.find((l) => l.id === ids.houseUnit)!;
    expect(house.description).toBe(defaultUnitDescription({ ...house, type: "house" }));
    expect(house).toMatchObject({ pets: null, parking: null, leaseTerms: [] });
  });

  it("keeps its body and ETag while nothing changes", async () => {
    const first = await getJson();
    const second = await getJson();
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.body).toBe(first.body);
  });
});

describe("the feeds' freshness", () => {
  it("answer 304 to a matching If-None-Match, then show an admin's change at once under a new ETag", async () => {
    const [xml, json] = await Promise.all([getXml(), getJson()]);
    for (const [response, get] of [
      [xml, getXml],
      [json, getJson],
    ] as const) {
      const again = await get({ "if-none-match": response.headers.etag as string });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe("");
    }

    const changed = await call(app, adminPropertiesApi.updateUnit, {
      params: { id: ids.elm2 },
      headers: admin,
      payload: { unitNumber: "2", rent: 1575, available: true },
    });
    expect(changed.statusCode).toBe(200);
    const created = await call(app, adminPropertiesApi.createUnit, {
      headers: admin,
      payload: { propertyId: ids.house, unitNumber: "Annex", rent: 1200, available: true },
    });
    expect(created.statusCode).toBe(201);
    const annex = (created.json() as { id: number }).id;

    const xmlAfter = await getXml({ "if-none-match": xml.headers.etag as string });
    expect(xmlAfter.statusCode).toBe(200);
    expect(xmlAfter.headers.etag).not.toBe(xml.headers.etag);
    const root = parseXml(xmlAfter.body);
    expect(childText(listingById(root, ids.elm2), "price")).toBe("1575");
    expect(listingById(root, annex)).toBeDefined();

    const jsonAfter = await getJson({ "if-none-match": json.headers.etag as string });
    expect(jsonAfter.statusCode).toBe(200);
    expect(jsonAfter.headers.etag).not.toBe(json.headers.etag);
    const listings = (jsonAfter.json() as { listings: FeedListing[] }).listings;
    expect(listings.find((l) => l.id === ids.elm2)!.rent).toBe(1575);
    expect(listings.map((l) => l.id)).toContain(annex);
  });

  it("drop a unit staff mark rented, and every unit of a building made inactive", async () => {
    const rented = await call(app, adminPropertiesApi.updateUnit, {
      params: { id: ids.elm2 },
      headers: admin,
      payload: { unitNumber: "2", rent: 1575, available: false },
    });
    expect(rented.statusCode).toBe(200);
    const house = await call(app, adminPropertiesApi.updateProperty, {
      params: { id: ids.house },
      headers: admin,
      payload: {
        title: "Maple House",
        type: "house",
        address: "1 Maple Street",
        city: "Hartford",
        state: "CT",
        zipCode: "06103",
        active: false,
      },
    });
    expect(house.statusCode).toBe(200);
    const feed = (await getJson()).json() as { listings: FeedListing[] };
    expect(feed.listings.map((l) => l.id)).toEqual([ids.elm1]);
    expect(listingsOf(parseXml((await getXml()).body)).map((l) => l.attributes.id)).toEqual([
      String(ids.elm1),
    ]);
  });

  it("read the database a fixed number of times, whatever the number of units", async () => {
    const countQueries = async () => {
      // Another write empties the cache. Only statements sent from the two requests' own context
      // are counted, not the alert sender's pass after the write, which shares the pool.
      app.invalidate("listings");
      const statements = await statementsDuring(async () => {
        expect((await getXml()).statusCode).toBe(200);
        expect((await getJson()).statusCode).toBe(200);
      });
      return statements.length;
    };
    const before = await countQueries();
    // Each feed: the listed units (the JSON feed's first page of them), then their photos.
    expect(before).toBe(4);
    for (let i = 0; i < 3; i++) {
      const unit = await insertUnit(database.db, ids.elm, { unitNumber: `Q${i}`, available: true });
      await insertImage(database.db, { unitId: unit.id });
    }
    expect(await countQueries()).toBe(before);
  });
});

describe("the feeds under the rate limit", () => {
  it("count toward the app-wide limit like every public route", async () => {
    const limited = await createTestApp(database, {
      env: { PUBLIC_URL: origin, RATE_LIMIT_PER_MINUTE: "3" },
    });
    try {
      const statuses: number[] = [];
      for (const contract of [
        feedsApi.listingsXml,
        feedsApi.listingsJson,
        feedsApi.listingsXml,
        feedsApi.listingsJson,
      ])
        statuses.push((await call(limited.app, contract)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
