import { asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client";
import { images, type properties, units } from "./properties.table";

/**
 * The reads of buildings, units and photos that the public listings, the back office and the
 * feeds share: the row types, the unit and gallery orders, and the selects built on them. Each
 * of those modules reads these tables its own way (the listings show active buildings, the back
 * office every one), so their repositories build on these pieces, and an order changed here
 * changes on every page.
 */

export type PropertyRow = typeof properties.$inferSelect;
export type UnitRow = typeof units.$inferSelect;
export type ImageRow = typeof images.$inferSelect;

/** An image belongs to exactly one building or one unit. */
export type ImageOwner = { propertyId: number } | { unitId: number };

/** Natural order of unit numbers: 2B, 3, 10 (the leading number, then the whole label). */
const naturalUnitOrder = [
  sql`substring(${units.unitNumber} from '^[0-9]{1,9}')::int nulls last`,
  asc(units.unitNumber),
];

/** Gallery order: the position staff gave, then the order of upload. */
const galleryOrder = [asc(images.position), asc(images.id)];

/** The images of that one building (its own, not its units') or of that one unit. */
export const ownedBy = (owner: ImageOwner): SQL =>
  "propertyId" in owner ? eq(images.propertyId, owner.propertyId) : eq(images.unitId, owner.unitId);

/** Every unit, or one building's (or several's), in natural unit-number order. */
export function selectUnits(
  db: Executor,
  propertyId?: number | number[],
  limit?: number,
): Promise<UnitRow[]> {
  const query = db
    .select()
    .from(units)
    .where(
      propertyId === undefined
        ? undefined
        : Array.isArray(propertyId)
          ? inArray(units.propertyId, propertyId)
          : eq(units.propertyId, propertyId),
    )
    .orderBy(...naturalUnitOrder);
  return limit === undefined ? query : query.limit(limit);
}

/** Every image, or those `where` picks, in gallery order. */
export function selectImages(db: Executor, where?: SQL): Promise<ImageRow[]> {
  return db
    .select()
    .from(images)
    .where(where)
    .orderBy(...galleryOrder);
}
