import type { FastifyInstance } from "fastify";
import { alertPurges } from "#server/modules/alerts";
import { createSessionStore } from "#server/modules/auth";
import { createDemoAdministrator, seedDemoContent } from "#server/modules/demo";
import { purgeSpentCeremonies, purgeSpentChallenges } from "#server/modules/mfa";
import { retentionPurges } from "#server/modules/privacy";
import { createTenantLinks } from "#server/modules/tenants";
import { ensureAdministrator } from "#server/modules/users";
import { buildApp } from "./app";
import { acquireAppLock } from "./app-lock";
import { type Config, ConfigError, loadConfig } from "./config";
import { type Database, LOCKS, openDatabase, runMigrations, withAdvisoryLock } from "./db/client";
import { compactTallies, TALLY_COMPACT_MS } from "./db/tallies";
import { outageOf } from "./http/outages";
import { ensurePlaceholderPool } from "./images/placeholder-pool";
import {
  createOutgoingMailRepository,
  OUTGOING_MAIL_KEEP_DAYS,
} from "./mail/outgoing-mail.repository";
import { lineLog } from "./platform";
import { runPeriodically, scheduleDailyPurges } from "./shared/periodic";
import { scheduleOrphanSweeps } from "./storage/orphan-sweep";
import { createObjectStore, type ObjectStore, scratchDirectory } from "./storage/storage";

/**
 * Start: config -> database -> migrations -> listen. Any failure prints one line and exits 1.
 * SIGTERM/SIGINT: drain (not ready, connections closed after each answer), stop accepting,
 * finish requests in flight, close the pool, stop the database.
 */
function fail(message: string): never {
  console.error(`Cannot start: ${message}`);
  process.exit(1);
}

function describeStartError(error: unknown, port: number): string {
  const e = error as NodeJS.ErrnoException;
  if (e.code === "EADDRINUSE") return `port ${port} is already in use (set PORT to another port).`;
  if (e.code === "EACCES")
    return `not allowed to listen on port ${port} (set PORT to another port).`;
  return e.message ?? String(error);
}

/**
 * The placeholder photos always; the demo content when SEED_DEMO says so: `auto` loads it into
 * an embedded database that has no buildings, `true` into any database without buildings.
 */
/** Tries of the store at start, 2 s apart, before the start fails. */
const STORE_START_ATTEMPTS = 5;

async function prepareContent(config: Config, database: Database, store: ObjectStore) {
  // The first use of the store: a wrong bucket or endpoint is reported as such. A store that is
  // only slow or briefly away (starting at the same time as the app) gets a few more tries.
  for (let attempt = 1; ; attempt++) {
    try {
      await ensurePlaceholderPool(store);
      break;
    } catch (error) {
      if (outageOf(error) !== "storage" || attempt === STORE_START_ATTEMPTS) {
        throw new Error(`the ${store.driver} storage is not usable: ${(error as Error).message}`);
      }
      console.log(`The ${store.driver} storage does not answer yet; trying again.`);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  }
  const wanted = config.seedDemo === "true" || (config.seedDemo === "auto" && !config.databaseUrl);
  if (!wanted) return;
  const started = Date.now();
  // Instances starting at once on an empty database: one seeds, the others then find buildings.
  const result = await withAdvisoryLock(database, LOCKS.demoContent, () =>
    seedDemoContent({ db: database.db, store }),
  );
  if (!result.seeded) return;
  console.log(
    `Demo content loaded: ${result.buildings} buildings, ${result.units} units (${Date.now() - started} ms).`,
  );
  // With ADMIN_EMAIL set, the operator has chosen the administrator: no demo one.
  const admin = config.admin ? null : await createDemoAdministrator({ db: database.db });
  if (admin) {
    console.log(`Demo administrator: ${admin.email} / ${admin.password}`);
    console.log(
      "  (shown once; change it with: npm run users -- set-password --email E --password P)",
    );
  }
}

/**
 * A rejection nobody handled ends the process, as Node does by default, unless it is the
 * database going away: pg-boss 10 does not wait for the calls that mark a job done or failed, so
 * a database that restarts at that moment leaves their rejection unhandled. The job is retried
 * once it expires; the process keeps serving (with 503s) and recovers when the database returns.
 */
function keepRunningThroughDatabaseOutages() {
  process.on("unhandledRejection", (reason) => {
    if (outageOf(reason) === "unavailable") {
      console.error(`The database went away under a background task: ${(reason as Error).message}`);
      return;
    }
    console.error(reason);
    process.exit(1);
  });
}

async function main() {
  keepRunningThroughDatabaseOutages();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message.replace(/^Invalid/, "invalid"));
    throw error;
  }

  // A stop asked for during start-up (Ctrl-C while the database initialises) is honoured after
  // the step under way: exiting mid-step would leave the embedded PostgreSQL running.
  let stopSignal: string | null = null;
  const stopDuringStart = (signal: string) => {
    stopSignal = signal;
    console.log(`${signal} received: stopping once the current start-up step is done.`);
  };
  process.on("SIGTERM", stopDuringStart);
  process.on("SIGINT", stopDuringStart);
  const checkpoint = () => {
    if (stopSignal) throw new StartInterrupted();
  };

  let lock: ReturnType<typeof acquireAppLock> | undefined;
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  // One store for the whole process: the start-up content, the app and the sweeps share it.
  const store = createObjectStore(config);
  try {
    lock = acquireAppLock(config.dataDir);
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      mode: "own",
      log: (line) => console.log(line),
    });
    checkpoint();
    await runMigrations(database);
    checkpoint();
    await prepareContent(config, database, store);
    checkpoint();
    if (config.admin) {
      const { user, created } = await ensureAdministrator({ db: database.db }, config.admin);
      console.log(`Administrator ${user.email} ${created ? "created" : "checked"} (ADMIN_EMAIL).`);
    }
    app = await buildApp({
      config,
      database,
      store,
      web: config.env === "development" ? "development" : "production",
    });
    checkpoint();
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app?.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
    await store.close().catch(() => undefined);
    lock?.release();
    if (error instanceof StartInterrupted) process.exit(0);
    fail(describeStartError(error, config.port));
  }
  process.off("SIGTERM", stopDuringStart);
  process.off("SIGINT", stopDuringStart);

  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  console.log(`Ready on http://localhost:${port} (data: ${database.description})`);
  // Files a crash left without a row, now and every hour (see storage/orphan-sweep.ts).
  // Rows past their time, now and daily: audit events past their two years (audit/audit-log.ts),
  // sessions long over (modules/auth/sessions.ts), sign-in challenges spent or expired
  // (modules/mfa), old sent and failed e-mail
  // (mail/outgoing-mail.repository.ts).
  const purges = scheduleDailyPurges(
    [
      { name: "Audit events past the retention", run: () => app.auditLog.purge() },
      { name: "Sessions long over", run: () => createSessionStore(database.db).purgeOld() },
      {
        name: "Second steps and passkey ceremonies spent or expired",
        run: async () =>
          (await purgeSpentChallenges({ db: database.db })) +
          (await purgeSpentCeremonies({ db: database.db })),
      },
      {
        name: `Sent and failed e-mail past ${OUTGOING_MAIL_KEEP_DAYS} days`,
        run: () => createOutgoingMailRepository(database.db).purgeOld(),
      },
      // Listing alerts never confirmed, and those without activity for two years.
      ...alertPurges({ db: database.db, now: () => new Date() }),
      {
        name: "Tenant sign-in links used or expired",
        run: () => createTenantLinks(database.db).purge(new Date()),
      },
      // The retention table's other kinds: inquiries, document requests and their files,
      // former tenants, unused staff accounts (modules/privacy).
      ...retentionPurges({ db: database.db, store, now: () => new Date() }),
    ],
    lineLog(app),
  );
  const sweeps = scheduleOrphanSweeps({
    db: database.db,
    store,
    scratchDir: scratchDirectory(config.dataDir),
    log: lineLog(app),
  });
  // The back office's figures kept by triggers: their delta rows folded every few minutes.
  const tallies = runPeriodically(async () => {
    try {
      await compactTallies(database.db);
    } catch (error) {
      lineLog(app).error(`Folding the figures' rows failed: ${(error as Error).message}`);
    }
  }, TALLY_COMPACT_MS);

  // The stop: report not ready and ask every client to close its connection (so a load balancer
  // sends the next request elsewhere) while still serving for DRAIN_SECONDS; then stop listening,
  // finish what is in flight, and close. A second signal ends the drain at once.
  let stopping = false;
  let endDrain = () => {};
  const shutdown = async (signal: string) => {
    if (stopping) {
      endDrain();
      return;
    }
    stopping = true;
    app.stopping.drain();
    if (config.drainSeconds > 0) {
      console.log(
        `${signal} received: not ready, serving ${config.drainSeconds} s more while clients move away, then stopping.`,
      );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, config.drainSeconds * 1000);
        endDrain = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    } else {
      console.log(`${signal} received: finishing requests in flight, then stopping.`);
    }
    // A request that takes longer than this is cut off rather than holding the stop forever.
    const cutOff = setTimeout(() => app.server.closeAllConnections(), 10_000);
    await app.close().catch((error) => console.error(error));
    clearTimeout(cutOff);
    await sweeps.stop();
    await purges.stop();
    await tallies.stop();
    await store.close().catch((error) => console.error(error));
    await database.close().catch((error) => console.error(error));
    lock.release();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  if (stopSignal) void shutdown(stopSignal);
}

class StartInterrupted extends Error {}

void main().catch((error) => fail((error as Error).message));
