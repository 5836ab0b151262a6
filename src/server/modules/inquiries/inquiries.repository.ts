import { and, count, desc, eq, gte, isNotNull, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { InquiryStatus } from "#domain/admin-inquiries";
import type { Db } from "#server/db/client";
import { afterKey, type KeyPart, timeKey } from "#server/db/keyset";
import { prefixQuery } from "#server/db/search";
import { properties, units } from "#server/modules/properties/properties.table";
import { inquiries, inquirySearchDocument } from "./inquiries.table";

export type InquiryRow = typeof inquiries.$inferSelect;
/** An inquiry with what it is about, for the back office. */
export type AdminInquiryRow = InquiryRow & {
  property: { id: number; title: string } | null;
  unit: { id: number; unitNumber: string } | null;
};

const statusFilter: Record<InquiryStatus, SQL | undefined> = {
  all: undefined,
  unhandled: isNull(inquiries.handledAt),
  handled: isNotNull(inquiries.handledAt),
};

/** What the tab filters by; `from` and `to` are UTC days, `to` included. */
export type InquiryFilter = { status: InquiryStatus; q?: string; from?: string; to?: string };

function whereOf(filter: InquiryFilter): SQL | undefined {
  const words = prefixQuery(filter.q);
  return and(
    statusFilter[filter.status],
    // The GIN index on the same expression (inquiries_search_idx) answers this: no scan of the
    // whole table whatever its size.
    words === null
      ? undefined
      : sql`${inquirySearchDocument(inquiries)} @@ to_tsquery('simple', ${words})`,
    filter.from ? gte(inquiries.createdAt, sql`${filter.from}::date`) : undefined,
    filter.to ? lt(inquiries.createdAt, sql`${filter.to}::date + 1`) : undefined,
  );
}

/** A page's rows carry their keyset key: created_at to the microsecond, and the id. */
export type AdminInquiryPageRow = AdminInquiryRow & { key: [string, number] };

function withLinks({
  inquiry,
  propertyTitle,
  unitNumber,
}: {
  inquiry: InquiryRow;
  propertyTitle: string | null;
  unitNumber: string | null;
}): AdminInquiryRow {
  return {
    ...inquiry,
    property:
      inquiry.propertyId !== null && propertyTitle !== null
        ? { id: inquiry.propertyId, title: propertyTitle }
        : null,
    unit:
      inquiry.unitId !== null && unitNumber !== null ? { id: inquiry.unitId, unitNumber } : null,
  };
}

export function createInquiriesRepository(db: Db) {
  /** Linked building and unit by left joins: a deleted one leaves the inquiry unlinked. */
  async function selectForAdmin(where: SQL | undefined): Promise<AdminInquiryRow[]> {
    const rows = await db
      .select({
        inquiry: inquiries,
        propertyTitle: properties.title,
        unitNumber: units.unitNumber,
      })
      .from(inquiries)
      .leftJoin(properties, eq(properties.id, inquiries.propertyId))
      .leftJoin(units, eq(units.id, inquiries.unitId))
      .where(where)
      .orderBy(desc(inquiries.createdAt), desc(inquiries.id));
    return rows.map(withLinks);
  }

  return {
    /**
     * One page, newest first: `limit + 1` rows after the cursor's key (the keyset order of
     * inquiries_created_idx, or of inquiries_unhandled_idx for the Unhandled filter).
     */
    async listPageForAdmin(
      filter: InquiryFilter,
      limit: number,
      after: readonly KeyPart[] | null,
    ): Promise<AdminInquiryPageRow[]> {
      const rows = await db
        .select({
          inquiry: inquiries,
          propertyTitle: properties.title,
          unitNumber: units.unitNumber,
          key: timeKey(inquiries.createdAt),
        })
        .from(inquiries)
        .leftJoin(properties, eq(properties.id, inquiries.propertyId))
        .leftJoin(units, eq(units.id, inquiries.unitId))
        .where(
          and(
            whereOf(filter),
            after ? afterKey([inquiries.createdAt, inquiries.id], after) : undefined,
          ),
        )
        .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
        .limit(limit + 1);
      return rows.map((row) => ({ ...withLinks(row), key: [row.key, row.inquiry.id] }));
    },

    async findForAdmin(id: number): Promise<AdminInquiryRow | null> {
      const rows = await selectForAdmin(eq(inquiries.id, id));
      return rows[0] ?? null;
    },

    /** From inquiries_unhandled_idx (a partial index): never the rows themselves. */
    async countUnhandled(): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(inquiries)
        .where(isNull(inquiries.handledAt));
      return Number(row?.value ?? 0);
    },

    /**
     * Marks handled (keeping the first time it was, if it already was) or not handled. False
     * when there is no such inquiry.
     */
    async setHandled(id: number, handled: boolean, now: Date): Promise<boolean> {
      const rows = await db
        .update(inquiries)
        .set({ handledAt: handled ? sql`coalesce(${inquiries.handledAt}, ${now})` : null })
        .where(eq(inquiries.id, id))
        .returning({ id: inquiries.id });
      return rows.length > 0;
    },

    async insert(values: typeof inquiries.$inferInsert): Promise<InquiryRow> {
      const rows = await db.insert(inquiries).values(values).returning();
      return rows[0]!;
    },

    async activeProperty(id: number): Promise<{ id: number; title: string } | null> {
      const rows = await db
        .select({ id: properties.id, title: properties.title })
        .from(properties)
        .where(and(eq(properties.id, id), eq(properties.active, true)))
        .limit(1);
      return rows[0] ?? null;
    },

    async unitOfActiveProperty(id: number): Promise<{
      id: number;
      unitNumber: string;
      propertyId: number;
      propertyTitle: string;
    } | null> {
      const rows = await db
        .select({
          id: units.id,
          unitNumber: units.unitNumber,
          propertyId: units.propertyId,
          propertyTitle: properties.title,
        })
        .from(units)
        .innerJoin(properties, eq(properties.id, units.propertyId))
        .where(and(eq(units.id, id), eq(properties.active, true)))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}
