import { asc, eq, type SQL, sql } from "drizzle-orm";
import type { UnitFacts } from "#domain/unit-facts";
import type { Executor } from "#server/db/client";
import { images, type properties, units } from "#server/db/schema";

/**
 * The reads of buildings, units and photos that the public listings and the back office share:
 * the row types, the unit and gallery orders, and the selects built on them. Neither module owns
 * these tables (the listings show active buildings, the back office every one), so both
 * repositories import these pieces from here, and an order changed here changes on every page.
 */

export type PropertyRow = typeof properties.$inferSelect;
export type UnitRow = typeof units.$inferSelect;
export type ImageRow = typeof images.$inferSelect;

/** A unit's facts as the public call, the back office and the feeds send them. */
export function unitFactsOf(row: UnitRow): UnitFacts {
  return {
    accessibilityFeatures: row.accessibilityFeatures,
    utilitiesIncluded: row.utilitiesIncluded,
    pets: row.pets,
    petDeposit: row.petDeposit,
    parking: row.parking,
    parkingFee: row.parkingFee,
    laundry: row.laundry,
    smoking: row.smoking,
    leaseTerms: row.leaseTerms,
    vouchersWelcome: row.vouchersWelcome,
  };
}

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

/** Every unit, or one building's, in natural unit-number order. */
export function selectUnits(db: Executor, propertyId?: number): Promise<UnitRow[]> {
  return db
    .select()
    .from(units)
    .where(propertyId === undefined ? undefined : eq(units.propertyId, propertyId))
    .orderBy(...naturalUnitOrder);
}

/** Every image, or those `where` picks, in gallery order. */
export function selectImages(db: Executor, where?: SQL): Promise<ImageRow[]> {
  return db
    .select()
    .from(images)
    .where(where)
    .orderBy(...galleryOrder);
}

/**
 * Rows grouped by the id `key` gives (rows without one are left out), each group in the rows'
 * own order: how a list of buildings gets its units and images from one query each.
 */
export function groupBy<T>(rows: T[], key: (row: T) => number | null): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    if (k === null) continue;
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}
