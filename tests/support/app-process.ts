import { type ChildProcess, spawn } from "node:child_process";
import { chmod, mkdtemp } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const projectRoot = path.resolve(import.meta.dirname, "../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A temporary DATA_DIR that PostgreSQL (run as its own user under root) can enter. */
export async function tempDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "rentals-e2e-"));
  await chmod(dir, 0o755);
  return dir;
}

export type RunningApp = { url: string; port: number; process: ChildProcess; output: () => string };

/** Starts the built app (build/app/main.js) and waits for /api/health to answer 200. */
export async function startBuiltApp(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<RunningApp> {
  const port = Number(env.PORT ?? (await freePort()));
  let output = "";
  const child = spawn(process.execPath, ["build/app/main.js"], {
    cwd: projectRoot,
    // No drain before a stop unless a test asks for one: the tests stop apps many times.
    env: { ...process.env, LOG_LEVEL: "warn", DRAIN_SECONDS: "0", ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    // A process killed by a signal has no exit code, only a signal code.
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The app exited during start:\n${output}`);
    }
    const ok = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { url, port, process: child, output: () => output };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`The app did not answer within ${timeoutMs} ms:\n${output}`);
}

/** SIGTERM, then wait for the process to exit (it stops its database first). */
export async function stopApp(app: RunningApp): Promise<number | null> {
  if (app.process.exitCode !== null || app.process.signalCode !== null) {
    return app.process.exitCode;
  }
  const exited = new Promise<number | null>((resolve) =>
    app.process.once("exit", (code) => resolve(code)),
  );
  app.process.kill("SIGTERM");
  return exited;
}
