import { loadConfig } from "../config";
import { LOCKS, openDatabase, runMigrations, withAdvisoryLock } from "../db/client";
import { ensurePlaceholderPool } from "../images/placeholder-pool";
import { seedDemoContent } from "../modules/demo/demo.service";
import { createObjectStore } from "../storage/storage";

/**
 * npm run seed: loads the demo content (buildings, units, generated photos) into a database that
 * has no buildings yet. Like `npm run users`, it works whether the app is running or not.
 */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    mode: "borrow",
  });
  // The configured store: with STORAGE=s3 the photos go to the bucket the app serves them from.
  const store = createObjectStore(config);
  try {
    await runMigrations(database);
    await ensurePlaceholderPool(store);
    // The same lock as the app's start: never two seeds at once.
    const result = await withAdvisoryLock(database, LOCKS.demoContent, () =>
      seedDemoContent({ db: database.db, store }),
    );
    console.log(
      result.seeded
        ? `Demo content loaded: ${result.buildings} buildings, ${result.units} units.`
        : "The database already has buildings: demo content not loaded.",
    );
  } finally {
    await store.close();
    await database.close();
  }
}

main().catch((error: Error) => {
  console.error(`seed: ${error.message}`);
  process.exit(1);
});
