import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { buildApp } from "#server/app";
import type { AppDeps } from "#server/app-deps";
import { loadConfig } from "#server/config";
import type { Database } from "#server/db/client";
import { readOutbox } from "#server/mail/outbox";

/**
 * The real app (API only, no web build) over a test database, with a temporary DATA_DIR.
 * `close()` closes the app and removes the directory; the database stays the caller's.
 */
export async function createTestApp(
  database: Database,
  overrides: Partial<Omit<AppDeps, "database">> & { env?: Record<string, string> } = {},
) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "rentals-test-data-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    ...overrides.env,
  });
  const app = await buildApp({
    config,
    database,
    logger: false,
    web: "none",
    // Every answer a test receives must be one its contract declares; one that is not fails
    // the test through the console.error check.
    onContractViolation: (message) => console.error(`contract violation: ${message}`),
    ...overrides,
  });
  return {
    app,
    config,
    dataDir,
    /** The outbox, once the mail queue has delivered everything queued so far. */
    async outbox() {
      await app.mailQueue.idle();
      return readOutbox(dataDir);
    },
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
