import { count, desc, eq, inArray } from "drizzle-orm";
import type { Executor } from "#server/db/client";
import { properties } from "#server/modules/properties/properties.table";
import { documentRequests, tenantFiles } from "./tenant-files.table";

export type DocumentRequestRow = typeof documentRequests.$inferSelect;
export type DocumentRequestWithCount = DocumentRequestRow & { filesReceived: number };

export function createDocumentRequestsRepository(db: Executor) {
  return {
    /** Any building, listed or not: staff may ask a tenant of an inactive one too. */
    async propertyTitle(id: number): Promise<string | null> {
      const rows = await db
        .select({ title: properties.title })
        .from(properties)
        .where(eq(properties.id, id))
        .limit(1);
      return rows[0]?.title ?? null;
    },

    async insert(values: typeof documentRequests.$inferInsert): Promise<DocumentRequestRow> {
      const rows = await db.insert(documentRequests).values(values).returning();
      return rows[0]!;
    },

    async remove(id: string): Promise<void> {
      await db.delete(documentRequests).where(eq(documentRequests.id, id));
    },

    async findById(id: string): Promise<DocumentRequestRow | null> {
      const rows = await db
        .select()
        .from(documentRequests)
        .where(eq(documentRequests.id, id))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * Locks a request's row for the rest of the transaction, so that the uploads through its
     * link are counted and inserted one at a time. False when the request is gone.
     */
    async lock(id: string): Promise<boolean> {
      const rows = await db
        .select({ id: documentRequests.id })
        .from(documentRequests)
        .where(eq(documentRequests.id, id))
        .for("no key update");
      return rows.length > 0;
    },

    /**
     * The newest `limit` (along `document_requests_created_idx`), each with the number of files
     * received through it, counted for those rows only.
     */
    async listWithCounts(limit: number): Promise<DocumentRequestWithCount[]> {
      const rows = await db
        .select()
        .from(documentRequests)
        .orderBy(desc(documentRequests.createdAt), desc(documentRequests.id))
        .limit(limit);
      if (rows.length === 0) return [];
      const counts = await db
        .select({ requestId: tenantFiles.requestId, files: count() })
        .from(tenantFiles)
        .where(
          inArray(
            tenantFiles.requestId,
            rows.map((row) => row.id),
          ),
        )
        .groupBy(tenantFiles.requestId);
      const received = new Map(counts.map((c) => [c.requestId, Number(c.files)]));
      return rows.map((row) => ({ ...row, filesReceived: received.get(row.id) ?? 0 }));
    },
  };
}
