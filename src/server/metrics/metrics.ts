import type { FastifyInstance } from "fastify";
import type pg from "pg";
import { Counter, collectDefaultMetrics, Gauge, Registry } from "prom-client";
import type { Config } from "#server/config";
import type { ResponseCache } from "#server/http/response-cache";
import { metricsRoutes } from "./metrics.routes";
import { measureRequestDurations } from "./request-durations";

/**
 * Prometheus metrics, with prom-client, in a registry of this app's own (tests build many apps in
 * one process; prom-client's global registry would see them collide). With METRICS_TOKEN set:
 * GET /metrics (metrics.routes.ts), the duration of every request a route or the not-found
 * handler answers, by method, route pattern and status (not the few Fastify refuses before
 * routing: a URL it cannot decode, a parameter over its length), the PostgreSQL pool, the public
 * response cache and Node's own process metrics.
 * Without it: no route and no hook, nothing measured per request.
 *
 * Any module adds its own gauges through `app.metrics`, there from buildApp's metrics step on
 * (before the modules are registered); with METRICS_TOKEN unset the call is the same and nobody
 * reads them:
 *
 *   app.metrics.gauge({
 *     name: "mail_queue_depth",
 *     help: "E-mail messages waiting to be sent",
 *     collect: () => countQueued(db),
 *   });
 */

declare module "fastify" {
  interface FastifyInstance {
    /** This app's metrics: see src/server/metrics/metrics.ts. */
    metrics: AppMetrics;
  }
}

/** A value read when Prometheus scrapes (every 15 s or so), never on a timer. */
export type ScrapedValue = {
  /** snake_case, with its unit as the last word (`_seconds`, `_bytes`) when it has one. */
  name: string;
  help: string;
  /**
   * Called at each scrape, sync or async. If it throws, the failure is logged and a gauge reports
   * NaN for that scrape (a counter keeps its last total): one broken reading does not fail the
   * whole scrape.
   */
  collect: () => number | Promise<number>;
};

export type AppMetrics = {
  /** Whether GET /metrics is served (METRICS_TOKEN is set). */
  readonly enabled: boolean;
  /** The app's registry: any prom-client metric made with `registers: [registry]` is served. */
  readonly registry: Registry;
  /** A value that goes up and down (a queue's depth, an age), read at each scrape. */
  gauge(spec: ScrapedValue): void;
  /**
   * A running total that only grows while the process lives (messages sent since the start),
   * read at each scrape. Name it `..._total`. A failed reading keeps the last total.
   */
  counter(spec: ScrapedValue): void;
};

/** Requests whose path no route matches (the 404 of an unknown URL): one label value for all. */
export const UNMATCHED_ROUTE = "unmatched";

/**
 * The built web app's files (scripts, styles, icons): one route each, so one label value for
 * all of them rather than a series per file name.
 */
export const STATIC_FILES_ROUTE = "static";

/**
 * A route's label: its pattern, or the files' label for a route with no contract whose path is
 * a file name without parameters.
 */
function routeLabel(url: string, contract: unknown): string {
  return contract === undefined && /^\/[^:*]*\.[A-Za-z0-9]+$/.test(url) ? STATIC_FILES_ROUTE : url;
}

/** Seconds; 0.5 is the latency alert's threshold (docs/metrics.md, the alerts to set). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function registerMetrics(
  app: FastifyInstance,
  deps: { config: Config; pool: pg.Pool; cache: ResponseCache },
): void {
  const registry = new Registry();
  const token = deps.config.metricsToken;

  async function read(spec: ScrapedValue): Promise<number> {
    try {
      return await spec.collect();
    } catch (error) {
      app.log.warn({ err: error, metric: spec.name }, "a metric could not be read");
      return Number.NaN;
    }
  }

  const metrics: AppMetrics = {
    enabled: token !== undefined,
    registry,
    gauge(spec) {
      new Gauge({
        name: spec.name,
        help: spec.help,
        registers: [registry],
        async collect() {
          this.set(await read(spec));
        },
      });
    },
    counter(spec) {
      new Counter({
        name: spec.name,
        help: spec.help,
        registers: [registry],
        async collect() {
          const value = await read(spec);
          // A failed reading keeps the last total: a drop to 0 would read as a restart.
          if (!Number.isFinite(value) || value < 0) return;
          this.reset();
          this.inc(value);
        },
      });
    },
  };
  app.decorate("metrics", metrics);
  if (token === undefined) return;

  collectDefaultMetrics({ register: registry });
  measureRequestDurations(app, registry, {
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to its answer's last byte, by method, route pattern and status",
    buckets: DURATION_BUCKETS,
    unmatchedRoute: UNMATCHED_ROUTE,
    routeLabel,
  });

  const { pool, cache } = deps;
  metrics.gauge({
    name: "pg_pool_clients",
    help: "PostgreSQL connections the pool holds open, busy or idle",
    collect: () => pool.totalCount,
  });
  metrics.gauge({
    name: "pg_pool_idle_clients",
    help: "PostgreSQL connections open and idle",
    collect: () => pool.idleCount,
  });
  metrics.gauge({
    name: "pg_pool_waiting_clients",
    help: "Queries waiting for a connection because every one the pool may open is busy",
    collect: () => pool.waitingCount,
  });
  metrics.gauge({
    name: "pg_pool_max_clients",
    help: "The most connections the pool opens",
    collect: () => pool.options.max ?? 10,
  });
  metrics.counter({
    name: "response_cache_hits_total",
    help: "Public answers (listing API, public pages) served from the in-process cache",
    collect: () => cache.hits,
  });
  metrics.counter({
    name: "response_cache_misses_total",
    help: "Public answers computed because the cache did not hold them (or was bypassed)",
    collect: () => cache.misses,
  });

  metricsRoutes(app, { registry, token });
}
