import { existsSync } from "node:fs";
import { chmod, mkdtemp, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "./embedded-postgres";

let dataDir: string;
const pidFile = () => path.join(dataDir, "pg", "postmaster.pid");
const serverPid = async () => Number((await readFile(pidFile(), "utf8")).split("\n")[0]);

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "rentals-embedded-"));
  await chmod(dataDir, 0o755);
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe("the app's embedded PostgreSQL server", () => {
  it("initialises a cluster with a generated password kept private, listening on loopback only", async () => {
    const server = await startEmbeddedPostgres({ dataDir, mode: "own" });
    try {
      const password = await readFile(path.join(dataDir, "pg-password"), "utf8");
      expect(password.length).toBeGreaterThanOrEqual(24);
      expect(server.adminUrl).toContain(encodeURIComponent(password));
      expect(new URL(server.adminUrl).hostname).toBe("127.0.0.1");
      const [settings] = await query(
        server.adminUrl,
        "select current_setting('listen_addresses') as listen, current_setting('unix_socket_directories') as sockets",
      );
      expect(settings).toEqual({ listen: "127.0.0.1", sockets: "" });
      const { mode } = await stat(path.join(dataDir, "pg-password"));
      expect(mode & 0o777).toBe(0o600);
    } finally {
      await server.stop();
    }
    expect(existsSync(pidFile())).toBe(false);
  });

  it("adopts a server left running by a crashed app instead of starting a second one", async () => {
    const first = await startEmbeddedPostgres({ dataDir, mode: "own" });
    const pid = await serverPid();
    await query(
      first.adminUrl,
      "create table if not exists survived (x int); insert into survived values (42)",
    );
    // The app dies without stopping its server (kill -9): a new start must find and adopt it.
    const second = await startEmbeddedPostgres({ dataDir, mode: "own" });
    expect(await serverPid()).toBe(pid);
    expect(second.owned).toBe(true);
    expect(await query(second.adminUrl, "select x from survived")).toEqual([{ x: 42 }]);
    await second.stop();
    expect(existsSync(pidFile())).toBe(false);
  });

  it("lets a command-line tool borrow a running server without stopping it", async () => {
    const app = await startEmbeddedPostgres({ dataDir, mode: "own" });
    const cli = await startEmbeddedPostgres({ dataDir, mode: "borrow" });
    expect(cli.owned).toBe(false);
    await cli.stop();
    expect(await query(app.adminUrl, "select 1 as up")).toEqual([{ up: 1 }]);
    await app.stop();
  });

  it("starts and then stops a server for a command-line tool when none is running", async () => {
    const cli = await startEmbeddedPostgres({ dataDir, mode: "borrow" });
    expect(cli.owned).toBe(true);
    expect(await query(cli.adminUrl, "select 1 as up")).toEqual([{ up: 1 }]);
    await cli.stop();
    expect(existsSync(pidFile())).toBe(false);
  });

  it("keeps data across a clean stop and start", async () => {
    const again = await startEmbeddedPostgres({ dataDir, mode: "own" });
    expect(await query(again.adminUrl, "select x from survived")).toEqual([{ x: 42 }]);
    await again.stop();
  });
});
