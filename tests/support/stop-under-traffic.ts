import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { authApi } from "#domain/api/auth";
import { listingsApi } from "#domain/api/listings";
import { startEmbeddedPostgres } from "#server/db/embedded-postgres";
import { freePort, type RunningApp, startBuiltApp, stopApp, tempDataDir } from "./app-process";
import { urlOf } from "./call";
import { databaseUrl } from "./database-url";
import { dropDatabase } from "./drop-database";
import { startNginx } from "./nginx";

/**
 * The stop-under-traffic proof: two instances of the built app behind nginx (round robin,
 * kept-alive upstream connections, the next instance tried on `error timeout http_502`), a
 * stream of reads and unit creations through it, and SIGTERM to one instance in the middle of a
 * burst of creations. A run passes when no request fails at the client, every creation the
 * client saw acknowledged is stored, and the stopped instance exits 0. The stopped instance is
 * started again for the next run; the runs alternate which one stops.
 *
 * nginx does not retry a POST it has already sent, so a stop that resets a connection nginx has
 * just used shows up here as a failed creation: the instance must drain first (not ready, every
 * answer closing its connection) and only then stop listening.
 */
export type RunResult = {
  run: number;
  reads: { ok: number; failed: string[] };
  creations: { acknowledged: number; failed: string[]; missing: string[] };
  exitCode: number | null;
  /** What nginx logged during the run (its error log: resets, refusals, upstream failures). */
  balancerLog: string[];
};

const ADMIN = { email: "drain-admin@example.com", password: "Drain-admin-pass-1" };
const READS = 200;
const CREATIONS = 30;
/** The stream lasts about 4 s, longer than the drain and the stop that follows it. */
const READ_EVERY_MS = 20;
const CREATE_EVERY_MS = 130;
const STOP_AFTER_CREATIONS = 10;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function describeFailure(response: Response | Error): Promise<string> {
  if (response instanceof Error) {
    const cause = (response as { cause?: { code?: string } }).cause;
    return `${response.message} (${cause?.code ?? "no code"})`;
  }
  return `${response.status} ${(await response.text()).slice(0, 120)}`;
}

export async function stopUnderTraffic(options: {
  runs: number;
  drainSeconds?: number;
  log?: (line: string) => void;
}): Promise<RunResult[]> {
  const log = options.log ?? (() => undefined);
  const root = await tempDataDir();
  let serverUrl = process.env.TEST_DATABASE_URL;
  const postgres = serverUrl
    ? undefined
    : await startEmbeddedPostgres({ dataDir: path.join(root, "postgres"), mode: "own" });
  serverUrl ??= postgres!.adminUrl;
  const databaseName = `drain_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${databaseName}"`);
  const database = databaseUrl(serverUrl, databaseName);
  const balancerPort = await freePort();
  const ports = [await freePort(), await freePort()];
  const env = (n: number) => ({
    DATA_DIR: path.join(root, `instance-${n}`),
    DATABASE_URL: database,
    JWT_SECRET: "a-secret-every-instance-shares-0123456789",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: "false",
    TRUST_PROXY: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${balancerPort}`,
    PORT: String(ports[n]),
    DRAIN_SECONDS: String(options.drainSeconds ?? 1.5),
    // The stream comes from one address: the site-wide limit must not be what refuses it.
    RATE_LIMIT_PER_MINUTE: "100000",
  });
  const instances: RunningApp[] = [];
  instances[0] = await startBuiltApp(env(0));
  instances[1] = await startBuiltApp(env(1));
  const nginx = await startNginx(path.join(root, "nginx"), balancerPort, ports);
  const base = nginx.url;
  const results: RunResult[] = [];
  try {
    const login = await fetch(`${base}${urlOf(authApi.login)}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const building = await fetch(`${base}${urlOf(adminPropertiesApi.createProperty)}`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({
        title: "Steady Terrace",
        type: "townhouse",
        address: "5 Calm Road",
        city: "Hartford",
        state: "CT",
        zipCode: "06103",
        active: true,
      }),
    });
    const { id: propertyId } = (await building.json()) as { id: number };

    const errorLog = path.join(root, "nginx", "error.log");
    let logSeen = 0;
    const newLogLines = async () => {
      const text = await readFile(errorLog, "utf8").catch(() => "");
      const lines = text.slice(logSeen).split("\n").filter(Boolean);
      logSeen = text.length;
      return lines;
    };
    await newLogLines();
    for (let run = 1; run <= options.runs; run++) {
      const victim = (run - 1) % 2;
      const readFailures: string[] = [];
      let readsOk = 0;
      const creationFailures: string[] = [];
      const acknowledged: { unitNumber: string; id: number }[] = [];
      let started = 0;
      let stopped: Promise<number | null> | undefined;

      const reads = (async () => {
        for (let n = 0; n < READS; n++) {
          const response = await fetch(`${base}${urlOf(listingsApi.listBuildings)}`).catch(
            (error: Error) => error,
          );
          if (response instanceof Response && response.ok) {
            readsOk += 1;
            await response.arrayBuffer();
          } else readFailures.push(await describeFailure(response));
          await pause(READ_EVERY_MS);
        }
      })();
      const creations = (async () => {
        const pending: Promise<void>[] = [];
        for (let n = 0; n < CREATIONS; n++) {
          const unitNumber = `r${run}-${n}`;
          started += 1;
          // SIGTERM in the middle of the burst, while creations are in flight.
          if (started === STOP_AFTER_CREATIONS) stopped = stopApp(instances[victim]!);
          pending.push(
            fetch(`${base}${urlOf(adminPropertiesApi.createUnit)}`, {
              method: "POST",
              headers: auth,
              body: JSON.stringify({ propertyId, unitNumber, rent: 1200, bedrooms: 1 }),
            })
              .catch((error: Error) => error)
              .then(async (response) => {
                if (response instanceof Response && response.status === 201) {
                  acknowledged.push({ unitNumber, ...((await response.json()) as { id: number }) });
                } else creationFailures.push(`${unitNumber}: ${await describeFailure(response)}`);
              }),
          );
          await pause(CREATE_EVERY_MS);
        }
        await Promise.all(pending);
      })();
      await Promise.all([reads, creations]);
      const exitCode = (await stopped) ?? null;

      // Every acknowledged creation is in the database.
      const db = new pg.Client({ connectionString: database });
      await db.connect();
      const { rows } = await db.query<{ id: number }>("select id from units where id = any($1)", [
        acknowledged.map((a) => a.id),
      ]);
      await db.end();
      const storedIds = new Set(rows.map((r) => r.id));
      const missing = acknowledged.filter((a) => !storedIds.has(a.id)).map((a) => a.unitNumber);

      const result: RunResult = {
        run,
        reads: { ok: readsOk, failed: readFailures },
        creations: { acknowledged: acknowledged.length, failed: creationFailures, missing },
        exitCode,
        balancerLog: await newLogLines(),
      };
      results.push(result);
      log(
        `run ${run}: instance ${victim + 1} stopped (exit ${exitCode}); reads ${readsOk}/${READS} ok, ` +
          `creations ${acknowledged.length}/${CREATIONS} acknowledged, ${missing.length} missing` +
          (readFailures.length + creationFailures.length > 0
            ? `; failures: ${[...readFailures, ...creationFailures].slice(0, 5).join("; ")}`
            : ""),
      );
      if (!passed(result)) for (const line of result.balancerLog) log(`  nginx: ${line}`);
      // Back to two instances for the next run.
      if (run < options.runs) instances[victim] = await startBuiltApp(env(victim));
    }
  } finally {
    await nginx.stop();
    await Promise.all(instances.map((instance) => stopApp(instance)));
    await dropDatabase(admin, databaseName);
    await admin.end();
    await postgres?.stop();
    await rm(root, { recursive: true, force: true });
  }
  return results;
}

/** A run that lost nothing: no failed request, every acknowledged write stored, exit 0. */
export const passed = (result: RunResult) =>
  result.reads.failed.length === 0 &&
  result.creations.failed.length === 0 &&
  result.creations.missing.length === 0 &&
  result.creations.acknowledged === CREATIONS &&
  result.exitCode === 0;
