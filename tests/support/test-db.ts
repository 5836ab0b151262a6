import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { connect, type Database } from "#server/db/client";
import { databaseUrl } from "./database-url";
import { dropDatabase } from "./drop-database";

export type TestDatabase = Database & { name: string; url: string; drop(): Promise<void> };

/**
 * A fresh, migrated database for one test file, cloned from the run's template (milliseconds).
 * Call `drop()` in afterAll.
 */
export async function createTestDb(): Promise<TestDatabase> {
  return createDatabase(inject("testDatabase").template);
}

/** A database with nothing in it (no migration applied), as a new deployment finds it. */
export async function createEmptyTestDb(): Promise<TestDatabase> {
  return createDatabase("template0");
}

async function createDatabase(template: string): Promise<TestDatabase> {
  const { adminUrl, prefix } = inject("testDatabase");
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(adminUrl, name);
  const database = await connect(url);
  return {
    ...database,
    name,
    url,
    async drop() {
      await database.close();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await dropDatabase(client, name);
      } finally {
        await client.end();
      }
    },
  };
}
