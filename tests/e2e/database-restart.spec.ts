import { rm } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { healthApi } from "#domain/api/health";
import { inquiriesApi } from "#domain/api/inquiries";
import { listingsApi } from "#domain/api/listings";
import { type RunningApp, startBuiltApp, stopApp, tempDataDir } from "../support/app-process";
import { urlOf } from "../support/call";
import { type PostgresServer, startPostgresServer } from "../support/postgres-server";
import { HANG_MS, steadyTraffic } from "../support/traffic";
import { expect, test } from "./support/navigation";

/**
 * Drill: the built app, as a process, on an external PostgreSQL (DATABASE_URL) that is stopped
 * under traffic and started again on the same port. The process must live through it (no
 * unhandled rejection ending it), its pages must fail as cleanly as its API (503 with
 * Retry-After, the page's own error panel, no stack), and everything must work again within
 * 5 s of the database's return. The API side in detail: src/server/drills/database-restart.test.ts.
 */

test.describe("PostgreSQL restarted under the built app", () => {
  test.describe.configure({ timeout: 120_000 });
  let server: PostgresServer;
  let app: RunningApp;
  let dataDir: string;

  test.beforeAll(async () => {
    server = await startPostgresServer();
    const admin = new pg.Client({ connectionString: server.adminUrl });
    await admin.connect();
    await admin.query("create database rentals");
    await admin.end();
    dataDir = await tempDataDir();
    app = await startBuiltApp({
      DATABASE_URL: server.urlFor("rentals"),
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      RATE_LIMIT_PER_MINUTE: "100000",
      INQUIRIES_PER_MINUTE: "100000",
    });
  });

  test.afterAll(async () => {
    if (app) await stopApp(app);
    await server?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  test("pages and API answer 503 while it is down, the process lives, and all works after", async () => {
    const get = async (path: string) => {
      try {
        return await fetch(`${app.url}${path}`, { signal: AbortSignal.timeout(HANG_MS) });
      } catch (error) {
        // No answer at all: say what the process said (it may have ended).
        const ended = app.process.exitCode ?? app.process.signalCode;
        throw new Error(
          `GET ${path}: ${(error as Error).cause ?? error}; process ended: ${ended}\n${app.output().slice(-3000)}`,
        );
      }
    };
    expect((await get("/properties")).status).toBe(200);

    // Visitors keep sending inquiries: the mail worker has jobs when the database goes.
    let sent = 0;
    const traffic = steadyTraffic(app.url, [
      {
        name: "inquiry",
        request: () => ({
          path: urlOf(inquiriesApi.send),
          init: {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              name: "Pat Doe",
              email: "pat@example.com",
              phone: "860-555-0100",
              message: `When could I see the apartment? (${++sent})`,
            }),
          },
        }),
      },
      { name: "buildings", request: () => ({ path: urlOf(listingsApi.listBuildings) }) },
    ]);
    await sleep(1_500);
    await server.stop("fast");
    try {
      await sleep(500);
      // A page no visitor asked for yet (not in the cache) needs the database.
      const page = await get("/properties?maxRent=1777");
      const html = await page.text();
      expect(page.status).toBe(503);
      expect(page.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(page.headers.get("content-type")).toContain("text/html");
      expect(html).toContain("Our Properties");
      expect(html).not.toMatch(/\bat .+\.(?:js|ts):\d+/);
      const unit = await get("/properties/987654");
      expect(unit.status).toBe(503);

      // A page already cached is still served.
      expect((await get("/properties")).status).toBe(200);
      await sleep(2_000);
    } finally {
      await server.start();
    }
    const up = Date.now();
    await sleep(5_000);
    const samples = await traffic.stop();

    // The process lived through it.
    expect(app.process.exitCode, app.output()).toBeNull();
    expect(app.process.signalCode, app.output()).toBeNull();
    const refused = samples.filter((s) => ![200, 201, 503].includes(s.status));
    expect(refused.map((s) => `${s.kind} ${s.status} ${s.error ?? s.body}`)).toEqual([]);
    const after = samples.filter((s) => s.sentAt > up + 5_000);
    expect(after.filter((s) => s.status >= 300)).toEqual([]);

    // Everything works again, without a restart.
    expect((await get("/properties?maxRent=1777")).status).toBe(200);
    expect((await get(urlOf(healthApi.readiness))).status).toBe(200);
    expect(await stopApp(app)).toBe(0);
  });
});
