import { execFile, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { healthApi } from "#domain/api/health";
import { urlOf } from "#tests/support/call";
import { projectRoot, startBuiltApp, stopApp, tempDataDir } from "../support/app-process";
import { expect, test } from "./support/navigation";

/** The built app as an operator runs it: start, crash, restart, stop, misconfigure. */
const run = promisify(execFile);

function users(dataDir: string, ...args: string[]) {
  return run(
    path.join(projectRoot, "node_modules/.bin/tsx"),
    ["src/server/cli/users.ts", ...args],
    {
      cwd: projectRoot,
      env: { ...process.env, DATA_DIR: dataDir },
    },
  );
}

/** PostgreSQL servers (postmasters) running for this DATA_DIR. */
function postmasters(dataDir: string): number {
  const ps = spawnSync("ps", ["-eo", "args"], { encoding: "utf8" }).stdout;
  return ps.split("\n").filter((line) => line.includes(`-D ${path.join(dataDir, "pg")}`)).length;
}

test.describe("running the app", () => {
  test.describe.configure({ timeout: 120_000 });
  let dataDir: string;

  test.beforeEach(async () => {
    dataDir = await tempDataDir();
  });

  test.afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  test("refuses a bad PORT with one line naming it and a non-zero exit", () => {
    const result = spawnSync(process.execPath, ["build/app/main.js"], {
      cwd: projectRoot,
      env: { ...process.env, PORT: "abc", DATA_DIR: dataDir },
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Cannot start: invalid configuration: PORT="abc" must be a port number.',
    );
    expect(result.stdout).toBe("");
  });

  test("refuses an unreachable DATABASE_URL with one line and a non-zero exit", () => {
    const result = spawnSync(process.execPath, ["build/app/main.js"], {
      cwd: projectRoot,
      env: {
        ...process.env,
        DATABASE_URL: "postgres://u:p@127.0.0.1:1/none",
        DATA_DIR: dataDir,
        PORT: "0",
      },
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Cannot start: the database at 127\.0\.0\.1:1\/none is unreachable/);
  });

  test("comes back after kill -9 with its data and exactly one database server", async () => {
    const first = await startBuiltApp({ DATA_DIR: dataDir });
    // The command line reaches the running app's database.
    await users(
      dataDir,
      "add",
      "--email",
      "keep@example.com",
      "--password",
      "keep-me-123",
      "--role",
      "admin",
    );
    first.process.kill("SIGKILL");
    await new Promise((resolve) => first.process.once("exit", resolve));
    expect(postmasters(dataDir)).toBe(1); // orphaned, still running

    const second = await startBuiltApp({ DATA_DIR: dataDir });
    expect(second.output()).toContain("Using the PostgreSQL server already running");
    expect(postmasters(dataDir)).toBe(1);
    const { stdout } = await users(dataDir, "list");
    expect(stdout).toContain("keep@example.com\tadmin\tverified");

    expect(await stopApp(second)).toBe(0);
    expect(postmasters(dataDir)).toBe(0);
    expect(existsSync(path.join(dataDir, "pg", "postmaster.pid"))).toBe(false);
  });

  test("refuses a second instance on the same DATA_DIR", async () => {
    const first = await startBuiltApp({ DATA_DIR: dataDir });
    const result = spawnSync(process.execPath, ["build/app/main.js"], {
      cwd: projectRoot,
      env: { ...process.env, DATA_DIR: dataDir, PORT: "0" },
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^Cannot start: Another instance \(pid \d+\) is already running/);
    // The first one is unharmed.
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    await stopApp(first);
  });

  test("stops on SIGTERM with exit code 0, stopping its database too", async () => {
    const app = await startBuiltApp({ DATA_DIR: dataDir });
    expect((await fetch(`${app.url}/`)).status).toBe(200);
    expect(await stopApp(app)).toBe(0);
    expect(app.output()).toContain("SIGTERM received");
    expect(postmasters(dataDir)).toBe(0);
  });

  test("on SIGTERM drains first: not ready, still serving, every answer closing its connection", async () => {
    const app = await startBuiltApp({ DATA_DIR: dataDir, DRAIN_SECONDS: "3" });
    const ready = `${app.url}${urlOf(healthApi.readiness)}`;
    expect((await fetch(ready)).status).toBe(200);
    const exited = stopApp(app);
    await expect.poll(async () => (await fetch(ready)).status).toBe(503);
    const during = await fetch(ready);
    expect(await during.json()).toMatchObject({ status: "stopping" });
    expect(during.headers.get("connection")).toBe("close");
    // The site itself still answers while the balancer moves away.
    const page = await fetch(`${app.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("connection")).toBe("close");
    expect(await exited).toBe(0);
    expect(app.output()).toMatch(/SIGTERM received: not ready, serving 3 s more/);
    expect(postmasters(dataDir)).toBe(0);
  });
});
