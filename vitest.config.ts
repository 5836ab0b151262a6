import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * Three projects: `unit` (pure code, node), `web` (React components in jsdom) and `api` (the real
 * Fastify app on a real PostgreSQL: a fresh database per test file, cloned from a migrated
 * template). `npm run test:db` runs `api` alone, e.g. against TEST_DATABASE_URL.
 */
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
          include: ["src/web/**/*.test.{ts,tsx}"],
          setupFiles: ["tests/support/web-setup.ts"],
          // Dialog tests type whole forms with user-event: seconds each when the two cores are
          // shared with the API tests' PostgreSQL, so the default 5 s is too tight.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: "api",
          environment: "node",
          include: ["src/server/**/*.test.ts"],
          globalSetup: ["tests/support/db-global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
