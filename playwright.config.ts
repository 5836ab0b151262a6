import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./tests/e2e/support/chromium";

/**
 * Browser tests against the production build (npm run build), started once for the whole run on
 * a free port with a temporary DATA_DIR (tests/e2e/support/global-setup.ts).
 */
export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/support/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Two workers on two cores, each with a browser, beside the app: the longest flows and the
  // axe scans of several colour schemes take 25-35 s there, so 30 s failed tests whose every
  // step passed. Each step's own wait (expect, 5 s) still catches a real hang.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    browserName: "chromium",
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
    // A trace records every step's DOM and a screencast: about a third of the suite's CPU on two
    // cores. CI prints only the report, so it records none; a local run keeps a failure's trace.
    trace: process.env.CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
});
