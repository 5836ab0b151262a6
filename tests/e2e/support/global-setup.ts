import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { projectRoot, startBuiltApp, stopApp, tempDataDir } from "#tests/support/app-process";
import { E2E_ADMIN } from "./accounts";

/**
 * The production build started for the browser tests, on free ports, each server with its own
 * embedded PostgreSQL in a temporary DATA_DIR: the shared one (E2E_BASE_URL) and one for the
 * back office (E2E_BACK_OFFICE_URL), whose tests change the listings.
 */
export default async function globalSetup() {
  if (!existsSync(path.join(projectRoot, "build/app/main.js"))) {
    throw new Error("The app is not built: run npm run build before the browser tests.");
  }
  // Two servers: the back-office tests create and delete buildings, which must not change what
  // the public-site tests count on the shared one. The shared one keeps the default Apply Now
  // (the external application page); the back office's opens the site's own (APPLY_NOW=online).
  const [shared, backOffice] = await Promise.all([
    startServer(),
    startServer({ APPLY_NOW: "online" }),
  ]);
  process.env.E2E_BASE_URL = shared.app.url;
  process.env.E2E_DATA_DIR = shared.dataDir;
  process.env.E2E_BACK_OFFICE_URL = backOffice.app.url;
  process.env.E2E_BACK_OFFICE_DATA_DIR = backOffice.dataDir;
  return async () => {
    await Promise.all([shared.stop(), backOffice.stop()]);
  };
}

async function startServer(env: Record<string, string> = {}) {
  const dataDir = await tempDataDir();
  // Browser tests load many pages from one address; the limits themselves are tested in the API tests.
  const app = await startBuiltApp({
    DATA_DIR: dataDir,
    RATE_LIMIT_PER_MINUTE: "100000",
    INQUIRIES_PER_MINUTE: "1000",
    AUTH_ATTEMPTS_PER_MINUTE: "1000",
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    ...env,
  });
  return {
    app,
    dataDir,
    async stop() {
      await stopApp(app);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
