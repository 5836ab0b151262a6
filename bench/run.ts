import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import autocannon from "autocannon";
import {
  projectRoot,
  type RunningApp,
  startBuiltApp,
  stopApp,
  tempDataDir,
} from "../tests/support/app-process";
import { measurePages, median } from "./lighthouse";

/**
 * npm run bench: measures the production build on this machine and writes
 * bench/results/latest.json and latest.md. Throughput is reported next to a baseline measured in
 * the same run (a bare Fastify route), since machines differ and are noisy.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 50;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function timedStart(dataDir: string): Promise<{ app: RunningApp; ms: number }> {
  const started = performance.now();
  const app = await startBuiltApp({
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    RATE_LIMIT_PER_MINUTE: "100000000",
  });
  return { app, ms: performance.now() - started };
}

async function startBaseline(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [path.join(projectRoot, "bench/baseline-server.mjs")], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      const match = /ready (\d+)/.exec(String(chunk));
      if (match) resolve(Number(match[1]));
    });
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

type Load = { name: string; rps: number; p50: number; p99: number; errors: number; non2xx: number };

async function load(
  name: string,
  url: string,
  pid?: number,
): Promise<Load & { peakRssMb?: number }> {
  let peak = 0;
  const sampler = pid ? setInterval(() => (peak = Math.max(peak, rssMb(pid))), 200) : undefined;
  const result = await autocannon({ url, connections, duration: seconds });
  if (sampler) clearInterval(sampler);
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    ...(pid ? { peakRssMb: Math.round(peak) } : {}),
  };
}

/** The home page, the list, and the first building and unit of the demo content. */
async function lighthousePages(baseUrl: string): Promise<string[]> {
  const buildings = (await (await fetch(`${baseUrl}/api/properties/buildings`)).json()) as {
    id: number;
  }[];
  const first = buildings[0]!.id;
  const detail = (await (await fetch(`${baseUrl}/api/properties/buildings/${first}`)).json()) as {
    units: { id: number }[];
  };
  return ["/", "/properties", `/buildings/${first}`, `/properties/${detail.units[0]!.id}`];
}

async function main() {
  const dataDir = await tempDataDir();
  try {
    console.log("start-up: first start (initialises the database)...");
    const cold = await timedStart(dataDir);
    await stopApp(cold.app);
    const warm: number[] = [];
    for (let i = 0; i < 3; i++) {
      const run = await timedStart(dataDir);
      warm.push(run.ms);
      await stopApp(run.app);
    }

    const { app } = await timedStart(dataDir);
    const pid = app.process.pid!;
    await new Promise((r) => setTimeout(r, 1000));
    const idleRssMb = Math.round(rssMb(pid));

    console.log(`throughput: ${connections} connections, ${seconds} s each...`);
    const baseline = await startBaseline();
    const baselineLoad = await load(
      "baseline: constant JSON (bare Fastify)",
      `${baseline.url}/baseline`,
    );
    baseline.child.kill();
    const loads = [
      await load("GET /api/health (database round trip)", `${app.url}/api/health`, pid),
      await load("GET / (server-rendered home page)", `${app.url}/`, pid),
    ];
    console.log("lighthouse: mobile profile, 3 runs per page...");
    const pages = await lighthousePages(app.url);
    const lighthouseFigures = await measurePages(app.url, pages, 3);
    await stopApp(app);

    const results = {
      date: new Date().toISOString(),
      node: process.version,
      startup: {
        firstStartMs: Math.round(cold.ms),
        warmStartMedianMs: Math.round(median(warm)),
        warmStartsMs: warm.map(Math.round),
      },
      memory: { idleRssMb, peakRssMbUnderLoad: Math.max(...loads.map((l) => l.peakRssMb ?? 0)) },
      throughput: {
        connections,
        seconds,
        baseline: baselineLoad,
        routes: loads.map((l) => ({
          ...l,
          ratioToBaseline: Number((l.rps / baselineLoad.rps).toFixed(3)),
        })),
      },
    };

    const md = [
      `# Benchmark results`,
      ``,
      `${results.date}, Node ${results.node}, ${connections} connections for ${seconds} s per route (autocannon, loopback).`,
      ``,
      `| measure | value |`,
      `|---|---|`,
      `| first start, including database initialisation | ${results.startup.firstStartMs} ms |`,
      `| start on a built tree (median of 3) | ${results.startup.warmStartMedianMs} ms |`,
      `| server memory idle (RSS) | ${idleRssMb} MB |`,
      `| server memory peak under load (RSS) | ${results.memory.peakRssMbUnderLoad} MB |`,
      ``,
      `| route | req/s | ratio to baseline | p50 ms | p99 ms | errors | non-2xx |`,
      `|---|---|---|---|---|---|---|`,
      `| ${baselineLoad.name} | ${baselineLoad.rps} | 1.000 | ${baselineLoad.p50} | ${baselineLoad.p99} | ${baselineLoad.errors} | ${baselineLoad.non2xx} |`,
      ...results.throughput.routes.map(
        (r) =>
          `| ${r.name} | ${r.rps} | ${r.ratioToBaseline.toFixed(3)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`,
      ),
      ``,
      `Lighthouse ${"(mobile profile, default throttling, median of 3 runs)"}:`,
      ``,
      `| page | performance | accessibility | best practices | SEO | LCP ms | TBT ms | CLS |`,
      `|---|---|---|---|---|---|---|---|`,
      ...lighthouseFigures.map(
        (f) =>
          `| ${f.page} | ${f.performance} | ${f.accessibility} | ${f.bestPractices} | ${f.seo} | ${f.lcpMs} | ${f.tbtMs} | ${f.cls} |`,
      ),
      ``,
    ].join("\n");

    await mkdir(path.join(projectRoot, "bench/results"), { recursive: true });
    await writeFile(
      path.join(projectRoot, "bench/results/latest.json"),
      `${JSON.stringify(results, null, 2)}\n`,
    );
    await writeFile(path.join(projectRoot, "bench/results/latest.md"), md);
    console.log(`\n${md}`);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`bench: ${(error as Error).message}`);
  process.exit(1);
});
