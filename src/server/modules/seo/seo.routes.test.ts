import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seoApi } from "#domain/api/listings";
import { API_PREFIX } from "#domain/api/wire";
import { call } from "#tests/support/call";
import { insertProperty, insertUnit } from "#tests/support/fixtures";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";

let database: TestDatabase;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
const ids = {} as Record<string, number>;

beforeAll(async () => {
  database = await createTestDb();
  testApp = await createTestApp(database, { env: { PUBLIC_URL: "https://rent.example.com" } });
  const active = await insertProperty(database.db);
  ids.active = active.id;
  ids.free = (await insertUnit(database.db, active.id, { available: true })).id;
  ids.rented = (await insertUnit(database.db, active.id, { available: false })).id;
  const hidden = await insertProperty(database.db, { active: false });
  ids.hidden = hidden.id;
  ids.hiddenUnit = (await insertUnit(database.db, hidden.id, { available: true })).id;
});

afterAll(async () => {
  await testApp.close();
  await database.drop();
});

describe("GET /sitemap.xml", () => {
  it("lists the public pages, every active building and every available unit", async () => {
    const response = await call(testApp.app, seoApi.sitemap);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("application/xml");
    const xml = response.body;
    for (const page of [
      "/",
      "/properties",
      "/services",
      "/contact",
      "/accessibility",
      "/privacy",
      "/terms",
    ]) {
      expect(xml).toContain(`<loc>https://rent.example.com${page}</loc>`);
    }
    expect(xml).toContain(`<loc>https://rent.example.com/buildings/${ids.active}</loc>`);
    expect(xml).toContain(`<loc>https://rent.example.com/properties/${ids.free}</loc>`);
    expect(xml).not.toContain(`/properties/${ids.rented}<`);
    expect(xml).not.toContain(`/buildings/${ids.hidden}<`);
    expect(xml).not.toContain(`/properties/${ids.hiddenUnit}<`);
    expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });
});

describe("GET /robots.txt", () => {
  it("points to the sitemap and keeps crawlers out of the admin and auth pages", async () => {
    const response = await call(testApp.app, seoApi.robots);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("Sitemap: https://rent.example.com/sitemap.xml");
    for (const path of [
      "/admin-dashboard",
      "/login",
      "/reset-password",
      "/verify-email",
      API_PREFIX,
    ]) {
      expect(response.body).toContain(`Disallow: ${path}`);
    }
  });
});
