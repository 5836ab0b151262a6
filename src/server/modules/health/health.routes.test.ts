import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { healthApi } from "#domain/api/health";
import type { Database } from "#server/db/client";
import { createFsStore } from "#server/storage/fs-store";
import type { ObjectStore } from "#server/storage/storage";
import { call } from "#tests/support/call";
import { type RedisServer, startRedisServer } from "#tests/support/redis-server";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import { atMostEvery, HEALTH_CHECK_INTERVAL_MS, readiness } from "./health.service";

/**
 * Readiness: an instance is ready when PostgreSQL, the object store and (when configured) Redis
 * each answer in time; otherwise 503, naming what fails, so a load balancer sends it nothing.
 */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDb();
});

afterAll(async () => {
  await database.drop();
});

/** A store whose HEAD fails (a bucket gone away) or never answers. */
function brokenStore(root: string, how: "fails" | "hangs"): ObjectStore {
  const store = createFsStore(root);
  return Object.assign(Object.create(store) as ObjectStore, {
    head: () =>
      how === "fails"
        ? Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:9"))
        : new Promise<never>(() => undefined),
  });
}

describe("GET /api/health/ready", () => {
  it("is ready when the database and the store answer, and is never cached", async () => {
    const { app, close } = await createTestApp(database);
    try {
      const response = await call(app, healthApi.readiness);
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.json()).toEqual({
        status: "ready",
        checks: { database: "up", storage: "up" },
        failing: [],
      });
    } finally {
      await close();
    }
  });

  it("answers 503 'stopping' once the instance drains, and closes every connection after", async () => {
    const { app, close } = await createTestApp(database);
    try {
      app.stopping.drain();
      const response = await call(app, healthApi.readiness);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: "stopping", failing: [] });
      expect(response.headers.connection).toBe("close");
      // Everything else is still served, on a connection that then closes.
      const liveness = await call(app, healthApi.liveness);
      expect(liveness.statusCode).toBe(200);
      expect(liveness.headers.connection).toBe("close");
    } finally {
      await close();
    }
  });

  it("answers 503 naming the store when it cannot be reached", async () => {
    const broken = await createTestApp(database, { store: brokenStore(os.tmpdir(), "fails") });
    try {
      const response = await call(broken.app, healthApi.readiness);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: "not_ready",
        checks: { database: "up", storage: "down" },
        failing: ["storage"],
      });
      // Liveness is about this process and its database: still fine.
      expect((await call(broken.app, healthApi.liveness)).statusCode).toBe(200);
    } finally {
      await broken.close();
    }
  });

  describe("with Redis configured", () => {
    let server: RedisServer;

    beforeAll(async () => {
      server = await startRedisServer();
    });

    afterAll(async () => {
      await server.stop().catch(() => undefined);
    });

    it("checks Redis too, and names it when it stops answering", async () => {
      const { app, close } = await createTestApp(database, { env: { REDIS_URL: server.url } });
      try {
        const up = await call(app, healthApi.readiness);
        expect(up.statusCode).toBe(200);
        expect(up.json().checks).toEqual({ database: "up", storage: "up", redis: "up" });

        await server.stop();
        // Its answers are at most a second old.
        await new Promise((resolve) => setTimeout(resolve, HEALTH_CHECK_INTERVAL_MS));
        const down = await call(app, healthApi.readiness);
        expect(down.statusCode).toBe(503);
        expect(down.json()).toMatchObject({
          status: "not_ready",
          checks: { database: "up", storage: "up", redis: "down" },
          failing: ["redis"],
        });
      } finally {
        await close();
      }
    });
  });
});

describe("readiness", () => {
  it("counts a check that does not answer in time as down, without waiting for it", async () => {
    const started = Date.now();
    const answer = await readiness({
      database,
      store: brokenStore("/nonexistent", "hangs"),
      timeoutMs: 200,
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(answer).toEqual({
      status: "not_ready",
      checks: { database: "up", storage: "down" },
      failing: ["storage"],
    });
  });

  it("names the database when it refuses", async () => {
    const unreachable = {
      ...database,
      pool: { query: () => Promise.reject(new Error("connection refused")) },
    } as unknown as Database;
    const answer = await readiness({
      database: unreachable,
      store: createFsStore("/nonexistent"),
      timeoutMs: 500,
    });
    expect(answer.failing).toEqual(["database"]);
    expect(answer.checks).toEqual({ database: "down", storage: "up" });
  });
});

describe("atMostEvery", () => {
  it("asks once per interval, and shares an answer still being asked", async () => {
    let now = 0;
    let asked = 0;
    const ask = atMostEvery(
      1_000,
      async () => {
        asked++;
        return asked;
      },
      () => now,
    );
    expect(await Promise.all([ask(), ask(), ask()])).toEqual([1, 1, 1]);
    now = 999;
    expect(await ask()).toBe(1);
    now = 1_000;
    expect(await ask()).toBe(2);
    expect(asked).toBe(2);
  });
});
