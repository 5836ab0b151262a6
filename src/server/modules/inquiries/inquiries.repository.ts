import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inquiries, properties, units } from "../../db/schema";

export type InquiryRow = typeof inquiries.$inferSelect;

export function createInquiriesRepository(db: Db) {
  return {
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
