import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { freePort, projectRoot, type RunningApp, stopApp } from "../tests/support/app-process";

/**
 * The built server as the bench runs it: every start goes through here, so the settings are the
 * same for every start and a failure or a Ctrl-C stops whatever is still running
 * (stopAllServers).
 */

/** The administrator the bench signs in as (uploads). Made fresh for each bench run. */
export const benchAdmin = {
  email: "bench@example.com",
  password: randomBytes(18).toString("base64url"),
};

export function benchEnv(dataDir: string): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    // GET /api/bench/baseline: the constant JSON every throughput figure is compared with.
    BENCH_BASELINE: "true",
    // The limits would otherwise answer 429 to a load test; the bench measures the work itself.
    RATE_LIMIT_PER_MINUTE: "1000000000",
    AUTH_ATTEMPTS_PER_MINUTE: "1000000000",
    ADMIN_EMAIL: benchAdmin.email,
    ADMIN_PASSWORD: benchAdmin.password,
  };
}

/**
 * The bench's own environment minus the app's settings it does not choose: a DATABASE_URL or
 * SMTP_URL in the shell must not send the bench to a real database or mail server.
 */
function inheritedEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of [
    "HOST",
    "PUBLIC_URL",
    "DATABASE_URL",
    "JWT_SECRET",
    "SEED_DEMO",
    "SMTP_URL",
    "MAIL_FROM",
    "INQUIRIES_PER_MINUTE",
    "METRICS_TOKEN",
  ]) {
    delete env[key];
  }
  return env;
}

const running = new Set<RunningApp>();
let closed = false;
const starting = new Map<RunningApp, Promise<unknown>>();

/** How often /api/health is asked during a start: the resolution of the start-up figures. */
export const HEALTH_POLL_MS = 50;

/**
 * Spawns node build/app/main.js (what `npm start` runs once the build is current) and waits for
 * the first 200 from /api/health: startBuiltApp (tests/support/app-process.ts), except that the
 * server is tracked from its spawn, so a failure or a signal during a start still stops it. The
 * server stays in the bench's process group: a Ctrl-C reaches it too, so it stops itself with
 * its database even if the bench is killed (tsx kills a child that is slow to take a signal).
 */
export async function startServer(
  dataDir: string,
  timeoutMs = 120_000,
  /** Settings on top of benchEnv (the metrics step's METRICS_TOKEN). */
  env: Record<string, string> = {},
): Promise<RunningApp> {
  const port = await freePort();
  if (closed) throw new Error("The bench is stopping: no more servers.");
  let output = "";
  const child = spawn(process.execPath, ["build/app/main.js"], {
    cwd: projectRoot,
    env: { ...inheritedEnv(), ...benchEnv(dataDir), ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const app: RunningApp = {
    url: `http://127.0.0.1:${port}`,
    port,
    process: child,
    output: () => output,
  };
  running.add(app);
  const ready = waitForHealth(app, timeoutMs);
  starting.set(app, ready);
  try {
    await ready;
    return app;
  } catch (error) {
    await stopServer(app, 10_000);
    throw error;
  } finally {
    starting.delete(app);
  }
}

async function waitForHealth(app: RunningApp, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited(app)) {
      throw new Error(`The server exited during its start:\n${app.output()}`);
    }
    const ok = await fetch(`${app.url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_MS));
  }
  throw new Error(`The server did not answer within ${timeoutMs} ms:\n${app.output()}`);
}

/** Exited on its own or by a signal (a signal leaves exitCode null). */
const exited = (app: RunningApp) =>
  app.process.exitCode !== null || app.process.signalCode !== null;

/** SIGTERM and wait (the server stops its database first); SIGKILL if it hangs. */
export async function stopServer(app: RunningApp, timeoutMs = 30_000): Promise<void> {
  if (exited(app)) {
    running.delete(app);
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutMs);
  });
  const outcome = await Promise.race([stopApp(app), timeout]);
  clearTimeout(timer);
  if (outcome === "timeout") {
    app.process.kill("SIGKILL");
    console.error(`bench: the server (pid ${app.process.pid}) did not stop; killed.`);
  }
  running.delete(app);
}

/** Every server still running, each after its start (if under way) has finished; no new ones. */
export async function stopAllServers(): Promise<void> {
  closed = true;
  await Promise.all(
    [...running].map(async (app) => {
      await starting.get(app)?.catch(() => undefined);
      await stopServer(app, 10_000);
    }),
  );
}

/** Resident memory of one process, in MB (MiB), from /proc (Linux). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * The fields of /proc/<pid>/stat from the state on (field 3): after the command name, which is
 * in parentheses and may hold spaces.
 */
export function statFields(pid: number | "self"): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/**
 * This machine's CPU ticks since boot, all of them and those "stolen" (/proc/stat's steal: time
 * a virtual machine's host gave its cores to other guests). Two readings give the share of a run
 * the host took away: figures of such a run are lower and noisier than on an idle host.
 */
export function machineCpuTicks(): { total: number; stolen: number } {
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/);
  // user nice system idle iowait irq softirq steal (guest time is counted in user already).
  const ticks = fields.slice(1, 9).map(Number);
  return { total: ticks.reduce((sum, n) => sum + n, 0), stolen: ticks[7] ?? 0 };
}

/** User + system CPU seconds of a process so far (Linux, 100 ticks a second): fields 14, 15. */
export function cpuSeconds(pid: number): number {
  const fields = statFields(pid);
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * User + system CPU seconds of this process's children that have ended and been waited for (a
 * load generator run as a command, once it exits): cutime and cstime, fields 16, 17.
 */
export function endedChildrenCpuSeconds(): number {
  const fields = statFields("self");
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** Samples a process's RSS every `intervalMs` until stopped; returns the peak in MB. */
export function sampleRss(pid: number, intervalMs = 100): { stop: () => number } {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      // The process is gone; the peak so far stands.
    }
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      try {
        peak = Math.max(peak, rssMb(pid));
      } catch {}
      return Math.round(peak);
    },
  };
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export async function getJson<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${init?.method ?? "GET"} ${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * A server killed halfway through its start (a Ctrl-C before it listens) leaves its embedded
 * PostgreSQL running: stop that one, found by its pid file in this DATA_DIR, before the
 * directory is removed. SIGINT is PostgreSQL's fast shutdown.
 */
export async function stopLeftoverDatabase(dataDir: string): Promise<void> {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[0]);
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
    if (!cmdline.includes(dataDir)) return;
  } catch {
    return; // No pid file, or no such process: nothing left running.
  }
  console.error(`bench: stopping PostgreSQL (pid ${pid}) left by an interrupted start`);
  process.kill(pid, "SIGINT");
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && existsSync(`/proc/${pid}`)) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
