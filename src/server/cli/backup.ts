import { parseArgs } from "node:util";
import { createBackup } from "../backup/backup";
import { formatBytes } from "../backup/files";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { createObjectStore } from "../storage/storage";

/**
 * npm run backup [-- --out FILE]
 *
 * One .tar.gz with the database dump and the stored files (photos and tenants' documents, from
 * DATA_DIR or the S3 bucket, as STORAGE says); by default
 * DATA_DIR/backups/rentals-YYYYMMDD-HHMMSS.tar.gz (UTC), mode 0600. Works whether the app is
 * running or not: it uses the app's running embedded server, or starts it for the duration.
 */
const usage = `Usage: npm run backup [-- --out FILE]
  Writes the database and the stored files (photos, tenant files) to one archive,
  by default DATA_DIR/backups/rentals-YYYYMMDD-HHMMSS.tar.gz. Restore it with:
  npm run restore -- FILE`;

async function main() {
  const { values } = parseArgs({
    options: {
      out: { type: "string", short: "o" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    mode: "borrow",
  });
  const store = createObjectStore(config);
  try {
    const result = await createBackup({
      database,
      store,
      dataDir: config.dataDir,
      out: values.out,
    });
    if (result.missingFiles.length > 0) {
      console.warn(
        `backup: warning: ${result.missingFiles.length} files that rows refer to are missing from ${store.driver === "fs" ? "DATA_DIR" : "the bucket"} (${result.missingFiles.slice(0, 3).join(", ")}); the archive's manifest lists them.`,
      );
    }
    if (result.skippedFiles.length > 0) {
      console.warn(
        `backup: warning: left out ${result.skippedFiles.length} stored files whose names an archive cannot carry safely (${result.skippedFiles.slice(0, 3).join(", ")}).`,
      );
    }
    console.log(
      `Backup written: ${result.file} (${formatBytes(result.size)}): ${result.tables} tables, ${result.rows} rows, ${result.files} files.`,
    );
  } finally {
    await store.close();
    await database.close();
  }
}

main().catch((error: Error) => {
  console.error(`backup: ${error.message}`);
  process.exit(1);
});
