import Fastify, { type FastifyInstance } from "fastify";
import { Registry } from "prom-client";
import { afterEach, describe, expect, it } from "vitest";
import { measureRequestDurations } from "./request-durations";

/**
 * The hand-kept request histogram on a bare Fastify app (the whole app's scrape is tested in
 * metrics.routes.test.ts): Prometheus's histogram text, cumulative buckets, one series per label
 * whatever the number of routes behind it, and no route left out.
 */
const NAME = "test_request_duration_seconds";
let app: FastifyInstance | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

function bareApp(): FastifyInstance {
  const instance = Fastify();
  // As the platform keeps it (src/server/platform.ts): every route, HEAD apart.
  const routeTable: FastifyInstance["routeTable"] = [];
  instance.decorate("routeTable", routeTable);
  instance.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") routeTable.push({ method, url: route.url, guard: "none" });
    }
  });
  return instance;
}

function measure(instance: FastifyInstance, registry: Registry) {
  measureRequestDurations(instance, registry, {
    name: NAME,
    help: "Test durations",
    buckets: [0.1, 1],
    unmatchedRoute: "unmatched",
    routeLabel: (url) => (url.startsWith("/files/") ? "files" : url),
  });
}

const lines = (text: string, series: string) =>
  text.split("\n").filter((line) => line.startsWith(`${NAME}_`) && line.includes(series));

describe("the request histogram", () => {
  it("writes cumulative buckets, +Inf, sum and count per method, route and status", async () => {
    app = bareApp();
    const registry = new Registry();
    measure(app, registry);
    let wait = 0;
    app.get("/slow/:id", async () => {
      await new Promise((resolve) => setTimeout(resolve, wait));
      return { ok: true };
    });
    // An onResponse hook of the route's own keeps running beside the measure.
    let ownHookRan = 0;
    app.get(
      "/own-hook",
      {
        onResponse: (_request, _reply, done) => {
          ownHookRan++;
          done();
        },
      },
      async () => "ok",
    );
    for (const file of ["/files/a.js", "/files/b.css"]) app.get(file, async () => "file");

    wait = 0;
    await app.inject("/slow/1");
    wait = 150;
    await app.inject("/slow/2");
    await app.inject({ method: "POST", url: "/slow/3" });
    await app.inject("/own-hook");
    await app.inject("/files/a.js");
    await app.inject("/files/b.css");

    const text = await registry.metrics();
    expect(text).toContain(`# TYPE ${NAME} histogram`);
    const slow = 'method="GET",route="/slow/:id",status_code="200"';
    // One answered at once, one after 150 ms: cumulative counts, their sum at least the wait.
    const [tenth, second, inf, sum, count, more] = lines(text, slow);
    expect([tenth, second, inf, count, more]).toEqual([
      `${NAME}_bucket{le="0.1",${slow}} 1`,
      `${NAME}_bucket{le="1",${slow}} 2`,
      `${NAME}_bucket{le="+Inf",${slow}} 2`,
      `${NAME}_count{${slow}} 2`,
      undefined,
    ]);
    expect(sum).toMatch(new RegExp(`^${NAME}_sum\\{${slow}\\} `));
    expect(Number(sum!.split(" ").at(-1))).toBeGreaterThanOrEqual(0.15);
    // No route for POST: the not-found answer, under one label for every such path.
    expect(text).toContain(`${NAME}_count{method="POST",route="unmatched",status_code="404"} 1`);
    expect(text).toContain(`${NAME}_count{method="GET",route="/own-hook",status_code="200"} 1`);
    expect(ownHookRan).toBe(1);
    // Two routes, one label: one series of two, not two series of one.
    expect(lines(text, 'route="files"').filter((l) => l.includes("_count"))).toEqual([
      `${NAME}_count{method="GET",route="files",status_code="200"} 2`,
    ]);
    expect(text).not.toContain("a.js");

    registry.resetMetrics();
    expect(await registry.metrics()).toContain(`${NAME}_count{${slow}} 0`);
  });

  it("refuses to start when a route was registered before it, which it would not measure", async () => {
    app = bareApp();
    app.get("/early", async () => "early");
    measure(app, new Registry());
    app.get("/late", async () => "late");
    await expect(app.ready()).rejects.toThrow(/not measured: GET \/early$/);
  });
});
