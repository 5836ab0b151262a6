import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * The test files that replace a module (`vi.mock`) need a module graph of their own. The others
 * share one per worker (`isolate: false`): no fresh jsdom and no fresh import of React, Fastify
 * and the app's modules per file (the web tests took 190 s alone, 80 s shared; the API tests'
 * imports were a third of theirs). A mock cannot be shared: a module an earlier file imported
 * keeps the real one.
 */
function testFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => path.posix.join(dir, file.split(path.sep).join("/")));
}
const mocking = (files: string[]) =>
  files.filter((file) => readFileSync(file, "utf8").includes("vi.mock("));
const webMocking = mocking(testFiles("src/web"));
const apiMocking = mocking(testFiles("src/server"));

export default defineConfig({
  test: {
    // Vitest's default leaves a core free (one worker on two cores): these files mostly wait on
    // PostgreSQL and jsdom, so one per core halves the run (12 min to 8 on two cores).
    maxWorkers: availableParallelism(),
    setupFiles: ["tests/support/fail-on-console-error.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          include: ["src/domain/**/*.test.ts", "tests/unit/**/*.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "web",
          environment: "jsdom",
          isolate: false,
          include: ["src/web/**/*.test.{ts,tsx}"],
          exclude: webMocking,
          setupFiles: ["tests/support/web-setup.ts"],
          // Dialog tests type whole forms with user-event: seconds each when the two cores are
          // shared with the API tests' PostgreSQL, so the default 5 s is too tight.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: "web-mocks",
          environment: "jsdom",
          include: webMocking,
          setupFiles: ["tests/support/web-setup.ts"],
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: "api",
          environment: "node",
          isolate: false,
          include: ["src/server/**/*.test.ts"],
          exclude: apiMocking,
          globalSetup: ["tests/support/db-global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "api-mocks",
          environment: "node",
          include: apiMocking,
          globalSetup: ["tests/support/db-global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
