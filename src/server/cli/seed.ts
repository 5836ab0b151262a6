import { loadJwtSecret } from "#server/modules/auth";
import { seedDemoContent } from "#server/modules/demo";
import { describeScaleLoad, loadScaleSeed, scaleFactorOf } from "#server/seed/scale-seed";
import { loadConfig } from "../config";
import { LOCKS, openDatabase, runMigrations, withAdvisoryLock } from "../db/client";
import { ensurePlaceholderPool } from "../images/placeholder-pool";
import { createObjectStore } from "../storage/storage";

/**
 * npm run seed: loads the demo content (buildings, units, generated photos) into a database that
 * has no buildings yet. Like `npm run users`, it works whether the app is running or not.
 * `npm run seed -- --scale` then adds the scale data set (src/server/seed/scale-seed.ts): ten
 * years of a 2,000-building agency; `--scale=0.01` a hundredth of it.
 */
async function main() {
  const factor = scaleFactorOf(process.argv.slice(2));
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
    await withAdvisoryLock(database, LOCKS.demoContent, async (client) => {
      const result = await seedDemoContent({ db: database.db, store });
      console.log(
        result.seeded
          ? `Demo content loaded: ${result.buildings} buildings, ${result.units} units.`
          : "The database already has buildings: demo content not loaded.",
      );
      if (factor === undefined) return;
      console.log(`Loading the scale data set (factor ${factor})...`);
      const secret = await loadJwtSecret(config);
      const loaded = await loadScaleSeed({ client, store, secret, log: console.log }, { factor });
      console.log(describeScaleLoad(loaded));
    });
  } finally {
    await store.close();
    await database.close();
  }
}

main().catch((error: Error) => {
  console.error(`seed: ${error.message}`);
  process.exit(1);
});
