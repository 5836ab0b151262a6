import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { projectRoot, startBuiltApp, stopApp, tempDataDir } from "../../support/app-process";
import { E2E_ADMIN } from "./accounts";

/**
 * One production server for every browser test: the built app on a free port, with its own
 * embedded PostgreSQL in a temporary DATA_DIR. Tests reach it through E2E_BASE_URL.
 */
export default async function globalSetup() {
  if (!existsSync(path.join(projectRoot, "build/app/main.js"))) {
    throw new Error("The app is not built: run npm run build before the browser tests.");
  }
  const dataDir = await tempDataDir();
  // Browser tests load many pages from one address; the limits themselves are tested in the API tests.
  const app = await startBuiltApp({
    DATA_DIR: dataDir,
    RATE_LIMIT_PER_MINUTE: "100000",
    INQUIRIES_PER_MINUTE: "1000",
    AUTH_ATTEMPTS_PER_MINUTE: "1000",
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
  });
  process.env.E2E_BASE_URL = app.url;
  process.env.E2E_DATA_DIR = dataDir;
  return async () => {
    await stopApp(app);
    await rm(dataDir, { recursive: true, force: true });
  };
}
