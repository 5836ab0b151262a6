import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "../src/server/db/embedded-postgres";
import { startTestBucket } from "../src/server/storage/storage.test-helpers";
import { freePort, type RunningApp, startBuiltApp, stopApp } from "../tests/support/app-process";
import { databaseUrl } from "../tests/support/database-url";
import { hasNginx, startNginx } from "../tests/support/nginx";
import { hasRedisServer, startRedisServer } from "../tests/support/redis-server";
import {
  benchEnv,
  endedChildrenCpuSeconds,
  getJson,
  sampleRss,
  statFields,
  stopLeftoverDatabase,
} from "./server";
import { type Load, type LoadGenerator, loadGenerator, run, type Target } from "./throughput";

/**
 * Throughput of one app instance and of two behind nginx, as deployed when scaled out:
 * one PostgreSQL (embedded, in `root`), one redis-server, one S3-compatible bucket (s3rver, in
 * this process), and instances of build/app/main.js with DATABASE_URL, REDIS_URL and STORAGE=s3.
 *
 * Both setups run at once for the whole step: nginx "one" forwards to instance 1 alone, nginx
 * "two" to instances 1 and 2 in turn (tests/support/nginx.ts, as the scale-out test uses it).
 * Each route is measured through one and then the other, back to back (the order alternating
 * from route to route), so the machine's drift hits both alike; instance 2 is idle during the
 * "one" runs. Every run records where the CPU went (nginx, each instance, PostgreSQL, Redis, this
 * process), read from /proc: on a small machine the load generator and every server share the
 * same cores, and the ratio two/one reads as contention, not capacity.
 *
 * No budget: a ratio on 2 cores is too noisy to pass or fail. Skipped (with the reason) where
 * nginx or redis-server is not installed.
 */

export type ScaleLoad = Load & {
  /** CPU time during the run, per process group, in % of one core. */
  cpuPct: Record<string, number>;
};

export type ScaleOutRoute = {
  name: string;
  path: string;
  one: ScaleLoad;
  two: ScaleLoad;
  /** Requests per second, two instances / one instance. */
  ratio: number;
  /** Which setup ran first for this route. */
  first: "one" | "two";
};

export type ScaleOutResult = {
  /** What sent the requests (the throughput step's: wrk where installed). */
  generator: LoadGenerator;
  connections: number;
  seconds: number;
  cores: number;
  headers: Record<string, string>;
  /** The process groups of `cpuPct`, in the order of the report's columns. */
  cpuGroups: string[];
  routes: ScaleOutRoute[];
  /** Peak RSS of each instance over every run. */
  peakRssMb: number[];
  /** From spawn to the first 200 from /api/health (instance 1 also migrates and seeds). */
  startMs: number[];
  /**
   * The app's baseline straight to instance 1, no nginx (Redis still counts every request):
   * what the balancer's hop costs, against the baseline rows.
   */
  direct: ScaleLoad;
  nginx: string;
};

export type ScaleOutOutcome = ScaleOutResult | { skipped: string };

const connections = 50;
const browserEncoding = { "accept-encoding": "gzip, br" };
const json = { ...browserEncoding, accept: "application/json" };
const html = { ...browserEncoding, accept: "text/html,application/xhtml+xml" };

/** The location added to nginx's configuration: nginx answering alone, no app behind it. */
const STATIC_PATH = "/__bench/nginx-static";

// ---------------------------------------------------------------------------------------------
// Where the CPU goes: utime+stime (and those of reaped children) of process trees, from /proc.

const CLK_TCK = 100; // USER_HZ: 100 on every Linux the bench runs on (getconf CLK_TCK).

type ProcStat = { ppid: number; ticks: number };

function readStats(): Map<number, ProcStat> {
  const stats = new Map<number, ProcStat>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = statFields(Number(entry));
      const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number) as number[];
      stats.set(Number(entry), {
        ppid: Number(fields[1]),
        ticks: utime! + stime! + cutime! + cstime!,
      });
    } catch {
      // The process ended while /proc was read.
    }
  }
  return stats;
}

function treeTicks(stats: Map<number, ProcStat>, root: number): number {
  const children = new Map<number, number[]>();
  for (const [pid, stat] of stats) {
    const list = children.get(stat.ppid) ?? [];
    list.push(pid);
    children.set(stat.ppid, list);
  }
  let total = 0;
  const pending = [root];
  while (pending.length > 0) {
    const pid = pending.pop()!;
    total += stats.get(pid)?.ticks ?? 0;
    pending.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** A process group: the trees under these pids, or this process itself (with wrk). */
type CpuGroup = { label: string; pids: () => number[] } | { label: string; self: true };

/** The CPU of processes outside the step (another program on a shared machine), in cpuPct. */
export const OTHER_CPU = "everything else on the machine";

/**
 * Ticks every core spent running something since boot (/proc/stat: user, nice, system, irq,
 * softirq; not idle, iowait, or steal, the time the hypervisor gave to someone else).
 */
function machineTicks(): number {
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq] = fields.slice(1).map(Number) as number[];
  return user! + nice! + system! + irq! + softirq!;
}

function cpuSnapshot(groups: CpuGroup[]): Map<string, number> {
  const stats = readStats();
  const snapshot = new Map<string, number>([[OTHER_CPU, machineTicks()]]);
  for (const group of groups) {
    if ("self" in group) {
      // This process, and its children that ended (wrk, the load generator, once a run is
      // over; the instances, nginx and the databases run throughout and are counted above).
      const usage = process.cpuUsage();
      const own = (usage.user + usage.system) / 1e6;
      snapshot.set(group.label, (own + endedChildrenCpuSeconds()) * CLK_TCK);
    } else {
      snapshot.set(
        group.label,
        group.pids().reduce((sum, pid) => sum + treeTicks(stats, pid), 0),
      );
    }
  }
  return snapshot;
}

const pidFrom = (file: string) => () => {
  try {
    return [Number(readFileSync(file, "utf8").split("\n")[0])];
  } catch {
    return [];
  }
};

/** redis-server renames itself "redis-server 127.0.0.1:PORT"; the helper does not give its pid. */
function redisPid(port: number): () => number[] {
  let found: number | undefined;
  return () => {
    if (found === undefined) {
      for (const entry of readdirSync("/proc")) {
        if (!/^\d+$/.test(entry)) continue;
        try {
          const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8");
          if (cmdline.startsWith("redis-server") && cmdline.includes(`:${port}`)) {
            found = Number(entry);
            break;
          }
        } catch {}
      }
    }
    return found === undefined ? [] : [found];
  };
}

// ---------------------------------------------------------------------------------------------
// Clean-up: everything started is stopped in reverse order, on success, failure and Ctrl-C.

const closers: { name: string; close: () => Promise<unknown> }[] = [];
let activeRoot: string | undefined;

function onStop(name: string, close: () => Promise<unknown>) {
  closers.push({ name, close });
}

/** Stops whatever the step still has running (also called by the bench on a signal). */
export async function stopAllScaleOut(): Promise<void> {
  while (closers.length > 0) {
    const { name, close } = closers.pop()!;
    await close().catch((error: Error) =>
      console.error(`bench: scale-out: could not stop ${name}: ${error.message}`),
    );
  }
  // A PostgreSQL still starting when a signal came is not among the closers yet.
  if (activeRoot) await stopLeftoverDatabase(path.join(activeRoot, "postgres"));
  activeRoot = undefined;
}

/** SIGTERM and wait (it finishes what is in flight); SIGKILL if it hangs. */
async function stopInstance(instance: RunningApp, timeoutMs = 30_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    stopApp(instance),
    new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), timeoutMs);
    }),
  ]);
  clearTimeout(timer);
  if (outcome === "timeout") {
    instance.process.kill("SIGKILL");
    console.error(`bench: scale-out: instance (pid ${instance.process.pid}) did not stop; killed.`);
  }
}

// ---------------------------------------------------------------------------------------------

/** A location answered by nginx itself, no app behind it: the balancer's own ceiling. */
const STATIC_LOCATION = `    location = ${STATIC_PATH} {
      default_type application/json;
      return 200 '{"ok":true,"service":"nginx"}';
    }`;

/** A 1 s warm-up (not kept), then the measured run with the CPU of every group around it. */
async function measured(
  baseUrl: string,
  target: Target,
  seconds: number,
  groups: CpuGroup[],
): Promise<ScaleLoad> {
  await run(baseUrl, target, 1, 10);
  const before = cpuSnapshot(groups);
  const started = performance.now();
  const load = await run(baseUrl, target, seconds, connections);
  const elapsed = (performance.now() - started) / 1000;
  const after = cpuSnapshot(groups);
  const cpuPct: Record<string, number> = {};
  const pct = (label: string) =>
    ((after.get(label)! - before.get(label)!) / CLK_TCK / elapsed) * 100;
  for (const { label } of groups) cpuPct[label] = Math.round(pct(label));
  // The machine's busy time minus the step's own processes (never below 0: rounding).
  const ours = groups.reduce((sum, { label }) => sum + pct(label), 0);
  cpuPct[OTHER_CPU] = Math.max(0, Math.round(pct(OTHER_CPU) - ours));
  return { ...load, cpuPct };
}

function instanceEnv(root: string, n: number, shared: Record<string, string>) {
  return {
    // The shell's settings that would send an instance elsewhere are blanked (empty = unset).
    HOST: "",
    SMTP_URL: "",
    MAIL_FROM: "",
    INQUIRIES_PER_MINUTE: "",
    S3_REGION: "",
    PUBLIC_URL: "",
    ...benchEnv(path.join(root, `instance-${n}`)),
    ...shared,
    // Demo content into the shared database (SEED_DEMO=true: any database without buildings).
    SEED_DEMO: n === 1 ? "true" : "false",
  };
}

export async function measureScaleOut(input: {
  /** A folder for this step's PostgreSQL, instances and nginx; removed by the bench. */
  root: string;
  seconds: number;
}): Promise<ScaleOutOutcome> {
  const missing = [hasNginx ? null : "nginx", hasRedisServer ? null : "redis-server"].filter(
    Boolean,
  );
  if (missing.length > 0) {
    return {
      skipped: `${missing.join(" and ")} not installed (Debian: apt-get install ${missing.join(" ")}; .ci/run installs both)`,
    };
  }
  const { root, seconds } = input;
  await mkdir(root, { recursive: true });
  activeRoot = root;
  try {
    const postgres = await startEmbeddedPostgres({
      dataDir: path.join(root, "postgres"),
      mode: "own",
    });
    onStop("PostgreSQL", () => postgres.stop());
    const admin = new pg.Client({ connectionString: postgres.adminUrl });
    await admin.connect();
    await admin.query(`create database "rentals_bench"`).finally(() => admin.end());

    const redis = await startRedisServer();
    onStop("redis-server", () => redis.stop());
    const s3 = await startTestBucket();
    onStop("s3rver", () => s3.close());

    const shared = {
      DATABASE_URL: databaseUrl(postgres.adminUrl, "rentals_bench"),
      REDIS_URL: redis.url,
      ...s3.env,
      JWT_SECRET: randomBytes(32).toString("base64url"),
      TRUST_PROXY: "127.0.0.1",
    };
    const instances: RunningApp[] = [];
    const crashes: string[] = [];
    const checkCrashes = () => {
      if (crashes.length > 0) throw new Error(crashes.join("\n"));
    };
    const startMs: number[] = [];
    // One after the other: instance 1 migrates and loads the demo content alone.
    for (const n of [1, 2]) {
      const started = performance.now();
      const instance = await startBuiltApp(instanceEnv(root, n, shared), 120_000);
      startMs.push(Math.round(performance.now() - started));
      instances.push(instance);
      // An instance that ends on its own makes every later figure meaningless: say which, and why.
      const ended = (code: number | null, signal: string | null) => {
        crashes.push(
          `instance ${n} (pid ${instance.process.pid}) ended on its own (${signal ?? `exit code ${code}`}); its last output:\n${instance.output().slice(-3000)}`,
        );
      };
      instance.process.once("exit", ended);
      onStop(`instance ${n}`, () => {
        instance.process.off("exit", ended);
        return stopInstance(instance);
      });
    }

    const nginxDirs = { one: path.join(root, "nginx-one"), two: path.join(root, "nginx-two") };
    const one = await startNginx(
      nginxDirs.one,
      await freePort(),
      [instances[0]!.port],
      STATIC_LOCATION,
    );
    onStop("nginx (one instance)", () => one.stop());
    const two = await startNginx(
      nginxDirs.two,
      await freePort(),
      instances.map((i) => i.port),
      STATIC_LOCATION,
    );
    onStop("nginx (two instances)", () => two.stop());

    const buildings = await getJson<{ id: number }[]>(`${two.url}/api/properties/buildings`);
    const buildingId = buildings[0]?.id;
    if (buildingId === undefined) throw new Error("The demo content has no buildings.");

    const groups: CpuGroup[] = [
      {
        label: "nginx",
        pids: () => Object.values(nginxDirs).flatMap((d) => pidFrom(path.join(d, "nginx.pid"))()),
      },
      ...instances.map((instance, i) => ({
        label: `app ${i + 1}`,
        pids: () => [instance.process.pid!],
      })),
      { label: "PostgreSQL", pids: pidFrom(path.join(root, "postgres", "pg", "postmaster.pid")) },
      { label: "Redis", pids: redisPid(redis.port) },
      { label: "load generator + s3rver (bench process, wrk)", self: true },
    ];
    const baseline: Target = {
      name: "baseline: constant JSON from the app",
      path: "/api/bench/baseline",
      headers: json,
    };
    const targets: Target[] = [
      { name: "nginx alone: static `return 200`", path: STATIC_PATH, headers: json },
      baseline,
      { name: "building list (API)", path: "/api/properties/buildings", headers: json },
      {
        name: "one building (API)",
        path: `/api/properties/buildings/${buildingId}`,
        headers: json,
      },
      {
        name: "building page (server-rendered)",
        path: `/buildings/${buildingId}`,
        headers: html,
      },
    ];

    const memory = instances.map((instance) => sampleRss(instance.process.pid!));
    const routes: ScaleOutRoute[] = [];
    let peakRssMb: number[] = [];
    let direct: ScaleLoad;
    try {
      for (const [i, target] of targets.entries()) {
        const first = i % 2 === 0 ? "one" : "two";
        const loads: Partial<Record<"one" | "two", ScaleLoad>> = {};
        for (const setup of first === "one"
          ? (["one", "two"] as const)
          : (["two", "one"] as const)) {
          loads[setup] = await measured(
            setup === "one" ? one.url : two.url,
            target,
            seconds,
            groups,
          );
          checkCrashes();
        }
        routes.push({
          name: target.name,
          path: target.path,
          one: loads.one!,
          two: loads.two!,
          ratio: Number((loads.two!.rps / Math.max(loads.one!.rps, 1)).toFixed(3)),
          first,
        });
      }
      direct = await measured(instances[0]!.url, baseline, seconds, groups);
      checkCrashes();
    } finally {
      peakRssMb = memory.map((m) => m.stop());
    }
    return {
      generator: loadGenerator(),
      connections,
      seconds,
      cores: os.cpus().length,
      headers: browserEncoding,
      cpuGroups: [...groups.map((g) => g.label), OTHER_CPU],
      routes,
      peakRssMb,
      startMs,
      direct,
      nginx:
        "tests/support/nginx.ts: one worker process, round robin, HTTP/1.1 keep-alive connections to the instances (up to 64 idle ones kept), access log off",
    };
  } finally {
    await stopAllScaleOut();
  }
}
