import { desc, eq } from "drizzle-orm";
import type { Executor } from "#server/db/client";
import { inquiries } from "./inquiries.table";

/**
 * A unit's latest inquiries, newest first (along inquiries_unit_idx): what the renters who wrote
 * about it asked, shown beside its showings in the back office.
 */
export async function latestInquiriesOfUnit(db: Executor, unitId: number, limit: number) {
  return db
    .select({
      id: inquiries.id,
      name: inquiries.name,
      email: inquiries.email,
      subject: inquiries.subject,
      message: inquiries.message,
      createdAt: inquiries.createdAt,
      handledAt: inquiries.handledAt,
    })
    .from(inquiries)
    .where(eq(inquiries.unitId, unitId))
    .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
    .limit(limit);
}
