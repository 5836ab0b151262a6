import { parseArgs } from "node:util";
import { restoreBackup } from "../backup/restore";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { createObjectStore } from "../storage/storage";

/**
 * npm run restore -- FILE
 *
 * Brings a fresh DATA_DIR (an empty database: the embedded one there, or DATABASE_URL's; no
 * stored files: in DATA_DIR, or the S3 bucket, as STORAGE says) back to the state of a backup
 * made by `npm run backup`. It refuses, changing nothing, when the
 * archive is damaged or altered, the app is running on this DATA_DIR, or data is already there.
 */
const usage = `Usage: npm run restore -- FILE
  Restores a backup made by npm run backup into a fresh DATA_DIR and an empty database.`;

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { help: { type: "boolean", short: "h" } },
  });
  if (values.help || positionals.length !== 1) {
    console.log(usage);
    process.exit(values.help ? 0 : 1);
  }
  const config = loadConfig();
  const store = createObjectStore(config);
  const result = await restoreBackup({
    file: positionals[0]!,
    dataDir: config.dataDir,
    store,
    async withDatabase(use) {
      const database = await openDatabase({
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
        mode: "borrow",
      });
      try {
        return await use(database);
      } finally {
        await database.close();
      }
    },
  }).finally(() => store.close());
  const { manifest } = result;
  if (manifest.missingFiles.length > 0) {
    console.warn(
      `restore: warning: ${manifest.missingFiles.length} files that rows refer to were already missing when the backup was made (${manifest.missingFiles.slice(0, 3).join(", ")}).`,
    );
  }
  console.log(
    `Restored the backup of ${manifest.createdAt} (version ${manifest.app.version}) into ${config.dataDir}: ${result.tables} tables, ${result.rows} rows, ${result.files} files. Everyone signs in again.`,
  );
}

main().catch((error: Error) => {
  console.error(`restore: ${error.message}`);
  process.exit(1);
});
