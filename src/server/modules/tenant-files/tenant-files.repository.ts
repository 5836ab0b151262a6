import { and, desc, eq, gte, ilike, or, sql } from "drizzle-orm";
import type { FileCategory } from "#domain/tenant-files";
import type { Executor } from "#server/db/client";
import { tenantFiles, users } from "#server/db/schema";

export type TenantFileRow = typeof tenantFiles.$inferSelect;
export type NewTenantFile = typeof tenantFiles.$inferInsert;

/** What a link or a tenant holds so far. */
export type Holding = { files: number; bytes: number };

export type FileTotals = {
  totalFiles: number;
  totalBytes: number;
  recentUploads: number;
  categoryCounts: Record<FileCategory, number>;
};

/** `%` and `_` are wildcards in LIKE: a search for "a_b" means those three characters. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function createTenantFilesRepository(db: Executor) {
  return {
    /** Newest first; `tenant` matches part of the tenant's name or e-mail, any case. */
    async list(filters: { category?: FileCategory; tenant?: string }): Promise<TenantFileRow[]> {
      const pattern = filters.tenant ? likeContains(filters.tenant) : undefined;
      return db
        .select()
        .from(tenantFiles)
        .where(
          and(
            filters.category ? eq(tenantFiles.category, filters.category) : undefined,
            pattern
              ? or(ilike(tenantFiles.tenantName, pattern), ilike(tenantFiles.tenantEmail, pattern))
              : undefined,
          ),
        )
        .orderBy(desc(tenantFiles.uploadedAt), desc(tenantFiles.id));
    },

    async totals(recentSince: Date): Promise<FileTotals> {
      const count = (category: FileCategory) =>
        sql<number>`(count(*) filter (where ${tenantFiles.category} = ${category}))::int`;
      const [row] = await db
        .select({
          totalFiles: sql<number>`count(*)::int`,
          totalBytes: sql<string>`coalesce(sum(${tenantFiles.size}), 0)::bigint`,
          recentUploads: sql<number>`(count(*) filter (where ${gte(tenantFiles.uploadedAt, recentSince)}))::int`,
          maintenance: count("maintenance"),
          lease: count("lease"),
          property: count("property"),
          other: count("other"),
        })
        .from(tenantFiles);
      return {
        totalFiles: row?.totalFiles ?? 0,
        totalBytes: Number(row?.totalBytes ?? 0),
        recentUploads: row?.recentUploads ?? 0,
        categoryCounts: {
          maintenance: row?.maintenance ?? 0,
          lease: row?.lease ?? 0,
          property: row?.property ?? 0,
          other: row?.other ?? 0,
        },
      };
    },

    /** A tenant's own uploads and the documents shared with them, newest first. */
    async listOfTenant(tenantId: string): Promise<TenantFileRow[]> {
      return db
        .select()
        .from(tenantFiles)
        .where(eq(tenantFiles.tenantId, tenantId))
        .orderBy(desc(tenantFiles.uploadedAt), desc(tenantFiles.id));
    },

    async findById(id: string): Promise<TenantFileRow | null> {
      const rows = await db.select().from(tenantFiles).where(eq(tenantFiles.id, id)).limit(1);
      return rows[0] ?? null;
    },

    /** One statement: every row of an upload, or none. */
    async insertMany(values: NewTenantFile[]): Promise<TenantFileRow[]> {
      if (values.length === 0) return [];
      return db.insert(tenantFiles).values(values).returning();
    },

    /**
     * The files received through a request's link, uploaded by a tenant themselves, or shared
     * with a tenant by the office (each counted against its own quota).
     */
    async holding(
      owner: { requestId: string } | { tenantId: string } | { sharedWith: string },
    ): Promise<Holding> {
      const [row] = await db
        .select({
          files: sql<number>`count(*)::int`,
          bytes: sql<string>`coalesce(sum(${tenantFiles.size}), 0)::bigint`,
        })
        .from(tenantFiles)
        .where(
          "requestId" in owner
            ? eq(tenantFiles.requestId, owner.requestId)
            : "tenantId" in owner
              ? and(eq(tenantFiles.tenantId, owner.tenantId), eq(tenantFiles.fromOffice, false))
              : and(eq(tenantFiles.tenantId, owner.sharedWith), eq(tenantFiles.fromOffice, true)),
        );
      return { files: row?.files ?? 0, bytes: Number(row?.bytes ?? 0) };
    },

    /**
     * Locks the tenant's user row for the rest of the transaction, so that their uploads are
     * counted and inserted one at a time. "No key update": the other writes that refer to the
     * user (their sign-in codes, say) need not wait. False when the account is gone.
     */
    async lockTenant(tenantId: string): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, tenantId))
        .for("no key update");
      return rows.length > 0;
    },

    async listByRequest(requestId: string): Promise<TenantFileRow[]> {
      return db
        .select()
        .from(tenantFiles)
        .where(eq(tenantFiles.requestId, requestId))
        .orderBy(desc(tenantFiles.uploadedAt), desc(tenantFiles.id));
    },
  };
}
