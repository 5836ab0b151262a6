import { sql } from "drizzle-orm";
import { inBatches } from "#server/db/batches";
import type { Db } from "#server/db/client";
import { inquiries } from "./inquiries.table";

/**
 * The inquiries of people whose newest message is older than `cutoff`: a person who wrote again
 * last month keeps their older messages too (the clock runs from their last message), and one
 * silent since is forgotten whole (one person: one address, whatever its capitals). A batch at a
 * time, along the e-mail index.
 */
export function purgeInquiriesBefore(db: Db, cutoff: Date): Promise<number> {
  return inBatches(async (limit) => {
    const result = await db.execute(sql`
      delete from ${inquiries} where ${inquiries.id} in (
        select i.id from ${inquiries} i
        where i.created_at < ${cutoff}
          and not exists (select 1 from ${inquiries} n
                          where lower(n.email) = lower(i.email)
                            and n.created_at >= ${cutoff})
        limit ${limit})`);
    return result.rowCount ?? 0;
  });
}
