import { loadConfig } from "../config";
import { openDatabase, runMigrations } from "../db/client";
import { ensurePlaceholderPool } from "../images/placeholder-pool";
import { seedDemoContent } from "../modules/demo/demo.service";
import { dataDirectories } from "../paths";

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
  try {
    await runMigrations(database);
    const { uploadsDir } = dataDirectories(config.dataDir);
    await ensurePlaceholderPool(uploadsDir);
    const result = await seedDemoContent({ db: database.db, uploadsDir });
    console.log(
      result.seeded
        ? `Demo content loaded: ${result.buildings} buildings, ${result.units} units.`
        : "The database already has buildings: demo content not loaded.",
    );
  } finally {
    await database.close();
  }
}

main().catch((error: Error) => {
  console.error(`seed: ${error.message}`);
  process.exit(1);
});
