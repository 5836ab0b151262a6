import { sql } from "drizzle-orm";
import { inBatches } from "#server/db/batches";
import type { Db } from "#server/db/client";
import { applications } from "./applications.table";

/**
 * Applications whose last step was before `cutoff` (the retention table's `applications`), a
 * batch at a time along applications_updated_idx: their adults' parts and the adverse-action
 * notices go with them.
 */
export function purgeApplicationsBefore(db: Db, cutoff: Date): Promise<number> {
  return inBatches(async (limit) => {
    const result = await db.execute(sql`
      delete from ${applications} where ${applications.id} in (
        select id from ${applications} where updated_at < ${cutoff} limit ${limit})`);
    return result.rowCount ?? 0;
  });
}
