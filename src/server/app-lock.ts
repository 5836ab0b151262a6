import fs from "node:fs";
import path from "node:path";
import { isProcessAlive } from "./process-alive";

/**
 * One app per DATA_DIR. The lock file holds the app's pid; a lock left by a crashed app (its pid
 * no longer alive) is taken over, which is what lets a restart adopt that app's database server.
 */
export class AppLockedError extends Error {
  override name = "AppLockedError";
}

export function acquireAppLock(dataDir: string): { release(): void } {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "app.pid");
  const held = Number(fs.readFileSync(file, { encoding: "utf8", flag: "a+" }).trim());
  if (Number.isInteger(held) && held > 0 && held !== process.pid && isProcessAlive(held)) {
    throw new AppLockedError(
      `Another instance (pid ${held}) is already running with DATA_DIR ${dataDir}.`,
    );
  }
  fs.writeFileSync(file, String(process.pid));
  return {
    release() {
      const current = Number(fs.readFileSync(file, { encoding: "utf8", flag: "a+" }).trim());
      if (current === process.pid) fs.rmSync(file, { force: true });
    },
  };
}
