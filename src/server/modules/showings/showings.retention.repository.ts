import { sql } from "drizzle-orm";
import { inBatches } from "#server/db/batches";
import type { Db } from "#server/db/client";
import { showings } from "./showings.table";

/**
 * Showings whose time was before `cutoff` (the retention table's `showings`), a batch at a time
 * along showings_starts_idx: the renter's name, address, phone and note go with them.
 */
export function purgeShowingsBefore(db: Db, cutoff: Date): Promise<number> {
  return inBatches(async (limit) => {
    const result = await db.execute(sql`
      delete from ${showings} where ${showings.id} in (
        select id from ${showings} where starts_at < ${cutoff} limit ${limit})`);
    return result.rowCount ?? 0;
  });
}
