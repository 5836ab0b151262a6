import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { images, properties, units } from "#server/db/schema";
import {
  type ImageRow,
  type PropertyRow,
  selectImages,
  type UnitRow,
} from "../properties/properties.queries";

/**
 * The feeds' reads: two queries whatever the number of units, the listed units with their
 * buildings, then all their photos at once.
 */
export function createFeedsRepository(db: Db) {
  return {
    /** Every available unit of an active building, by building then unit. */
    async listedUnits(): Promise<{ unit: UnitRow; property: PropertyRow }[]> {
      return db
        .select({ unit: units, property: properties })
        .from(units)
        .innerJoin(properties, eq(properties.id, units.propertyId))
        .where(and(eq(properties.active, true), eq(units.available, true)))
        .orderBy(asc(properties.id), asc(units.id));
    },

    /** The photos of these units, each unit's in gallery order. */
    async imagesOfUnits(unitIds: number[]): Promise<ImageRow[]> {
      if (unitIds.length === 0) return [];
      return selectImages(db, inArray(images.unitId, unitIds));
    },
  };
}
