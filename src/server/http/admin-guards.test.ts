import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginAs } from "#tests/support/auth";
import { insertProperty, insertUnit } from "#tests/support/fixtures";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";

/**
 * Every administrator route, route by route: no token is 401, a tenant's token is 403, and
 * nothing changes. The table must list exactly the routes the app registers under /api/admin
 * (and the photo upload), so a route added without its guard, or without a line here, fails.
 */
const adminRoutes = [
  ["GET", "/api/admin/properties/admin"],
  ["POST", "/api/admin/properties"],
  ["PUT", "/api/admin/properties/:id"],
  ["DELETE", "/api/admin/properties/admin/:id"],
  ["DELETE", "/api/admin/properties/:id/images/:imageId"],
  ["POST", "/api/admin/units"],
  ["PUT", "/api/admin/units/:id"],
  ["DELETE", "/api/admin/units/:id"],
  ["DELETE", "/api/admin/units/:unitId/images/:imageId"],
  ["PATCH", "/api/admin/images/:id"],
  ["GET", "/api/admin/files"],
  ["GET", "/api/admin/files/stats"],
  ["GET", "/api/admin/files/:id/download"],
  ["GET", "/api/admin/document-requests"],
  ["POST", "/api/admin/document-requests"],
  ["GET", "/api/admin/inquiries"],
  ["PATCH", "/api/admin/inquiries/:id"],
  ["POST", "/api/upload"],
] as const;

const signedInRoutes = [["POST", "/api/tenant/files"]] as const;

let database: TestDatabase;
let app: FastifyInstance;
let close: () => Promise<void>;
let tenant: { authorization: string };
let admin: { authorization: string };
let params: Record<string, string>;

beforeAll(async () => {
  database = await createTestDb();
  ({ app, close } = await createTestApp(database));
  tenant = (await loginAs(app, database.db, "tenant")).headers;
  admin = (await loginAs(app, database.db, "admin")).headers;
  const property = await insertProperty(database.db, { title: "Guarded Court" });
  const unit = await insertUnit(database.db, property.id);
  params = {
    id: String(property.id),
    imageId: "1",
    unitId: String(unit.id),
  };
});

afterAll(async () => {
  await close();
  await database.drop();
});

function fill(url: string): string {
  return url.replace(/:(\w+)/g, (_, name: string) => params[name] ?? "1");
}

async function snapshot() {
  const { rows } = await database.pool.query(
    `select (select count(*) from properties) as properties, (select count(*) from units) as units,
            (select max(updated_at) from properties) as touched`,
  );
  return rows[0];
}

describe("the administrator routes", () => {
  it("are exactly the routes of the table, each guarded for administrators", () => {
    const registered = app.routeTable
      .filter((r) => r.url.startsWith("/api/admin/") || r.url === "/api/upload")
      .map((r) => [r.method, r.url, r.guard]);
    expect(registered.sort()).toEqual(adminRoutes.map(([m, u]) => [m, u, "admin"]).sort());
  });

  it("the tenant routes are guarded for a tenant session", () => {
    const registered = app.routeTable.filter((r) => r.url === "/api/tenant/files");
    expect(registered.map((r) => [r.method, r.url, r.guard])).toEqual(
      signedInRoutes.map(([m, u]) => [m, u, "tenant"]),
    );
  });

  it.each(adminRoutes)(
    "%s %s answers 401 without a token and changes nothing",
    async (method, url) => {
      const before = await snapshot();
      const response = await app.inject({
        method,
        url: fill(url),
        payload: method === "GET" ? undefined : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: "unauthorized", message: expect.any(String) });
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each(adminRoutes)("%s %s answers 403 to a tenant and changes nothing", async (method, url) => {
    const before = await snapshot();
    const response = await app.inject({
      method,
      url: fill(url),
      headers: tenant,
      payload: method === "GET" ? undefined : {},
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: "forbidden" });
    expect(await snapshot()).toEqual(before);
  });

  it.each(adminRoutes)("%s %s refuses a forged token with 401", async (method, url) => {
    const response = await app.inject({
      method,
      url: fill(url),
      headers: { authorization: `${admin.authorization.slice(0, -4)}AAAA` },
      payload: method === "GET" ? undefined : {},
    });
    expect(response.statusCode).toBe(401);
  });

  it("lets an administrator through (the guard is not simply closed)", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/api/admin/properties/admin",
      headers: admin,
    });
    expect(response.statusCode).toBe(200);
  });

  it.each(signedInRoutes)("%s %s answers 401 without a token", async (method, url) => {
    const response = await app.inject({ method, url, payload: {} });
    expect(response.statusCode).toBe(401);
  });
});
