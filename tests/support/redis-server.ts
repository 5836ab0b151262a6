import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { freePort } from "./app-process";

/** Whether Debian's redis-server is installed (CI installs it; a laptop may not have it). */
export const hasRedisServer = spawnSync("redis-server", ["--version"]).status === 0;

export type RedisServer = {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** SIGSTOP: the server keeps its connections but answers nothing (a hung host), until `thaw`. */
  freeze(): void;
  thaw(): void;
};

/** A throwaway redis-server on a free loopback port, nothing written to disk. */
export async function startRedisServer(port?: number): Promise<RedisServer> {
  // As with Chromium: a missing program is a failure that says what to install, never a skip.
  if (!hasRedisServer) {
    throw new Error(
      "No redis-server for the Redis and scale-out tests: install it (Debian: apt-get install -y redis-server).",
    );
  }
  const chosen = port ?? (await freePort());
  const child: ChildProcess = spawn(
    "redis-server",
    ["--port", String(chosen), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 10_000;
  while (!output.includes("Ready to accept connections")) {
    if (child.exitCode !== null) throw new Error(`redis-server exited:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`redis-server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    url: `redis://127.0.0.1:${chosen}`,
    port: chosen,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      // A frozen server must run again to act on SIGTERM.
      child.kill("SIGCONT");
      child.kill("SIGTERM");
      await exited;
    },
    freeze() {
      child.kill("SIGSTOP");
    },
    thaw() {
      child.kill("SIGCONT");
    },
  };
}
