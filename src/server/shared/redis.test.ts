import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authApi } from "#domain/api/auth";
import { loginAs } from "#tests/support/auth";
import { call } from "#tests/support/call";
import { type RedisServer, startRedisServer } from "#tests/support/redis-server";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import { createResponseCache } from "../http/response-cache";
import { createRedisLoginThrottle } from "../modules/auth/login-throttle";
import { connectRedis, type SharedRedis, shareCacheInvalidations } from "./redis";

/**
 * The state several instances share through Redis, with a real redis-server: failed sign-ins,
 * rate-limit counters, and the news that the listings changed.
 */
const quiet = { info: () => undefined, warn: () => undefined };

describe("shared state in Redis", () => {
  let server: RedisServer;
  const connections: SharedRedis[] = [];
  const connect = async () => {
    const redis = await connectRedis(server.url, quiet);
    connections.push(redis);
    return redis;
  };

  beforeAll(async () => {
    server = await startRedisServer();
  });

  afterAll(async () => {
    await Promise.all(connections.map((c) => c.close()));
    await server.stop();
  });

  it("counts sign-in attempts per bucket across instances, atomically, and a success settles them", async () => {
    const [a, b] = [await connect(), await connect()];
    const first = createRedisLoginThrottle(a.client);
    const second = createRedisLoginThrottle(b.client);
    const rule = { free: 3, baseMs: 60_000, maxMs: 600_000, idleMs: 600_000 };
    const pat = { name: "account:pat@example.com", rule };
    const someoneElse = { name: "account:sam@example.com", rule };
    expect(await first.take([pat])).toBe(0);
    expect(await second.take([pat])).toBe(0);
    expect(await first.take([pat])).toBe(0);
    // The third attempt started a one-minute wait, whichever instance is asked.
    const wait = await second.take([pat]);
    expect(wait).toBeGreaterThan(55);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await second.take([someoneElse])).toBe(0);
    // The keys name nobody.
    expect((await a.client.keys("*")).join(" ")).not.toContain("pat@example.com");
    await second.settle({ forgive: [pat], refund: [] });
    expect(await first.take([pat])).toBe(0);

    // Ten at once over two instances: exactly `free` are let through.
    const burst = { name: "account:burst@example.com", rule };
    const taken = await Promise.all(
      Array.from({ length: 10 }, (_, n) => (n % 2 ? first : second).take([burst])),
    );
    expect(taken.filter((w) => w === 0)).toHaveLength(rule.free);

    // A refund gives back one attempt: two taken, one given back, so two more before the wait.
    const refunded = { name: "address:203.0.113.77", rule };
    for (let n = 0; n < 2; n++) await first.take([refunded]);
    await first.settle({ forgive: [], refund: [refunded] });
    expect(await second.take([refunded])).toBe(0);
    expect(await second.take([refunded])).toBe(0);
    expect(await second.take([refunded])).toBeGreaterThan(0);
  });

  it("empties every instance's cache when one instance writes, within a second", async () => {
    const [a, b] = [await connect(), await connect()];
    const cacheA = createResponseCache();
    const cacheB = createResponseCache();
    await shareCacheInvalidations(cacheA, a, quiet);
    await shareCacheInvalidations(cacheB, b, quiet);
    let computed = 0;
    const compute = async () => ++computed;
    await cacheA.get("buildings", compute);
    await cacheB.get("buildings", compute);
    expect(await cacheB.get("buildings", compute)).toBe(2);

    const started = Date.now();
    cacheA.invalidate();
    await expect.poll(() => cacheB.size, { timeout: 1_000, interval: 5 }).toBe(0);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await cacheB.get("buildings", compute)).toBe(3);
  });

  it("caches nothing while it cannot hear the others, and caches again once back", async () => {
    const own = await startRedisServer();
    try {
      const redis = await connectRedis(own.url, quiet);
      connections.push(redis);
      const cache = createResponseCache();
      await shareCacheInvalidations(cache, redis, quiet);
      let computed = 0;
      const compute = async () => ++computed;
      await cache.get("k", compute);
      expect(await cache.get("k", compute)).toBe(1);

      await own.stop();
      await expect.poll(() => redis.subscriber.status, { timeout: 5_000 }).not.toBe("ready");
      expect(await cache.get("k", compute)).toBe(2);
      expect(await cache.get("k", compute)).toBe(3);

      const again = await startRedisServer(own.port);
      try {
        await expect.poll(() => redis.subscriber.status, { timeout: 10_000 }).toBe("ready");
        const value = await cache.get("k", compute);
        expect(await cache.get("k", compute)).toBe(value);
      } finally {
        await again.stop();
      }
    } finally {
      await own.stop();
    }
  });

  describe("two app instances on one database and one Redis", () => {
    let database: TestDatabase;
    const apps: Awaited<ReturnType<typeof createTestApp>>[] = [];

    beforeAll(async () => {
      database = await createTestDb();
      for (let i = 0; i < 2; i++) {
        apps.push(
          await createTestApp(database, {
            env: {
              REDIS_URL: server.url,
              AUTH_ATTEMPTS_PER_MINUTE: "4",
              JWT_SECRET: "s".repeat(40),
            },
          }),
        );
      }
    });

    afterAll(async () => {
      for (const app of apps) await app.close();
      await database.drop();
    });

    it("meets one sign-in limit however the attempts are spread", async () => {
      const attempt = (n: number) =>
        call(apps[n % 2]!.app, authApi.login, {
          remoteAddress: "203.0.113.9",
          payload: { email: `nobody-${n}@example.com`, password: "wrong-password" },
        });
      const statuses: number[] = [];
      for (let n = 0; n < 6; n++) statuses.push((await attempt(n)).statusCode);
      // Four per minute in all: alone, each instance would have allowed three more.
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    });

    it("locks an account after failures spread over both instances", async () => {
      const { email, password } = await loginAs(apps[0]!.app, database.db, "admin");
      for (let n = 0; n < 5; n++) {
        await call(apps[n % 2]!.app, authApi.login, {
          remoteAddress: `198.51.100.${n + 1}`,
          payload: { email, password: "not-the-password" },
        });
      }
      const right = await call(apps[1]!.app, authApi.login, {
        remoteAddress: "198.51.100.50",
        payload: { email, password },
      });
      expect(right.statusCode).toBe(429);
    });
  });

  it("refuses to start when Redis cannot be reached, in one line", async () => {
    const database = await createTestDb();
    try {
      await expect(
        createTestApp(database, { env: { REDIS_URL: "redis://127.0.0.1:1" } }),
      ).rejects.toThrow(/^the Redis server at 127\.0\.0\.1:1 is unreachable \(/);
    } finally {
      await database.drop();
    }
  });
});
