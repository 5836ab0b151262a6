import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { healthApi } from "#domain/api/health";
import { listingsApi } from "#domain/api/listings";
import { call } from "#tests/support/call";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";

/**
 * The headers every kind of response carries: a JSON answer, an uploaded photo, an error. (The
 * HTML pages' Content-Security-Policy is checked in the browser: tests/e2e/shell.spec.ts.)
 */
let database: TestDatabase;
let app: FastifyInstance;
let close: () => Promise<void>;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDb();
  ({ app, close, dataDir } = await createTestApp(database));
  await mkdir(path.join(dataDir, "uploads/images/abc"), { recursive: true });
  await writeFile(path.join(dataDir, "uploads/images/abc/480.webp"), Buffer.from("RIFF0000WEBP"));
});

afterAll(async () => {
  await close();
  await database.drop();
});

function expectHardened(headers: Record<string, unknown>) {
  const csp = String(headers["content-security-policy"]);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(?:inline|eval)'/);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"]).toBe("DENY");
  // Plain HTTP here (PUBLIC_URL is http://): no HSTS, which browsers ignore over HTTP anyway.
  expect(headers["strict-transport-security"]).toBeUndefined();
}

describe("security headers", () => {
  it("on a JSON answer", async () => {
    const response = await call(app, listingsApi.listBuildings);
    expect(response.statusCode).toBe(200);
    expectHardened(response.headers);
  });

  it("on an uploaded photo, served as an image that never changes", async () => {
    const response = await app.inject({ url: "/uploads/images/abc/480.webp" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/webp");
    expect(response.headers["cache-control"]).toContain("immutable");
    expectHardened(response.headers);
  });

  it("on an error, and uploads are never reachable by a path that climbs out", async () => {
    const response = await app.inject({ url: "/uploads/..%2f..%2fjwt-secret" });
    expect([400, 403, 404]).toContain(response.statusCode);
    expect(response.body).not.toMatch(/[A-Za-z0-9+/=]{40,}/);
    expectHardened(response.headers);
  });

  it("on a URL the router cannot even read (answered before any route or hook)", async () => {
    // hostile on purpose: an escape that does not decode, which buildUrl could never send.
    const response = await app.inject({ url: "/api/properties/%zz" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: "bad_request", message: expect.any(String) });
    expect(response.body).not.toContain("%zz");
    const { headers } = response;
    expect(headers["content-security-policy"]).toBe(
      "default-src 'none'; base-uri 'none'; object-src 'none'; frame-ancestors 'none'",
    );
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-frame-options"]).toBe("DENY");
  });

  it("adds HSTS when the site is served over HTTPS", async () => {
    const secure = await createTestApp(database, {
      env: { PUBLIC_URL: "https://rentals.example" },
    });
    try {
      const response = await call(secure.app, healthApi.liveness);
      expect(response.headers["strict-transport-security"]).toMatch(/max-age=31536000/);
    } finally {
      await secure.close();
    }
  });
});
