import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { connect, runMigrations } from "#server/db/client";
import { startEmbeddedPostgres } from "#server/db/embedded-postgres";
import { databaseUrl } from "./database-url";
import { dropDatabase } from "./drop-database";

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: { adminUrl: string; template: string; prefix: string };
  }
}

/**
 * Once per run: a PostgreSQL server (the test run's own embedded one, or TEST_DATABASE_URL's),
 * and a template database with every migration applied. Each test file clones it.
 */
export default async function setup(project: TestProject) {
  let dataDir: string | undefined;
  let stopServer = async () => {};
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "rentals-test-pg-"));
    // mkdtemp makes a private folder; PostgreSQL (run as its own user under root) must enter it.
    await chmod(dataDir, 0o755);
    const server = await startEmbeddedPostgres({ dataDir, mode: "own" });
    adminUrl = server.adminUrl;
    stopServer = () => server.stop();
  }

  const prefix = `test_${process.pid}_${Date.now().toString(36)}`;
  const template = `${prefix}_template`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${template}"`);
  const database = await connect(databaseUrl(adminUrl, template));
  await runMigrations(database);
  await database.close();

  project.provide("testDatabase", { adminUrl, template, prefix });

  return async () => {
    // Whatever a crashed test file left behind goes too.
    const left = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like $1",
      [`${prefix}%`],
    );
    for (const { datname } of left.rows) {
      await dropDatabase(admin, datname);
    }
    await admin.end();
    await stopServer();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}
