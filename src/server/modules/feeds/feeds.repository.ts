import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { afterKey } from "#server/db/keyset";
import {
  type ImageRow,
  type PropertyRow,
  selectImages,
  type UnitRow,
} from "#server/modules/properties";
import { images, properties, units } from "#server/modules/properties/properties.table";

/**
 * The feeds' reads: two queries a page of listed units, the units with their buildings, then
 * all their photos at once.
 */
export function createFeedsRepository(db: Db) {
  return {
    /**
     * A page of the available units of active buildings, by building then unit, after the key (building id, unit id) of the last
     * one before: `limit + 1` rows along units_listed_idx.
     */
    async listedUnitsPage(
      after: readonly [number, number] | null,
      limit: number,
    ): Promise<{ unit: UnitRow; property: PropertyRow }[]> {
      return db
        .select({ unit: units, property: properties })
        .from(units)
        .innerJoin(properties, eq(properties.id, units.propertyId))
        .where(
          and(
            eq(properties.active, true),
            eq(units.available, true),
            after ? afterKey([units.propertyId, units.id], after, "asc") : undefined,
          ),
        )
        .orderBy(asc(units.propertyId), asc(units.id))
        .limit(limit + 1);
    },

    /** The photos of these units, each unit's in gallery order. */
    async imagesOfUnits(unitIds: number[]): Promise<ImageRow[]> {
      if (unitIds.length === 0) return [];
      return selectImages(db, inArray(images.unitId, unitIds));
    },
  };
}
