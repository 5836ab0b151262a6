import { and, inArray, isNull, lt, type SQL } from "drizzle-orm";
import { inBatches } from "#server/db/batches";
import type { Db } from "#server/db/client";
import { documentRequests, tenantFiles } from "./tenant-files.table";

/** Document requests whose link ended before `cutoff` (the files sent through them stay). */
export function purgeDocumentRequestsBefore(db: Db, cutoff: Date): Promise<number> {
  return inBatches(async (limit) => {
    const due = db
      .select({ id: documentRequests.id })
      .from(documentRequests)
      .where(lt(documentRequests.expiresAt, cutoff))
      .limit(limit);
    const result = await db.delete(documentRequests).where(inArray(documentRequests.id, due));
    return result.rowCount ?? 0;
  });
}

/** Which files a retention purge removes. */
export const filesDue = {
  /** Sent through a request's link by someone without a portal account, before `cutoff`. */
  requestedBefore: (cutoff: Date): SQL =>
    and(isNull(tenantFiles.tenantId), lt(tenantFiles.uploadedAt, cutoff))!,
  /** In these tenants' accounts: theirs, and those the office shared with them. */
  ofTenants: (tenantIds: string[]): SQL => inArray(tenantFiles.tenantId, tenantIds),
};

/** Deletes at most `limit` of the files `due` selects; answers their stored names. */
export async function deleteFilesBatch(db: Db, due: SQL, limit: number): Promise<string[]> {
  const batch = db.select({ id: tenantFiles.id }).from(tenantFiles).where(due).limit(limit);
  const gone = await db
    .delete(tenantFiles)
    .where(inArray(tenantFiles.id, batch))
    .returning({ filename: tenantFiles.filename });
  return gone.map((row) => row.filename);
}
