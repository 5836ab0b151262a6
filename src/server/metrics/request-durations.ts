import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Metric, Registry } from "prom-client";

/**
 * The histogram of request durations (`http_request_duration_seconds`), kept by hand rather than
 * with prom-client's Histogram, because it is written on every request.
 *
 * Measured on the cached building list (the built server, 50 connections, fresh processes in
 * turn): a Fastify onResponse hook that read `request.routeOptions` (a new object of a dozen
 * fields per call) and called prom-client's `observe` (label validation, a hash string and a
 * closure per call) answered about 15 % fewer requests per second than no hook at all; an empty
 * hook cost nothing measurable. So the work per request is two integers and a float:
 *
 * - each route gets its own onResponse hook when it is registered (Fastify's onRoute), which
 *   knows the route's label already; the series (one per method and status) are made once and
 *   found again in a small map;
 * - requests no route matched are counted by one app-wide hook under one label;
 * - the buckets are counted in an array and made cumulative only when Prometheus scrapes.
 *
 * The text Prometheus reads is the same as prom-client's Histogram writes (`_bucket` with `le`
 * first, `_sum`, `_count`), through the same registry.
 */

type Labels = { method: string; route: string; status_code: number };

type Series = {
  labels: Labels;
  /** Observations per bucket (not cumulative); the last one is +Inf. */
  counts: number[];
  sum: number;
  count: number;
};

export type RequestDurationsSpec = {
  name: string;
  help: string;
  /** Upper bounds in seconds, ascending. */
  buckets: readonly number[];
  /** The route label of the requests no route matched. */
  unmatchedRoute: string;
  /** The label of a route: its pattern, or one label for the built files. */
  routeLabel: (url: string, contract: unknown) => string;
};

export function measureRequestDurations(
  app: FastifyInstance,
  registry: Registry,
  spec: RequestDurationsSpec,
): void {
  const { buckets } = spec;
  const all: Series[] = [];

  /**
   * The series of one route label (shared by the routes that have the same one, as the built
   * files do): by method, then status.
   */
  const byRoute = new Map<string, (method: string, status: number) => Series>();
  function seriesOf(route: string) {
    const known = byRoute.get(route);
    if (known) return known;
    const byMethod = new Map<string, Map<number, Series>>();
    const find = (method: string, status: number): Series => {
      let byStatus = byMethod.get(method);
      if (!byStatus) {
        byStatus = new Map();
        byMethod.set(method, byStatus);
      }
      let series = byStatus.get(status);
      if (!series) {
        series = {
          labels: { method, route, status_code: status },
          counts: new Array<number>(buckets.length + 1).fill(0),
          sum: 0,
          count: 0,
        };
        byStatus.set(status, series);
        all.push(series);
      }
      return series;
    };
    byRoute.set(route, find);
    return find;
  }

  function observe(series: Series, seconds: number): void {
    let i = 0;
    while (i < buckets.length && seconds > buckets[i]!) i++;
    series.counts[i]!++;
    series.sum += seconds;
    series.count++;
  }

  const measured = new Set<string>();
  app.addHook("onRoute", (route) => {
    const find = seriesOf(spec.routeLabel(route.url, route.config?.contract));
    const hook = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      observe(find(request.method, reply.statusCode), reply.elapsedTime / 1000);
      done();
    };
    // First, so that a route's own hook that fails cannot skip the measure.
    const own = route.onResponse;
    route.onResponse = own === undefined ? hook : [hook, own].flat();
    for (const method of [route.method].flat()) measured.add(`${method} ${route.url}`);
  });

  const unmatched = seriesOf(spec.unmatchedRoute);
  app.addHook("onResponse", (request, reply, done) => {
    if (request.is404)
      observe(unmatched(request.method, reply.statusCode), reply.elapsedTime / 1000);
    done();
  });

  // A route registered before this point would go unmeasured, silently: refuse to start.
  app.addHook("onReady", async () => {
    const missed = app.routeTable.filter((r) => !measured.has(`${r.method} ${r.url}`));
    if (missed.length > 0) {
      const list = missed.map((r) => `${r.method} ${r.url}`).join(", ");
      throw new Error(`Routes registered before the metrics step are not measured: ${list}`);
    }
  });

  const metric = {
    name: spec.name,
    help: spec.help,
    type: "histogram",
    aggregator: "sum",
    get() {
      const values: {
        labels: Record<string, string | number>;
        value: number;
        metricName: string;
      }[] = [];
      for (const series of all) {
        let cumulative = 0;
        for (let i = 0; i <= buckets.length; i++) {
          cumulative += series.counts[i]!;
          values.push({
            labels: { le: i < buckets.length ? buckets[i]! : "+Inf", ...series.labels },
            value: cumulative,
            metricName: `${spec.name}_bucket`,
          });
        }
        values.push({ labels: series.labels, value: series.sum, metricName: `${spec.name}_sum` });
        values.push({
          labels: series.labels,
          value: series.count,
          metricName: `${spec.name}_count`,
        });
      }
      return { name: spec.name, help: spec.help, type: "histogram", aggregator: "sum", values };
    },
    reset() {
      for (const series of all) {
        series.counts.fill(0);
        series.sum = 0;
        series.count = 0;
      }
    },
  };
  // The registry takes any object that answers get() in prom-client's shape; its type names
  // prom-client's own classes only.
  registry.registerMetric(metric as unknown as Metric);
}
