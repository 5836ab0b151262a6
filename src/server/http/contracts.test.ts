import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { allContracts } from "#domain/api/all";
import { resources } from "#domain/api/wire";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";

/**
 * The contracts are the API: every route the app registers comes from one (but the few that
 * serve files or catch what no route matches), each contract is registered once, and every
 * write says what it makes stale, so none can leave visitors a stale page by omission.
 */
const notApi = (_method: string, url: string) =>
  // Photos served as files from storage (never JSON, never a contract's business).
  url === "/uploads/*" ||
  // The JSON 404 for any unknown API path, whatever its method.
  url === "/api/*";

let database: TestDatabase;
let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  database = await createTestDb();
  // Every optional route on: GET /metrics exists only with METRICS_TOKEN.
  ({ app, close } = await createTestApp(database, {
    env: { METRICS_TOKEN: "contracts-test-metrics-token" },
  }));
});

afterAll(async () => {
  await close();
  await database.drop();
});

const key = (method: string, path: string) => `${method} ${path}`;

describe("the contracts", () => {
  it("give every registered route its contract, but files and the unknown-path 404", () => {
    const without = app.routeTable
      .filter((r) => !r.contract && !notApi(r.method, r.url))
      .map((r) => key(r.method, r.url));
    expect(without).toEqual([]);
  });

  it("are each registered exactly once, at their method and path", () => {
    for (const contract of allContracts) {
      const routes = app.routeTable.filter((r) => r.contract === contract);
      expect(
        routes.map((r) => key(r.method, r.url)),
        contract.id,
      ).toEqual([key(contract.method, contract.path)]);
    }
  });

  it("have unique ids and unique method + path pairs", () => {
    const ids = allContracts.map((c) => c.id);
    const routes = allContracts.map((c) => key(c.method, c.path));
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it("make every write route declare what it invalidates (an empty list on purpose)", () => {
    const writes = app.routeTable.filter((r) => r.method !== "GET" && !notApi(r.method, r.url));
    expect(writes.length).toBeGreaterThan(10);
    for (const route of writes) {
      const declared =
        route.contract && "invalidates" in route.contract ? route.contract.invalidates : undefined;
      expect(
        Array.isArray(declared),
        `${key(route.method, route.url)} declares no invalidates`,
      ).toBe(true);
      for (const resource of declared ?? []) expect(resources).toContain(resource);
    }
  });

  it("make every write that changes buildings, units or photos invalidate the listings", () => {
    const listingWrites = allContracts.filter(
      (c) =>
        c.method !== "GET" &&
        // A unit's tenants, a building's showing hours and applications are not part of its listing.
        ((/^\/api\/admin\/(properties|units|images)/.test(c.path) &&
          !/\/(tenants|showing-hours|application-invites|paper-applications|waitlist-invites)$/.test(
            c.path,
          )) ||
          c === adminPropertiesApi.uploadImages),
    );
    expect(listingWrites.length).toBeGreaterThanOrEqual(10);
    for (const contract of listingWrites) {
      expect("invalidates" in contract && contract.invalidates, contract.id).toContain("listings");
    }
  });

  it("declare for every status the refusals the platform makes", () => {
    for (const contract of allContracts) {
      expect(Object.keys(contract.responses), contract.id).toEqual(
        expect.arrayContaining(["429", "500", "503"]),
      );
      if (contract.guard !== "public")
        expect(contract.responses, contract.id).toHaveProperty("401");
      if (contract.guard === "admin") expect(contract.responses, contract.id).toHaveProperty("403");
    }
  });
});
