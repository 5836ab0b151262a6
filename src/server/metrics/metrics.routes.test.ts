import { gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingsApi } from "#domain/api/listings";
import { metricsApi } from "#domain/api/metrics";
import { ConfigError, loadConfig } from "#server/config";
import { call, urlOf } from "#tests/support/call";
import { insertProperty, insertUnit } from "#tests/support/fixtures";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import { STATIC_FILES_ROUTE, UNMATCHED_ROUTE } from "./metrics";
import { SCRAPES_PER_MINUTE } from "./metrics.routes";

/**
 * GET /metrics: absent without METRICS_TOKEN; with it, only for the bearer of the token, and
 * what it tells: requests by route pattern (never the URL), the pool, the cache, the process,
 * and the gauges other modules add.
 */
const TOKEN = "metrics-token-for-the-tests-0123456789";
const bearer = { authorization: `Bearer ${TOKEN}` };

let database: TestDatabase;
let buildingId: number;

beforeAll(async () => {
  database = await createTestDb();
  const building = await insertProperty(database.db, { title: "Metered Court" });
  await insertUnit(database.db, building.id);
  buildingId = building.id;
});

afterAll(async () => {
  await database.drop();
});

/** The value of one sample line (`name{labels} value`), or undefined when there is none. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function scrape(app: FastifyInstance): Promise<string> {
  const response = await call(app, metricsApi.scrape, { headers: bearer });
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe("METRICS_TOKEN", () => {
  it("is optional, and when set at least 16 printable characters without spaces", () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    for (const bad of [
      "too-short-token",
      "a token with spaces in it",
      "töken-with-an-umlaut-0123",
    ]) {
      expect(() => loadConfig({ METRICS_TOKEN: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ METRICS_TOKEN: bad })).toThrow(/METRICS_TOKEN/);
    }
  });
});

describe("without METRICS_TOKEN", () => {
  it("has no /metrics: the ordinary not-found, and nothing measured", async () => {
    const { app, close } = await createTestApp(database);
    try {
      const response = await call(app, metricsApi.scrape, { headers: bearer });
      expect(response.statusCode).toBe(404);
      expect(app.routeTable.some((r) => r.url === metricsApi.scrape.path)).toBe(false);
      expect(app.metrics.enabled).toBe(false);
      expect(app.metrics.registry.getSingleMetric("http_request_duration_seconds")).toBeUndefined();
      // A module may still add its gauges: nobody reads them.
      app.metrics.gauge({ name: "idle_gauge", help: "unread", collect: () => 1 });
    } finally {
      await close();
    }
  });
});

describe("with METRICS_TOKEN", () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, close } = await createTestApp(database, { env: { METRICS_TOKEN: TOKEN } }));
  });

  afterAll(async () => {
    await close();
  });

  it("refuses a request without the token, or with a wrong one, 401 in the API's format", async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: "Bearer wrong-token-of-some-length" },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: `Basic ${TOKEN}` },
      { authorization: TOKEN },
      { authorization: `Bearer ${TOKEN} ${TOKEN}` },
    ];
    for (const headers of attempts) {
      const response = await call(app, metricsApi.scrape, { headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.json()).toEqual({ error: "unauthorized", message: expect.any(String) });
      expect(response.headers["www-authenticate"]).toMatch(/^Bearer/);
      expect(response.body).not.toContain("http_request_duration_seconds");
    }
  });

  it("answers the bearer of the token in Prometheus's text format, never cached", async () => {
    const response = await call(app, metricsApi.scrape, {
      headers: { authorization: `bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-store");
    // Node's own: CPU, heap, event loop lag, garbage collection.
    for (const name of [
      "process_cpu_seconds_total",
      "nodejs_heap_size_used_bytes",
      "nodejs_eventloop_lag_p99_seconds",
      "nodejs_gc_duration_seconds",
    ]) {
      expect(response.body).toContain(`# TYPE ${name} `);
    }
  });

  it("is compressed for a scraper that accepts gzip, and stays the same text", async () => {
    const plain = await scrape(app);
    const response = await call(app, metricsApi.scrape, {
      headers: { ...bearer, "accept-encoding": "gzip" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers.vary).toContain("accept-encoding");
    const text = gunzipSync(response.rawPayload).toString("utf8");
    expect(text).toContain("# TYPE http_request_duration_seconds histogram");
    expect(text.split("\n").length).toBeGreaterThan(plain.split("\n").length / 2);
  });

  it("times requests by route pattern and status, never by URL; unknown paths share one label", async () => {
    const url = urlOf(listingsApi.getBuilding, { id: buildingId });
    const route = listingsApi.getBuilding.path;
    const series = (status: number, path: string = route) =>
      `http_request_duration_seconds_count{method="GET",route="${path}",status_code="${status}"}`;
    const before = sample(await scrape(app), series(200)) ?? 0;
    expect(
      (await call(app, listingsApi.getBuilding, { params: { id: buildingId } })).statusCode,
    ).toBe(200);
    expect((await call(app, listingsApi.getBuilding, { params: { id: 999999 } })).statusCode).toBe(
      404,
    );
    // Paths no route knows: outside the API, and under it (the API's own JSON 404 route).
    for (const path of ["/no-such-page", "/no/such/page?token=secret-in-a-url"]) {
      expect((await app.inject({ method: "GET", url: path })).statusCode).toBe(404);
    }
    expect((await app.inject({ method: "GET", url: "/api/no-such-thing" })).statusCode).toBe(404);

    const text = await scrape(app);
    expect(sample(text, series(200))).toBe(before + 1);
    expect(sample(text, series(404))).toBe(1);
    expect(sample(text, series(404, UNMATCHED_ROUTE))).toBe(2);
    expect(sample(text, series(404, "/api/*"))).toBe(1);
    expect(text).toContain(
      `http_request_duration_seconds_bucket{le="0.5",method="GET",route="${route}",status_code="200"}`,
    );
    expect(text).not.toContain(url);
    expect(text).not.toContain("no-such");
    expect(text).not.toContain("secret-in-a-url");
    // The scrapes themselves are requests like any other.
    expect(sample(text, series(200, metricsApi.scrape.path))).toBeGreaterThanOrEqual(1);
  });

  it("reports the PostgreSQL pool", async () => {
    const text = await scrape(app);
    expect(sample(text, "pg_pool_clients")).toBeGreaterThanOrEqual(1);
    expect(sample(text, "pg_pool_idle_clients")).toBeGreaterThanOrEqual(0);
    expect(sample(text, "pg_pool_waiting_clients")).toBe(0);
    expect(sample(text, "pg_pool_max_clients")).toBe(10);
  });

  it("counts the public response cache's hits and misses", async () => {
    const before = await scrape(app);
    const query = { beds: 1 };
    expect((await call(app, listingsApi.listBuildings, { query })).statusCode).toBe(200);
    expect((await call(app, listingsApi.listBuildings, { query })).statusCode).toBe(200);
    const after = await scrape(app);
    const moved = (name: string) => sample(after, name)! - sample(before, name)!;
    expect(moved("response_cache_misses_total")).toBe(1);
    expect(moved("response_cache_hits_total")).toBe(1);
  });

  it("serves the gauges other modules add, one that fails as NaN without failing the rest", async () => {
    let depth = 3;
    app.metrics.gauge({
      name: "test_queue_depth",
      help: "Messages waiting",
      collect: async () => depth,
    });
    app.metrics.gauge({
      name: "test_broken_reading",
      help: "A reading that fails",
      collect: () => {
        throw new Error("the table is gone");
      },
    });
    app.metrics.counter({
      name: "test_sent_total",
      help: "Messages sent",
      collect: () => depth * 2,
    });
    expect(sample(await scrape(app), "test_queue_depth")).toBe(3);
    depth = 5;
    const text = await scrape(app);
    expect(sample(text, "test_queue_depth")).toBe(5);
    expect(sample(text, "test_sent_total")).toBe(10);
    expect(text).toContain("# TYPE test_sent_total counter");
    expect(sample(text, "test_broken_reading")).toBeNaN();
    // A name taken twice is a mistake, found when the module registers it.
    expect(() =>
      app.metrics.gauge({ name: "test_queue_depth", help: "again", collect: () => 0 }),
    ).toThrow(/already been registered/);
  });
});

describe("the web app's files", () => {
  it("share one route label rather than a series per file", async () => {
    const { app, close } = await createTestApp(database, { env: { METRICS_TOKEN: TOKEN } });
    try {
      // As @fastify/static registers the built files: one route per file, without a contract.
      for (const file of ["/assets/entry-1a2b3c.js", "/assets/root-4d5e6f.css", "/favicon.svg"]) {
        app.get(file, async () => "file");
      }
      for (const file of ["/assets/entry-1a2b3c.js", "/assets/root-4d5e6f.css", "/favicon.svg"]) {
        expect((await app.inject({ method: "GET", url: file })).statusCode).toBe(200);
      }
      const text = await scrape(app);
      expect(
        sample(
          text,
          `http_request_duration_seconds_count{method="GET",route="${STATIC_FILES_ROUTE}",status_code="200"}`,
        ),
      ).toBe(3);
      expect(text).not.toContain("entry-1a2b3c");
      expect(text).not.toContain("favicon");
    } finally {
      await close();
    }
  });
});

describe("the rate limit", () => {
  it("is the route's own: a client over the global limit is still scraped, a guesser is not", async () => {
    const { app, close } = await createTestApp(database, {
      env: { METRICS_TOKEN: TOKEN, RATE_LIMIT_PER_MINUTE: "2" },
    });
    const remoteAddress = "203.0.113.9";
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        statuses.push((await call(app, listingsApi.listBuildings, { remoteAddress })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
      for (let i = 0; i < 5; i++) {
        const response = await call(app, metricsApi.scrape, { headers: bearer, remoteAddress });
        expect(response.statusCode).toBe(200);
      }
      // Someone guessing the token from one address is slowed down all the same.
      const guesses: number[] = [];
      for (let i = 5; i <= SCRAPES_PER_MINUTE; i++) {
        const headers = { authorization: `Bearer guess-number-${i}-of-many` };
        guesses.push((await call(app, metricsApi.scrape, { headers, remoteAddress })).statusCode);
      }
      expect(guesses.slice(0, -1).every((status) => status === 401)).toBe(true);
      expect(guesses.at(-1)).toBe(429);
    } finally {
      await close();
    }
  });
});
