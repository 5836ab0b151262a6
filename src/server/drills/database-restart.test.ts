import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { healthApi } from "#domain/api/health";
import { inquiriesApi } from "#domain/api/inquiries";
import { listingsApi } from "#domain/api/listings";
import { messages } from "#domain/messages";
import { connect, type Database, runMigrations } from "#server/db/client";
import { inquiries } from "#server/db/schema";
import { loginAs } from "#tests/support/auth";
import { urlOf } from "#tests/support/call";
import { insertProperty, insertUnit } from "#tests/support/fixtures";
import { type PostgresServer, startPostgresServer } from "#tests/support/postgres-server";
import { createTestApp } from "#tests/support/test-app";
import { apiError, HANG_MS, type Sample, steadyTraffic, summarize } from "#tests/support/traffic";

/**
 * Drill: PostgreSQL restarted under traffic. The app runs on an external DATABASE_URL-style
 * server (its own, so this file may stop it), listening on a real socket, while four clients
 * keep reading listings (cached and not), reading the back office's inquiries and sending
 * inquiries. The server
 * is stopped for three seconds, then started again on the same port.
 *
 * What must hold: no answer takes longer than 10 s; during the outage every request that needs
 * the database gets a 503 with Retry-After in the API's error format (never a 500, never a
 * stack); the listings may keep coming from the response cache; within 5 s of the database's
 * return everything answers normally again, without restarting the app.
 */

const OUTAGE_MS = 3_000;
const RECOVERY_MS = 5_000;

let server: PostgresServer;
let database: Database;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let baseUrl: string;
let adminHeaders: { authorization: string };
let buildingId: number;

beforeAll(async () => {
  server = await startPostgresServer();
  const admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
  await admin.query("create database rentals");
  await admin.end();
  database = await connect(server.urlFor("rentals"));
  await runMigrations(database);
  const building = await insertProperty(database.db);
  await insertUnit(database.db, building.id);
  buildingId = building.id;
  testApp = await createTestApp(database, {
    env: { RATE_LIMIT_PER_MINUTE: "100000", INQUIRIES_PER_MINUTE: "100000" },
  });
  adminHeaders = (await loginAs(testApp.app, database.db, "admin")).headers;
  await testApp.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
}, 90_000);

afterAll(async () => {
  await testApp?.close();
  await database?.close();
  await server?.close();
});

const json = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

it("answers 503 with Retry-After while PostgreSQL is down, never hangs, and recovers by itself", async () => {
  let sent = 0;
  let rent = 5_000;
  const traffic = steadyTraffic(baseUrl, [
    { name: "buildings", request: () => ({ path: urlOf(listingsApi.listBuildings) }) },
    {
      // A filter never asked before: not in the response cache, so it needs the database.
      name: "buildings-uncached",
      request: () => ({ path: urlOf(listingsApi.listBuildings, undefined, { maxRent: ++rent }) }),
    },
    {
      name: "building",
      request: () => ({ path: urlOf(listingsApi.getBuilding, { id: buildingId }) }),
    },
    {
      name: "inquiry",
      request: () => ({
        path: urlOf(inquiriesApi.send),
        init: json({
          name: "Pat Doe",
          email: "pat@example.com",
          phone: "860-555-0100",
          message: `Is the apartment still available? (${++sent})`,
          propertyId: buildingId,
        }),
      }),
    },
    {
      name: "admin-inquiries",
      request: () => ({ path: urlOf(inquiriesApi.list), init: { headers: adminHeaders } }),
    },
    { name: "liveness", request: () => ({ path: urlOf(healthApi.liveness) }) },
  ]);

  await sleep(1_500);
  const stopping = Date.now();
  await server.stop("fast");
  const down = Date.now();
  await sleep(OUTAGE_MS);
  const starting = Date.now();
  await server.start();
  const up = Date.now();
  await sleep(RECOVERY_MS + 2_000);
  const samples = await traffic.stop();
  const report = {
    stopTookMs: down - stopping,
    startTookMs: up - starting,
    all: summarize(samples),
    slowestMs: Math.max(...samples.map((s) => s.ms)),
  };
  console.info(`database restart drill: ${JSON.stringify(report)}`);

  const show = (list: Sample[]) =>
    list
      .slice(0, 5)
      .map((s) => `${s.kind} ${s.status} ${s.ms}ms ${s.error ?? s.body.slice(0, 200)}`)
      .join("\n");

  // Every request got an answer, in time: no hang, no dropped connection.
  const unanswered = samples.filter((s) => s.status === 0 || s.ms >= HANG_MS);
  expect(unanswered.length, show(unanswered)).toBe(0);

  // Only successes and 503s, whenever they were sent: never a 500.
  const other = samples.filter((s) => ![200, 201, 503].includes(s.status));
  expect(other.length, show(other)).toBe(0);

  // Every 503 says when to come back and what happened, in the API's format, without internals.
  const unavailable = samples.filter((s) => s.status === 503);
  for (const sample of unavailable.filter((s) => s.kind !== "liveness")) {
    expect(sample.retryAfter, show([sample])).toMatch(/^\d+$/);
    expect(apiError(sample), show([sample])).toEqual({
      error: "service_unavailable",
      message: messages.server.unavailable,
    });
  }

  // Before the stop, everything worked.
  const before = samples.filter((s) => s.doneAt < stopping);
  expect(before.length).toBeGreaterThan(10);
  const failedBefore = before.filter((s) => s.status >= 300);
  expect(failedBefore.length, show(failedBefore)).toBe(0);

  // While it was down, what needs the database was refused (the listings may come from the cache).
  const during = samples.filter((s) => s.sentAt > down + 200 && s.doneAt < starting);
  const needingDatabase = during.filter((s) =>
    ["inquiry", "admin-inquiries", "buildings-uncached"].includes(s.kind),
  );
  expect(needingDatabase.length).toBeGreaterThan(5);
  const servedDuring = needingDatabase.filter((s) => s.status !== 503);
  expect(servedDuring.length, show(servedDuring)).toBe(0);

  // Within 5 s of its return, everything answers normally again.
  const after = samples.filter((s) => s.sentAt > up + RECOVERY_MS);
  expect(after.length).toBeGreaterThan(10);
  const failedAfter = after.filter((s) => s.status >= 300);
  expect(failedAfter.length, show(failedAfter)).toBe(0);

  // Every inquiry answered 201 was kept.
  const stored = await database.db.select().from(inquiries);
  const accepted = samples.filter((s) => s.kind === "inquiry" && s.status === 201).length;
  expect(stored.length).toBeGreaterThanOrEqual(accepted);
}, 60_000);
