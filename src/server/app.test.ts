import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { healthApi } from "#domain/api/health";
import { call } from "#tests/support/call";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import { messages } from "../domain/messages";
import { badRequest } from "./http/errors";

let database: TestDatabase;
let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  database = await createTestDb();
  const testApp = await createTestApp(database);
  ({ app, close } = testApp);
  // Routes that exist only to exercise the error handler.
  app.get("/api/test/boom", async () => {
    throw new Error('relation "secret_table" does not exist');
  });
  app.get("/api/test/refused", async () => {
    throw badRequest("Nope.", [{ path: "name", msg: "Name is wrong." }]);
  });
  app.post(
    "/api/test/echo",
    {
      schema: {
        body: z.object({ name: z.string().min(2, "Name must be at least 2 characters.") }),
      },
    },
    async (request) => request.body,
  );
  await app.ready();
});

afterAll(async () => {
  await close();
  await database.drop();
});

describe(`${healthApi.liveness.method} ${healthApi.liveness.path}`, () => {
  it("reports the database as up", async () => {
    const response = await call(app, healthApi.liveness);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", database: "up" });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("answers 503 when the database is unreachable", async () => {
    const lost = await createTestDb();
    const { app: other, close: closeOther } = await createTestApp(lost);
    await lost.drop(); // the pool now points at a database that no longer exists
    const response = await call(other, healthApi.liveness);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: "error", database: "down" });
    await closeOther();
  });
});

describe("error responses", () => {
  it("answers an unknown API path with a JSON 404", async () => {
    // hostile on purpose: a path no contract names.
    const response = await app.inject({ method: "GET", url: "/api/no-such-thing" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "not_found", message: messages.server.notFound });
  });

  it("turns an unexpected error into a plain 500 without its message, stack or SQL", async () => {
    const response = await app.inject({ method: "GET", url: "/api/test/boom" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: "internal", message: messages.server.internal });
    expect(response.body).not.toMatch(/secret_table|relation|at .*\.ts/);
  });

  it("sends a public error with its code, message and details", async () => {
    const response = await app.inject({ method: "GET", url: "/api/test/refused" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "bad_request",
      message: "Nope.",
      details: [{ path: "name", msg: "Name is wrong." }],
    });
  });

  it("answers a failed schema validation with 400 and one detail per problem", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/test/echo",
      payload: { name: "x" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "validation_failed",
      message: "Name must be at least 2 characters.",
      details: [{ path: "name", msg: "Name must be at least 2 characters." }],
    });
  });

  it("answers malformed JSON with 400 in the same format", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers: { "content-type": "application/json" },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "bad_request", message: expect.any(String) });
  });

  it("answers a body over the limit with 413", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/test/echo",
      payload: { name: "x".repeat(2 * 1024 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: "payload_too_large" });
  });

  it("answers a wrong content type with 415", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers: { "content-type": "application/xml" },
      payload: "<name>ok</name>",
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ error: "unsupported_media_type" });
  });
});

describe("security headers", () => {
  it("sends a strict policy on API responses", async () => {
    const response = await call(app, healthApi.liveness);
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    // An answer that is not a page has no inline script to allow: no nonce, no hash.
    expect(csp).toMatch(/(?:^|;)script-src 'self';/);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers["x-frame-options"]).toBe("DENY");
    // Served over plain http here: no HSTS.
    expect(response.headers["strict-transport-security"]).toBeUndefined();
  });

  it("sends every API response the same policy (pages get nonces: tests/e2e/shell.spec.ts)", async () => {
    const policy = async () =>
      String((await call(app, healthApi.liveness)).headers["content-security-policy"]);
    expect(await policy()).toBe(await policy());
  });

  it("sends HSTS when the public URL is https", async () => {
    const { app: secure, close: closeSecure } = await createTestApp(database, {
      env: { PUBLIC_URL: "https://rent.example.com" },
    });
    const response = await call(secure, healthApi.liveness);
    expect(response.headers["strict-transport-security"]).toContain("max-age=31536000");
    await closeSecure();
  });
});

describe("/uploads", () => {
  it("serves uploaded photos as immutable for a year, and nothing outside the folder", async () => {
    const { app: withFiles, dataDir, close: closeFiles } = await createTestApp(database);
    await mkdir(path.join(dataDir, "uploads/images/abc"), { recursive: true });
    await writeFile(path.join(dataDir, "uploads/images/abc/480.webp"), "webp bytes");
    await writeFile(path.join(dataDir, "secret.txt"), "keep out");
    const photo = await withFiles.inject({ url: "/uploads/images/abc/480.webp" });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    for (const url of [
      "/uploads/../secret.txt",
      "/uploads/%2e%2e/secret.txt",
      "/uploads/..%2fsecret.txt",
    ]) {
      const response = await withFiles.inject({ url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.body).not.toContain("keep out");
    }
    await closeFiles();
  });
});

describe("closing", () => {
  it("finishes a request in flight before it closes", async () => {
    const { app: closing, close: cleanUp } = await createTestApp(database);
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => {
      entered = resolve;
    });
    closing.get("/api/test/slow", async () => {
      entered();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { done: true };
    });
    const address = await closing.listen({ port: 0, host: "127.0.0.1" });
    const response = fetch(`${address}/api/test/slow`);
    await inHandler;
    const closed = closing.close();
    const answered = await response;
    expect(answered.status).toBe(200);
    expect(await answered.json()).toEqual({ done: true });
    await closed;
    await cleanUp();
  });
});

describe("global rate limit", () => {
  it("answers 429 with Retry-After and the product's words once a client exceeds it", async () => {
    const { app: limited, close: closeLimited } = await createTestApp(database, {
      env: { RATE_LIMIT_PER_MINUTE: "3" },
    });
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof limited.inject>> | undefined;
    for (let i = 0; i < 4; i++) {
      // hostile on purpose: a path no contract names (404s count against the limit too).
      last = await limited.inject({ url: "/api/no-such-thing" });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
    expect(Number(last?.headers["retry-after"])).toBeGreaterThan(0);
    expect(last?.json()).toEqual({
      error: "too_many_requests",
      message: messages.server.tooManyRequests,
    });
    await closeLimited();
  });
});
