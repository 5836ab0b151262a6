import type { SQL } from "drizzle-orm";
import { inBatches } from "#server/db/batches";
import type { Db } from "#server/db/client";
import type { ObjectStore } from "#server/storage/object-store";
import { removeStoredFiles } from "./file-store";
import { deleteFilesBatch, filesDue } from "./tenant-files.retention.repository";

/**
 * What the retention removes of tenants' documents: rows a batch at a time, and the stored files
 * they name with them (a file the store cannot delete now is left to the orphan sweep).
 */

function removeFiles(db: Db, store: ObjectStore, due: SQL): Promise<number> {
  return inBatches(async (limit) => {
    const filenames = await deleteFilesBatch(db, due, limit);
    await removeStoredFiles(store, filenames).catch(() => undefined);
    return filenames.length;
  });
}

/** Files sent through a request's link by someone without a portal account, before `cutoff`. */
export const purgeRequestedFilesBefore = (db: Db, store: ObjectStore, cutoff: Date) =>
  removeFiles(db, store, filesDue.requestedBefore(cutoff));

/** Every file of these tenants' accounts. */
export const removeFilesOfTenants = (db: Db, store: ObjectStore, tenantIds: string[]) =>
  tenantIds.length === 0
    ? Promise.resolve(0)
    : removeFiles(db, store, filesDue.ofTenants(tenantIds));
