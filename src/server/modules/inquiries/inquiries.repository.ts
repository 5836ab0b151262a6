import { and, count, desc, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { InquiryStatus } from "#domain/admin-inquiries";
import type { Db } from "#server/db/client";
import { inquiries, properties, units } from "#server/db/schema";

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
    return rows.map(({ inquiry, propertyTitle, unitNumber }) => ({
      ...inquiry,
      property:
        inquiry.propertyId !== null && propertyTitle !== null
          ? { id: inquiry.propertyId, title: propertyTitle }
          : null,
      unit:
        inquiry.unitId !== null && unitNumber !== null ? { id: inquiry.unitId, unitNumber } : null,
    }));
  }

  return {
    /** Newest first. */
    listForAdmin: (status: InquiryStatus) => selectForAdmin(statusFilter[status]),

    async findForAdmin(id: number): Promise<AdminInquiryRow | null> {
      const rows = await selectForAdmin(eq(inquiries.id, id));
      return rows[0] ?? null;
    },

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
