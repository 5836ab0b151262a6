import { randomBytes } from "node:crypto";
import path from "node:path";
import { openDatabase } from "../src/server/db/client";
import type { RunningApp } from "../tests/support/app-process";
import { budgets, type Check } from "./budgets";
import { startServer, stopServer } from "./server";
import { type Load, run, type Target } from "./throughput";

/**
 * What the Prometheus metrics cost: one route of the same build served by two instances at once,
 * over the same database (the demo content in DATA_DIR's embedded PostgreSQL), one with
 * METRICS_TOKEN unset (off: no hook, no route) and one with it set (on: the per-request
 * histogram, Node's process metrics). The throughput step's load generator (wrk or autocannon)
 * drives them in turn with short runs, in the order off, on, on, off, repeated: on a machine
 * whose speed drifts (other programs, CPU boost), both sides see the same drift. Beside the
 * throughput, each server's CPU time per request (/proc).
 * Nobody scrapes during the runs (a scrape every 15 s costs nothing measurable); one scrape
 * afterwards checks that the "on" instance counted the requests.
 */
export type MetricsRun = Load & { metrics: "off" | "on"; cpuUsPerRequest: number };

export type MetricsOverheadResult = {
  connections: number;
  /** Seconds per run; every run of one side added up is `rounds * 2 * secondsPerRun`. */
  secondsPerRun: number;
  rounds: number;
  name: string;
  path: string;
  runs: MetricsRun[];
  offRps: number;
  onRps: number;
  /** Mean req/s with metrics on over the mean with them off: the budget's figure. */
  ratio: number;
  offCpuUsPerRequest: number;
  onCpuUsPerRequest: number;
  /** The scrape after the runs: its size, and the requests its histogram counted. */
  scrape: { bytes: number; counted: number };
};

const connections = 50;
/** Each round is off, on, on, off. */
const rounds = 4;
const target: Target = {
  name: "building list (API)",
  path: "/api/properties/buildings",
  headers: { "accept-encoding": "gzip, br", accept: "application/json" },
};

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

export async function measureMetricsOverhead(input: {
  /** The bench's DATA_DIR, its embedded database not running (no other server on it). */
  dataDir: string;
  seconds: number;
}): Promise<MetricsOverheadResult> {
  const { dataDir } = input;
  const secondsPerRun = Math.max(2, Math.round(input.seconds / 2));
  const token = randomBytes(24).toString("base64url");
  // The embedded server of DATA_DIR, borrowed: started for this step and stopped after it.
  const database = await openDatabase({ databaseUrl: undefined, dataDir, mode: "borrow" });
  const servers: Partial<Record<"off" | "on", RunningApp>> = {};
  try {
    const url = database.pool.options.connectionString;
    if (!url) throw new Error("The embedded database has no URL.");
    // Instances of their own DATA_DIR (generated files), sharing the one database.
    servers.off = await startServer(path.join(dataDir, "metrics-off"), 120_000, {
      DATABASE_URL: url,
    });
    servers.on = await startServer(path.join(dataDir, "metrics-on"), 120_000, {
      DATABASE_URL: url,
      METRICS_TOKEN: token,
    });
    for (const app of [servers.off, servers.on]) await run(app.url, target, 2, 10);

    const runs: MetricsRun[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const metrics of ["off", "on", "on", "off"] as const) {
        const app = servers[metrics]!;
        const load = await run(app.url, target, secondsPerRun, undefined, app.process.pid);
        runs.push({ ...load, metrics, cpuUsPerRequest: load.serverCpuUs ?? 0 });
      }
    }

    const response = await fetch(`${servers.on.url}/metrics`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new Error(`GET /metrics answered ${response.status}`);
    const text = await response.text();
    const counted = [
      ...text.matchAll(/^http_request_duration_seconds_count\{[^}]*\} (\d+)$/gm),
    ].reduce((sum, m) => sum + Number(m[1]), 0);

    const of = (metrics: "off" | "on") => runs.filter((r) => r.metrics === metrics);
    const offRps = mean(of("off").map((r) => r.rps));
    const onRps = mean(of("on").map((r) => r.rps));
    return {
      connections,
      secondsPerRun,
      rounds,
      name: target.name,
      path: target.path,
      runs,
      offRps: Math.round(offRps),
      onRps: Math.round(onRps),
      ratio: Number((onRps / offRps).toFixed(3)),
      offCpuUsPerRequest: Number(mean(of("off").map((r) => r.cpuUsPerRequest)).toFixed(1)),
      onCpuUsPerRequest: Number(mean(of("on").map((r) => r.cpuUsPerRequest)).toFixed(1)),
      scrape: { bytes: Buffer.byteLength(text), counted },
    };
  } finally {
    for (const app of [servers.on, servers.off]) if (app) await stopServer(app);
    await database.close();
  }
}

const pct = (ratio: number) => `${(ratio * 100).toFixed(1)} %`;

export function metricsChecks(result: MetricsOverheadResult): Check[] {
  const failed = result.runs.reduce((n, r) => n + r.errors + r.non2xx, 0);
  return [
    {
      section: "metrics",
      measure: `API throughput with metrics on, ratio to metrics off (GET ${result.path})`,
      measured: pct(result.ratio),
      budget: `>= ${pct(budgets.metricsOverhead.minRatio)}`,
      pass: result.ratio >= budgets.metricsOverhead.minRatio,
    },
    {
      section: "metrics",
      measure: "errors and non-2xx answers, metrics off and on",
      measured: String(failed),
      budget: "= 0",
      pass: failed === 0,
    },
  ];
}
