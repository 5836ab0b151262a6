import { and, desc, eq, gte, ilike, isNull, or, sql } from "drizzle-orm";
import type { FileCategory } from "#domain/tenant-files";
import type { Executor } from "#server/db/client";
import { afterKey, type KeyPart, timeKey } from "#server/db/keyset";
import { likeContains } from "#server/db/search";
import { readTally } from "#server/db/tallies";
import { properties, units } from "#server/modules/properties/properties.table";
import { users } from "#server/modules/users/users.table";
import { tenantFiles } from "./tenant-files.table";

export type TenantFileRow = typeof tenantFiles.$inferSelect;
/** A row with its place in the newest-first order (`uploaded_at` to the microsecond). */
export type KeyedFileRow = { file: TenantFileRow; at: string };
export type NewTenantFile = typeof tenantFiles.$inferInsert;

/** What a link or a tenant holds so far. */
export type Holding = { files: number; bytes: number };

export type FileTotals = {
  totalFiles: number;
  totalBytes: number;
  recentUploads: number;
  categoryCounts: Record<FileCategory, number>;
};

/** Where a tenant lives, as a file row names it (nothing for a tenant without a unit). */
export type FilePlace = { propertyId?: number; propertyName?: string; unit?: string };

export function createTenantFilesRepository(db: Executor) {
  return {
    /**
     * A page, newest first, read along `tenant_files_newest_idx` (or the category's) and cut at
     * `limit` rows after the cursor's key. `tenant` matches part of the tenant's name or e-mail,
     * any case: a substring ILIKE, evaluated on the rows the index walk meets, so a page stops at
     * its `limit` matches (no trigram index: the database has no pg_trgm).
     */
    async listPage(filters: {
      category?: FileCategory;
      tenant?: string;
      after?: readonly KeyPart[];
      limit: number;
    }): Promise<KeyedFileRow[]> {
      const pattern = filters.tenant ? likeContains(filters.tenant) : undefined;
      return db
        .select({ file: tenantFiles, at: timeKey(tenantFiles.uploadedAt) })
        .from(tenantFiles)
        .where(
          and(
            filters.category ? eq(tenantFiles.category, filters.category) : undefined,
            pattern
              ? or(ilike(tenantFiles.tenantName, pattern), ilike(tenantFiles.tenantEmail, pattern))
              : undefined,
            filters.after
              ? afterKey([tenantFiles.uploadedAt, tenantFiles.id], filters.after)
              : undefined,
          ),
        )
        .orderBy(desc(tenantFiles.uploadedAt), desc(tenantFiles.id))
        .limit(filters.limit + 1);
    },

    /**
     * The Files tab's figures: the totals from the counts the table's triggers keep
     * (db/tallies.ts), the recent uploads counted along `tenant_files_uploaded_idx` (a week's
     * rows, whatever the history).
     */
    async totals(recentSince: Date): Promise<FileTotals> {
      const [byCategory, bytes, [recent]] = await Promise.all([
        readTally(db, "tenant_files.category"),
        readTally(db, "tenant_files.bytes"),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(tenantFiles)
          .where(gte(tenantFiles.uploadedAt, recentSince)),
      ]);
      const categoryCounts = {
        maintenance: byCategory.get("maintenance") ?? 0,
        lease: byCategory.get("lease") ?? 0,
        property: byCategory.get("property") ?? 0,
        other: byCategory.get("other") ?? 0,
      };
      return {
        totalFiles: Object.values(categoryCounts).reduce((sum, n) => sum + n, 0),
        totalBytes: bytes.get("") ?? 0,
        recentUploads: recent?.n ?? 0,
        categoryCounts,
      };
    },

    /** A page of a tenant's own uploads and the documents shared with them, newest first. */
    async listOfTenant(
      tenantId: string,
      page: { after?: readonly KeyPart[]; limit: number },
    ): Promise<KeyedFileRow[]> {
      return db
        .select({ file: tenantFiles, at: timeKey(tenantFiles.uploadedAt) })
        .from(tenantFiles)
        .where(
          and(
            eq(tenantFiles.tenantId, tenantId),
            page.after ? afterKey([tenantFiles.uploadedAt, tenantFiles.id], page.after) : undefined,
          ),
        )
        .orderBy(desc(tenantFiles.uploadedAt), desc(tenantFiles.id))
        .limit(page.limit + 1);
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

    async placeOfTenant(tenantId: string): Promise<FilePlace> {
      const [row] = await db
        .select({
          propertyId: properties.id,
          propertyName: properties.title,
          unit: units.unitNumber,
        })
        .from(users)
        .innerJoin(units, eq(units.id, users.unitId))
        .innerJoin(properties, eq(properties.id, units.propertyId))
        .where(eq(users.id, tenantId));
      return row ?? {};
    },

    /** A tenant who has access (the tenant role, not ended): their address and name. */
    async findTenantWithAccess(
      tenantId: string,
    ): Promise<{ email: string; name: string | null } | null> {
      const [row] = await db
        .select({ email: users.email, name: users.displayName })
        .from(users)
        .where(and(eq(users.id, tenantId), eq(users.role, "tenant"), isNull(users.accessEndedAt)));
      return row ?? null;
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
