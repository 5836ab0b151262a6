import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { authApi } from "#domain/api/auth";
import { healthApi } from "#domain/api/health";
import { listingsApi } from "#domain/api/listings";
import { HEALTH_CHECK_INTERVAL_MS } from "#server/modules/health/health.service";
import { addUser } from "#server/modules/users/users.service";
import { loginAs } from "#tests/support/auth";
import { call, urlOf } from "#tests/support/call";
import { insertProperty } from "#tests/support/fixtures";
import { type RedisServer, startRedisServer } from "#tests/support/redis-server";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import { HANG_MS, type Sample, steadyTraffic, summarize } from "#tests/support/traffic";

/**
 * Drill: Redis stopped, then started again, under traffic; and Redis hung (SIGSTOP). Two
 * instances share one database and one redis-server; the traffic goes to one of them over a
 * real socket. What is decided (docs/deployment.md, "When a service fails"):
 * - the site keeps answering throughout, with nothing slower than Redis's command timeout;
 * - the per-address rate limits pass while Redis is away (their counters live there);
 * - failed sign-ins per account are counted in this instance's memory meanwhile, so an account
 *   under attack is still held (per instance), and those counts still hold once Redis is back;
 * - the listing cache caches nothing while its subscription is down, and a write empties this
 *   instance's own cache as always (other instances hear of it once Redis is back, or cache
 *   nothing meanwhile);
 * - once Redis is back, counting is shared again and writes reach every instance's cache.
 */

let database: TestDatabase;
let redis: RedisServer;
type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let a: TestApp;
let b: TestApp;
let baseUrl: string;
let admin: { authorization: string };
let buildingId: number;
const USER = { email: "pat.renter@example.com", password: "Right-password-1" };

beforeAll(async () => {
  database = await createTestDb();
  redis = await startRedisServer();
  const env = {
    REDIS_URL: redis.url,
    JWT_SECRET: "r".repeat(40),
    // Each request says where it comes from, so each test picks its own addresses.
    TRUST_PROXY: "true",
    AUTH_ATTEMPTS_PER_MINUTE: "4",
    RATE_LIMIT_PER_MINUTE: "100000",
  };
  a = await createTestApp(database, { env });
  b = await createTestApp(database, { env });
  admin = (await loginAs(a.app, database.db, "admin")).headers;
  await addUser({ db: database.db }, { ...USER, role: "admin", emailVerified: true });
  buildingId = (await insertProperty(database.db)).id;
  await a.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await redis?.stop();
  await database?.drop();
});

let address = 0;
/** A client address never used before: the per-address limits never count it. */
const fresh = () => `198.18.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

const json = (body: unknown, from = fresh()): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", "x-forwarded-for": from },
  body: JSON.stringify(body),
});

/** Waits until both instances' readiness says Redis answers (`up`) or does not (`down`). */
async function redisSeenBy(state: "up" | "down") {
  const ready = async () =>
    (await call(a.app, healthApi.readiness)).statusCode === 200 &&
    (await call(b.app, healthApi.readiness)).statusCode === 200;
  await expect.poll(ready, { timeout: 10_000, interval: 50 }).toBe(state === "up");
}

async function createBuilding(title: string) {
  const response = await call(a.app, adminPropertiesApi.createProperty, {
    headers: admin,
    payload: {
      title,
      type: "apartment",
      address: "5 Asylum Avenue",
      city: "Hartford",
      state: "CT",
      zipCode: "06105",
    },
  });
  expect(response.statusCode, response.body).toBe(201);
}

const titles = async (app: TestApp) =>
  ((await call(app.app, listingsApi.listBuildings)).json() as { name: string }[]).map(
    (building) => building.name,
  );

const show = (list: Sample[]) =>
  list
    .slice(0, 5)
    .map((s) => `${s.kind} ${s.status} ${s.ms}ms ${s.error ?? s.body.slice(0, 200)}`)
    .join("\n");

describe("Redis stopped and started again", () => {
  const target = "guessed.account@example.com";
  const signInAsTarget = (password: string) =>
    call(a.app, authApi.login, {
      headers: { "x-forwarded-for": fresh() },
      payload: { email: target, password },
    });

  /** What is checked while Redis is away (traffic keeps flowing meanwhile). */
  async function whileAway() {
    // A write empties this instance's cache: the new building shows at once.
    expect(await titles(a)).not.toContain("Written While Redis Was Away");
    await createBuilding("Written While Redis Was Away");
    expect(await titles(a)).toContain("Written While Redis Was Away");

    // An account guessed at from many addresses is slowed by this instance's own count.
    await addUser(
      { db: database.db },
      { email: target, password: "Guessed-right-1", role: "admin", emailVerified: true },
    );
    for (let i = 0; i < 5; i++) {
      const wrong = await signInAsTarget(`guess-${i}`);
      expect(wrong.statusCode, wrong.body).toBe(401);
    }
    const held = await signInAsTarget("Guessed-right-1");
    expect(held.statusCode, held.body).toBe(429);
    expect(held.headers["retry-after"]).toMatch(/^\d+$/);
    await sleep(1_000);
  }

  it("keeps answering, holds a guessed account in memory, then shares its counts again", async () => {
    const traffic = steadyTraffic(baseUrl, [
      { name: "buildings", request: () => ({ path: urlOf(listingsApi.listBuildings) }) },
      {
        name: "building",
        request: () => ({ path: urlOf(listingsApi.getBuilding, { id: buildingId }) }),
      },
      { name: "sign-in", request: () => ({ path: urlOf(authApi.login), init: json(USER) }) },
      {
        name: "wrong-password",
        request: () => ({
          path: urlOf(authApi.login),
          init: json({ email: `nobody-${address}@example.com`, password: "not-the-password" }),
        }),
      },
      { name: "liveness", request: () => ({ path: urlOf(healthApi.liveness) }) },
    ]);
    await sleep(1_000);

    const stopping = Date.now();
    let down = 0;
    let starting = 0;
    let up = 0;
    await redis.stop();
    try {
      await redisSeenBy("down");
      down = Date.now();
      await whileAway();
    } finally {
      // Started again whatever happened, so the next test has its Redis.
      starting = Date.now();
      redis = await startRedisServer(redis.port);
      await redisSeenBy("up").finally(async () => {
        up = Date.now();
        await sleep(1_500);
        await traffic.stop();
      });
    }
    const samples = traffic.samples;
    console.info(
      `redis outage drill: ${JSON.stringify({
        noticedAfterMs: down - stopping,
        reconnectedAfterMs: up - starting,
        all: summarize(samples),
        slowestMs: Math.max(...samples.map((s) => s.ms)),
      })}`,
    );

    // Every request was answered, in time, as if nothing happened.
    const expected: Record<string, number> = {
      buildings: 200,
      building: 200,
      "sign-in": 200,
      "wrong-password": 401,
      liveness: 200,
    };
    const wrong = samples.filter((s) => s.status !== expected[s.kind] || s.ms >= HANG_MS);
    expect(wrong.length, show(wrong)).toBe(0);
    const during = samples.filter((s) => s.sentAt > stopping && s.doneAt < starting);
    expect(during.length).toBeGreaterThan(10);

    // The failures counted meanwhile still count once Redis is back: the next guess is let
    // through (its wait is over), and the right password right after it must wait again, longer.
    expect((await signInAsTarget("guess-5")).statusCode).toBe(401);
    const stillHeld = await signInAsTarget("Guessed-right-1");
    expect(stillHeld.statusCode).toBe(429);
    expect(Number(stillHeld.headers["retry-after"])).toBe(2);

    // Counting is shared again: one address meets one limit (4 a minute) over both instances.
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++) {
      const attempt = await call([a, b][n % 2]!.app, authApi.login, {
        headers: { "x-forwarded-for": "203.0.113.77" },
        payload: { email: `someone-${n}@example.com`, password: "wrong-password" },
      });
      statuses.push(attempt.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);

    // And a write on one instance reaches the other's cache again.
    expect(await titles(b)).not.toContain("Written After Redis Came Back");
    await createBuilding("Written After Redis Came Back");
    await expect
      .poll(() => titles(b), { timeout: 2_000 })
      .toContain("Written After Redis Came Back");
  }, 60_000);
});

describe("Redis hung (the process stopped with SIGSTOP)", () => {
  it("keeps answering, each request delayed at most by Redis's command timeout", async () => {
    await redisSeenBy("up");
    redis.freeze();
    try {
      const started = Date.now();
      const requests = [
        fetch(`${baseUrl}${urlOf(listingsApi.listBuildings)}`, {
          signal: AbortSignal.timeout(HANG_MS),
        }),
        fetch(`${baseUrl}${urlOf(authApi.login)}`, {
          ...json(USER),
          signal: AbortSignal.timeout(HANG_MS),
        }),
        fetch(`${baseUrl}${urlOf(healthApi.liveness)}`, { signal: AbortSignal.timeout(HANG_MS) }),
      ];
      const answers = await Promise.allSettled(requests);
      const took = Date.now() - started;
      const statuses = answers.map((r) => (r.status === "fulfilled" ? r.value.status : 0));
      console.info(`redis hung drill: ${JSON.stringify({ statuses, tookMs: took })}`);
      expect(statuses).toEqual([200, 200, 200]);
      expect(took).toBeLessThan(5_000);
      // Readiness names Redis, so a load balancer may steer away (its answer is at most a
      // second old).
      await new Promise((resolve) => setTimeout(resolve, HEALTH_CHECK_INTERVAL_MS));
      const ready = await call(a.app, healthApi.readiness);
      expect(ready.statusCode).toBe(503);
      expect(ready.json().failing).toEqual(["redis"]);
    } finally {
      redis.thaw();
    }
    await redisSeenBy("up");
    const after = await fetch(`${baseUrl}${urlOf(listingsApi.listBuildings)}`);
    expect(after.status).toBe(200);
  }, 30_000);
});
