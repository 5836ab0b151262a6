import { mkdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { projectRoot, tempDataDir } from "../tests/support/app-process";
import { alertsChecks, measureAlerts } from "./alerts";
import { backOfficeChecks, measureBackOffice } from "./back-office";
import { budgets, type Check } from "./budgets";
import { bytesChecks, languageChecks, measureBytes } from "./bytes";
import { deepJsonChecks, measureDeepJson } from "./deep-json";
import { lighthouseChecks, measureLighthouse } from "./lighthouse";
import { measureMetricsOverhead, metricsChecks } from "./metrics";
import { measureObservatory, observatoryChecks } from "./observatory";
import { type BenchResults, renderMarkdown } from "./report";
import { measureScale, scaleChecks } from "./scale";
import { measureScaleOut, stopAllScaleOut } from "./scale-out";
import {
  getJson,
  machineCpuTicks,
  rssMb,
  startServer,
  stopAllServers,
  stopLeftoverDatabase,
  stopServer,
} from "./server";
import { measureSoak, soakChecks } from "./soak";
import { measureStartup, startupChecks } from "./startup";
import { measureThroughput, throughputChecks } from "./throughput";
import { startBehindProxy, stopAllBehindProxy, stopBehindProxy } from "./tls-proxy";
import { measureUploads, uploadChecks } from "./uploads";

/**
 * npm run bench (after the build): measures the production build on this machine against the
 * performance, security and soak budgets and writes bench/results/latest.json and latest.md.
 *
 * One temporary DATA_DIR with the demo content serves every step; the server and the database
 * are stopped and the directory removed at the end, on a failure, and on Ctrl-C. A step that
 * fails is reported (and the exit code is 1); the other steps still run. Budgets that are not
 * met do not change the exit code: the results say which.
 *
 * The deep-JSON step starts the server again on the same DATA_DIR with the app's default global
 * rate limit (the other steps lift it): a public read, quiet and while one address sends deep
 * JSON at that limit.
 *
 * The Observatory and the soak run last, on a second start of the server with the
 * settings of production behind a load balancer (PUBLIC_URL=https://localhost, TRUST_PROXY=true);
 * the Observatory also needs ports 80 and 443 (root) and is skipped without them.
 *
 * The listing alerts step (1,000 subscriptions, a unit 300 of them want opened by an
 * administrator) runs once those servers have stopped, on a database of its own on the same
 * embedded PostgreSQL and an instance of its own.
 *
 * The scale step (bench/scale.ts) then starts two instances of its own (under DATA_DIR/scale and
 * DATA_DIR/demo, or BENCH_SCALE_DIR kept between runs): the demo content alone, and with the
 * scale seed at BENCH_SCALE_FACTOR (1 by default); every list page and API, the back office's
 * tabs and a unit's save at scale against demo size.
 *
 * The scale-out step runs last, on a PostgreSQL, Redis, bucket and instances of its own
 * (under DATA_DIR/scaleout): one instance and two behind nginx, through the same routes. It needs
 * nginx and redis-server and is skipped without them.
 *
 * Settings (environment): BENCH_SECONDS (10) per throughput route; BENCH_LIGHTHOUSE_RUNS (5)
 * per page; BENCH_SOAK_SECONDS (60) and BENCH_SOAK_WARMUP_SECONDS (30) for the soak;
 * BENCH_ONLY=startup,bytes,lighthouse,backoffice,throughput,uploads,deepjson,metrics,observatory,soak,alerts,scale,scaleout
 * to run some steps while developing (the results are then printed only, never written over
 * latest.*).
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const soakSeconds = Number(process.env.BENCH_SOAK_SECONDS ?? 60);
const steps = [
  "startup",
  "bytes",
  "lighthouse",
  "backoffice",
  "throughput",
  "uploads",
  "deepjson",
  "metrics",
  "observatory",
  "soak",
  "alerts",
  "scale",
  "scaleout",
] as const;
type Step = (typeof steps)[number];
const only = process.env.BENCH_ONLY?.split(",").map((s) => s.trim()) as Step[] | undefined;
const enabled = (step: Step) => !only || only.includes(step);

/**
 * The home page, the list, and the first building and its first unit in the demo content, each in
 * English and then in Spanish (under /es).
 */
async function publicPages(
  baseUrl: string,
): Promise<{ pages: string[]; buildingId: number; unitId: number }> {
  const buildings = await getJson<{ id: number }[]>(`${baseUrl}/api/properties/buildings`);
  const building = buildings[0];
  if (!building) throw new Error("The demo content has no buildings.");
  const detail = await getJson<{ units: { id: number }[] }>(
    `${baseUrl}/api/properties/buildings/${building.id}`,
  );
  const unit = detail.units[0];
  if (!unit) throw new Error(`Building ${building.id} has no units.`);
  return {
    pages: [
      "/",
      "/properties",
      `/buildings/${building.id}`,
      `/properties/${unit.id}`,
      "/es",
      "/es/properties",
      `/es/buildings/${building.id}`,
      `/es/properties/${unit.id}`,
    ],
    buildingId: building.id,
    unitId: unit.id,
  };
}

function memoryChecks(idleRssMb: number): Check[] {
  return [
    {
      section: "memory",
      measure: "server RSS idle after start",
      measured: `${idleRssMb} MB`,
      budget: `<= ${budgets.idleRssMb} MB`,
      pass: idleRssMb <= budgets.idleRssMb,
    },
  ];
}

async function main(): Promise<number> {
  const ticksAtStart = machineCpuTicks();
  const results: BenchResults = {
    date: new Date().toISOString(),
    node: process.version,
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model.trim() ?? "unknown CPU",
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
    },
    pages: [],
    checks: [],
    errors: [],
    memory: {},
  };
  async function step<T>(name: string, run: () => Promise<T>): Promise<T | undefined> {
    const started = performance.now();
    console.log(`bench: ${name}...`);
    try {
      const value = await run();
      console.log(`bench: ${name} done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      return value;
    } catch (error) {
      const message = (error as Error).message ?? String(error);
      console.error(`bench: ${name} failed: ${message}`);
      results.errors.push({ step: name, message });
      results.checks.push({
        section: name.split(" ")[0]!,
        measure: `${name}: did not complete (see Errors)`,
        measured: "-",
        budget: "-",
        pass: false,
      });
      return undefined;
    }
  }

  const dataDir = await tempDataDir();
  let interrupted = false;
  let cleaning: Promise<void> | undefined;
  const cleanUp = () => {
    cleaning ??= (async () => {
      await stopAllServers();
      await stopAllBehindProxy();
      await stopAllScaleOut();
      await stopLeftoverDatabase(dataDir);
      await rm(dataDir, { recursive: true, force: true }).catch((error: Error) =>
        console.error(`bench: could not remove ${dataDir}: ${error.message}`),
      );
    })();
    return cleaning;
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      interrupted = true;
      console.error(`bench: ${signal}, stopping the server and removing ${dataDir}`);
      void cleanUp().finally(() => process.exit(130));
    });
  }

  try {
    if (enabled("startup")) {
      results.startup = await step("start-up (a first start, then 3 on the same DATA_DIR)", () =>
        measureStartup(dataDir, 3),
      );
      if (results.startup) results.checks.push(...startupChecks(results.startup));
    } else {
      // The first start initialises the database and makes the demo photos: never the server
      // whose idle memory is measured.
      await step("database initialisation (first start)", async () =>
        stopServer(await startServer(dataDir)),
      );
    }

    let demo: Awaited<ReturnType<typeof publicPages>> | undefined;
    const app = await startServer(dataDir);
    const pid = app.process.pid!;
    try {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      results.memory.idleRssMb = Math.round(rssMb(pid));
      results.checks.push(...memoryChecks(results.memory.idleRssMb));
      demo = await publicPages(app.url);
      const { pages, buildingId } = demo;
      results.pages = pages;

      if (enabled("bytes")) {
        results.bytes = await step("bytes of the first view", () => measureBytes(app.url, pages));
        if (results.bytes) {
          results.checks.push(...bytesChecks(results.bytes), ...languageChecks(results.bytes));
        }
      }
      if (enabled("lighthouse")) {
        results.lighthouse = await step(`lighthouse (${lighthouseRuns} runs per page)`, () =>
          measureLighthouse(app.url, pages, lighthouseRuns),
        );
        if (results.lighthouse) results.checks.push(...lighthouseChecks(results.lighthouse));
      }
      if (enabled("backoffice")) {
        results.backOffice = await step("back office (dashboard bytes, Add New Building)", () =>
          measureBackOffice(app.url),
        );
        if (results.backOffice) results.checks.push(...backOfficeChecks(results.backOffice));
      }
      if (enabled("throughput")) {
        results.throughput = await step(`throughput (${seconds} s per route)`, () =>
          measureThroughput({ baseUrl: app.url, pid, buildingId, seconds }),
        );
        if (results.throughput) {
          results.memory.peakRssMbThroughput = results.throughput.peakRssMb;
          results.checks.push(...throughputChecks(results.throughput));
        }
      }
      // Last: the uploads add a building to the public listings.
      if (enabled("uploads")) {
        results.uploads = await step("uploads", () => measureUploads({ baseUrl: app.url, pid }));
        if (results.uploads) {
          results.memory.peakRssMbUploads = results.uploads.peakRssMb;
          results.checks.push(...uploadChecks(results.uploads));
        }
      }
    } finally {
      await stopServer(app);
    }

    // A start of its own with the default rate limit, on the same DATA_DIR, so after the server
    // above has stopped.
    if (demo && enabled("deepjson")) {
      const { buildingId } = demo;
      results.deepJson = await step(
        `deepjson: a public read, quiet and under a deep-JSON flood from one address (${seconds} s each)`,
        () => measureDeepJson({ dataDir, buildingId, seconds }),
      );
      if (results.deepJson) results.checks.push(...deepJsonChecks(results.deepJson));
    }

    // The metrics' cost: starts of their own with METRICS_TOKEN unset and set, on the same
    // DATA_DIR, so after the server above has stopped.
    if (demo && enabled("metrics")) {
      results.metrics = await step(
        `metrics: throughput with METRICS_TOKEN unset and set (${seconds} s per run)`,
        () => measureMetricsOverhead({ dataDir, seconds }),
      );
      if (results.metrics) results.checks.push(...metricsChecks(results.metrics));
    }

    // Production's settings behind a load balancer, on the same DATA_DIR (so after the server
    // above has stopped: one embedded database at a time).
    if (demo && (enabled("observatory") || enabled("soak"))) {
      const { buildingId, unitId } = demo;
      const proxied = await step(
        "a second start, as behind a load balancer (PUBLIC_URL=https://localhost, TRUST_PROXY=true)",
        () => startBehindProxy(dataDir),
      );
      if (proxied) {
        try {
          if (enabled("observatory")) {
            results.observatory = await step("MDN HTTP Observatory", () =>
              measureObservatory({ appPort: proxied.port }),
            );
            if (results.observatory && "skipped" in results.observatory) {
              results.skipped = [
                ...(results.skipped ?? []),
                { step: "observatory", reason: results.observatory.skipped },
              ];
            } else if (results.observatory) {
              results.checks.push(...observatoryChecks(results.observatory));
            }
          }
          if (enabled("soak")) {
            results.soak = await step(`soak (${soakSeconds} s of mixed traffic)`, () =>
              measureSoak({
                baseUrl: proxied.url,
                pid: proxied.process.pid!,
                buildingId,
                unitId,
                seconds: soakSeconds,
                trustProxy: true,
              }),
            );
            if (results.soak) results.checks.push(...soakChecks(results.soak));
          }
        } finally {
          await stopBehindProxy(proxied);
        }
      }
    }

    // A database and an instance of its own on the DATA_DIR's embedded PostgreSQL, so after the
    // servers above have stopped.
    if (enabled("alerts")) {
      results.alerts = await step(
        `alerts: ${budgets.alerts.subscriptions} subscriptions, a unit ${budgets.alerts.matching} of them want opened`,
        () => measureAlerts({ dataDir }),
      );
      if (results.alerts) results.checks.push(...alertsChecks(results.alerts));
    }

    // Two instances of its own, once the servers above have stopped.
    if (enabled("scale")) {
      results.scale = await step(
        `scale: lists, back office and a unit's save on the scale seed (factor ${process.env.BENCH_SCALE_FACTOR ?? 1}) against demo size`,
        () => measureScale({ root: dataDir }),
      );
      if (results.scale) results.checks.push(...scaleChecks(results.scale));
    }

    // Its own database and instances, after every other server has stopped: the machine's cores
    // go to the two setups alone.
    if (enabled("scaleout")) {
      results.scaleout = await step(
        `scaleout: one and two instances behind nginx (${seconds} s per run)`,
        () => measureScaleOut({ root: path.join(dataDir, "scaleout"), seconds }),
      );
      if (results.scaleout && "skipped" in results.scaleout) {
        results.skipped = [
          ...(results.skipped ?? []),
          { step: "scaleout", reason: results.scaleout.skipped },
        ];
      }
    }
  } catch (error) {
    results.errors.push({ step: "server", message: (error as Error).message });
  } finally {
    await cleanUp();
  }

  if (interrupted) return 130;
  const ticksAtEnd = machineCpuTicks();
  const ticks = ticksAtEnd.total - ticksAtStart.total;
  if (ticks > 0) {
    const stolen = (100 * (ticksAtEnd.stolen - ticksAtStart.stolen)) / ticks;
    results.machine.stolenPct = Number(stolen.toFixed(1));
  }
  const markdown = renderMarkdown(results);
  console.log(`\n${markdown}`);
  if (only) {
    console.log("bench: BENCH_ONLY is set, so bench/results/latest.* are left as they were.");
  } else {
    const dir = path.join(projectRoot, "bench/results");
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, "latest.json"), `${JSON.stringify(results, null, 2)}\n`);
    await writeFile(path.join(dir, "latest.md"), markdown);
    console.log("bench: wrote bench/results/latest.json and bench/results/latest.md");
  }
  return results.errors.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`bench: ${(error as Error).stack ?? error}`);
    process.exit(1);
  },
);
