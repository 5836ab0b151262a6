import { and, desc, eq, inArray, max, or, type SQL, sql } from "drizzle-orm";
import type { FairHousingReview, PropertyValues, UnitValues } from "#domain/admin";
import type { Executor } from "#server/db/client";
import { images, properties, units } from "#server/db/schema";
import {
  type ImageOwner,
  type ImageRow,
  ownedBy,
  type PropertyRow,
  selectImages,
  selectUnits,
  type UnitRow,
} from "../properties/properties.queries";

/** What a save stores: the form's fields and the wording review's record (null: none flagged). */
type Reviewed = { fairHousingReview: FairHousingReview | null };
export type PropertyWrite = Omit<PropertyValues, "fairHousingAcknowledged"> & Reviewed;
export type UnitWrite = Omit<UnitValues, "fairHousingAcknowledged"> & Reviewed;

export type NewImage = Omit<
  typeof images.$inferInsert,
  "id" | "propertyId" | "unitId" | "createdAt"
>;

/**
 * The back office's reads and writes: every property, active or not. Each method takes the
 * handle it runs on, so a service can group several in one transaction.
 */
export function createAdminPropertiesRepository(db: Executor) {
  /** A building's own images and its units' images. */
  const imagesOfBuilding = (propertyId: number): SQL =>
    or(
      eq(images.propertyId, propertyId),
      inArray(
        images.unitId,
        db.select({ id: units.id }).from(units).where(eq(units.propertyId, propertyId)),
      ),
    )!;

  return {
    /** Newest first; one property when `id` is given. */
    listProperties(id?: number): Promise<PropertyRow[]> {
      return db
        .select()
        .from(properties)
        .where(id === undefined ? undefined : eq(properties.id, id))
        .orderBy(desc(properties.createdAt), desc(properties.id));
    },

    /** Every unit, or one building's, in natural unit-number order. */
    listUnits(propertyId?: number): Promise<UnitRow[]> {
      return selectUnits(db, propertyId);
    },

    /** Every image, or those of one building and its units, in gallery order. */
    listImages(propertyId?: number): Promise<ImageRow[]> {
      return selectImages(db, propertyId === undefined ? undefined : imagesOfBuilding(propertyId));
    },

    /** The images of one building (not its units') or of one unit, in gallery order. */
    imagesOf(owner: ImageOwner): Promise<ImageRow[]> {
      return selectImages(db, ownedBy(owner));
    },

    /**
     * Locks a building's row for the rest of the transaction: every write that adds or removes
     * a building's units or images takes this lock first, so a deletion never misses the files
     * of an image inserted at the same moment, and the locks are always taken in one order.
     */
    async lockProperty(id: number): Promise<boolean> {
      const rows = await db
        .select({ id: properties.id })
        .from(properties)
        .where(eq(properties.id, id))
        .for("update");
      return rows.length > 0;
    },

    async insertProperty(values: PropertyWrite): Promise<PropertyRow> {
      const [row] = await db.insert(properties).values(values).returning();
      return row!;
    },

    /** `hasVacancy` (or `descriptionEs`) undefined keeps the stored value. */
    async updateProperty(
      id: number,
      values: Omit<PropertyWrite, "hasVacancy"> & { hasVacancy?: boolean },
    ): Promise<PropertyRow | null> {
      const [row] = await db
        .update(properties)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(properties.id, id))
        .returning();
      return row ?? null;
    },

    async touchProperty(id: number): Promise<void> {
      await db.update(properties).set({ updatedAt: sql`now()` }).where(eq(properties.id, id));
    },

    async deleteProperty(id: number): Promise<boolean> {
      const rows = await db
        .delete(properties)
        .where(eq(properties.id, id))
        .returning({ id: properties.id });
      return rows.length > 0;
    },

    async findUnit(id: number): Promise<UnitRow | null> {
      const [row] = await db.select().from(units).where(eq(units.id, id));
      return row ?? null;
    },

    /** The unit, its row locked until the transaction ends. */
    async findUnitForUpdate(id: number): Promise<UnitRow | null> {
      const [row] = await db.select().from(units).where(eq(units.id, id)).for("update");
      return row ?? null;
    },

    async insertUnit(propertyId: number, values: UnitWrite): Promise<UnitRow> {
      const [row] = await db
        .insert(units)
        .values({ ...values, propertyId })
        .returning();
      return row!;
    },

    /** `descriptionEs` undefined keeps the stored one. A save confirms the availability. */
    async updateUnit(id: number, values: UnitWrite): Promise<UnitRow | null> {
      const [row] = await db
        .update(units)
        .set({ ...values, availabilityConfirmedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(units.id, id))
        .returning();
      return row ?? null;
    },

    /**
     * Staff checked that the unit's availability is right: only the confirmation moves, not
     * `updatedAt`, which says when the listing itself last changed (the sitemap's lastmod).
     */
    async confirmAvailability(id: number): Promise<boolean> {
      const rows = await db
        .update(units)
        .set({ availabilityConfirmedAt: sql`now()` })
        .where(eq(units.id, id))
        .returning({ id: units.id });
      return rows.length > 0;
    },

    async touchUnit(id: number): Promise<void> {
      await db.update(units).set({ updatedAt: sql`now()` }).where(eq(units.id, id));
    },

    async deleteUnit(id: number): Promise<boolean> {
      const rows = await db.delete(units).where(eq(units.id, id)).returning({ id: units.id });
      return rows.length > 0;
    },

    /** The position after the owner's last image. */
    async nextPosition(owner: ImageOwner): Promise<number> {
      const [row] = await db
        .select({ last: max(images.position) })
        .from(images)
        .where(ownedBy(owner));
      return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
    },

    async insertImages(owner: ImageOwner, rows: NewImage[]): Promise<ImageRow[]> {
      if (rows.length === 0) return [];
      return db
        .insert(images)
        .values(rows.map((row) => ({ ...row, ...owner })))
        .returning();
    },

    /** Deletes the image only if it belongs to that owner. */
    async deleteImage(id: number, owner: ImageOwner): Promise<ImageRow | null> {
      const [row] = await db
        .delete(images)
        .where(and(eq(images.id, id), ownedBy(owner)))
        .returning();
      return row ?? null;
    },

    /** The image, its row locked until the transaction ends. */
    async findImageForUpdate(id: number): Promise<ImageRow | null> {
      const [row] = await db.select().from(images).where(eq(images.id, id)).for("update");
      return row ?? null;
    },

    async updateImageAlt(id: number, alt: string): Promise<ImageRow | null> {
      const [row] = await db.update(images).set({ alt }).where(eq(images.id, id)).returning();
      return row ?? null;
    },
  };
}
