import { and, eq, inArray, not, sql } from "drizzle-orm";
import { hasActiveFilters } from "#domain/listing-format";
import { BUILDING_UNITS_MAX, type BuildingFilters, type BuildingsCount } from "#domain/listings";
import { featureOfAccessFilter, petPoliciesOf } from "#domain/unit-facts";
import type { Db } from "#server/db/client";
import { afterKey } from "#server/db/keyset";
import {
  type ImageRow,
  ownedBy,
  type PropertyRow,
  selectImages,
  selectUnits,
  type UnitRow,
} from "#server/modules/properties";
import { images, properties, units } from "#server/modules/properties/properties.table";

/** A building's place in the list's order (see orderKey). */
export type BuildingKey = [featuredRank: number, vacancyRank: number, id: number];

export const buildingKeyOf = (row: BuildingRow): BuildingKey => [
  row.featured ? 0 : 1,
  row.availableCount > 0 ? 0 : 1,
  row.id,
];

export type BuildingRow = PropertyRow & {
  unitCount: number;
  availableCount: number;
  rentFrom: number | null;
};

/** Public reads: active properties only. */
export function createListingsRepository(db: Db) {
  const unitCount = sql<number>`count(${units.id})::int`;
  const availableCount = sql<number>`(count(${units.id}) filter (where ${units.available}))::int`;
  const rentFrom = sql<string | null>`min(${units.rent}) filter (where ${units.available})`;

  /** A building matches the filters when one of its units does. */
  function matchingUnitExists(filters: BuildingFilters) {
    const conditions = [sql`m.property_id = ${properties.id}`];
    if (filters.beds !== undefined) conditions.push(sql`m.bedrooms >= ${filters.beds}`);
    if (filters.maxRent !== undefined) conditions.push(sql`m.rent <= ${filters.maxRent}`);
    if (filters.available) conditions.push(sql`m.available`);
    if (filters.access !== undefined)
      conditions.push(
        sql`${featureOfAccessFilter(filters.access)} = any(m.accessibility_features)`,
      );
    if (filters.utilities !== undefined)
      conditions.push(sql`${filters.utilities} = any(m.utilities_included)`);
    if (filters.pets !== undefined)
      conditions.push(
        sql`m.pets in (${sql.join(
          petPoliciesOf(filters.pets).map((policy) => sql`${policy}`),
          sql`, `,
        )})`,
      );
    return sql`exists (select 1 from units m where ${sql.join(conditions, sql` and `)})`;
  }

  /**
   * The list's order as one ascending key: featured first, then buildings with an available
   * unit, then by id. A page after a cursor compares the whole key (a row value, in HAVING since
   * its second part is an aggregate).
   */
  const orderKey = [
    sql<number>`(case when ${properties.featured} then 0 else 1 end)`,
    sql<number>`(case when ${availableCount} > 0 then 0 else 1 end)`,
    sql<number>`${properties.id}`,
  ];

  async function withAggregates(
    where: ReturnType<typeof and>,
    page: { limit?: number; after?: BuildingKey } = {},
  ): Promise<BuildingRow[]> {
    const query = db
      .select({ property: properties, unitCount, availableCount, rentFrom })
      .from(properties)
      .leftJoin(units, eq(units.propertyId, properties.id))
      .where(where)
      .groupBy(properties.id)
      .having(page.after ? afterKey(orderKey, page.after, "asc") : undefined)
      .orderBy(...orderKey);
    const rows = page.limit ? await query.limit(page.limit) : await query;
    return rows.map((r) => ({
      ...r.property,
      unitCount: r.unitCount,
      availableCount: r.availableCount,
      rentFrom: r.rentFrom === null ? null : Number(r.rentFrom),
    }));
  }

  return {
    /** The buildings the filters find, in the list's order: `limit` of them after `after`. */
    async listBuildings(
      filters: BuildingFilters,
      page: { limit?: number; after?: BuildingKey } = { limit: filters.limit },
    ): Promise<BuildingRow[]> {
      const filtered = hasActiveFilters(filters) ? matchingUnitExists(filters) : undefined;
      return withAggregates(and(eq(properties.active, true), filtered), page);
    },

    /**
     * How many buildings the filters find, and the available units in them (every available
     * unit of a building found, as its card counts them): one aggregate, no rows.
     */
    async countBuildings(filters: BuildingFilters): Promise<BuildingsCount> {
      const filtered = hasActiveFilters(filters) ? matchingUnitExists(filters) : undefined;
      const [row] = await db
        .select({
          buildings: sql<number>`count(distinct ${properties.id})::int`,
          availableUnits: availableCount,
        })
        .from(properties)
        .leftJoin(units, eq(units.propertyId, properties.id))
        .where(and(eq(properties.active, true), filtered));
      return row ?? { buildings: 0, availableUnits: 0 };
    },

    /** How many of the buildings the filters find come before `after`'s or are it. */
    async countUpTo(filters: BuildingFilters, after: BuildingKey): Promise<number> {
      const filtered = hasActiveFilters(filters) ? matchingUnitExists(filters) : undefined;
      const upTo = db
        .select({ id: properties.id })
        .from(properties)
        .leftJoin(units, eq(units.propertyId, properties.id))
        .where(and(eq(properties.active, true), filtered))
        .groupBy(properties.id)
        .having(not(afterKey(orderKey, after, "asc")))
        .as("up_to");
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(upTo);
      return row?.count ?? 0;
    },

    async findBuilding(id: number): Promise<BuildingRow | null> {
      const rows = await withAggregates(and(eq(properties.active, true), eq(properties.id, id)));
      return rows[0] ?? null;
    },

    /** A building's units in natural unit-number order, the first BUILDING_UNITS_MAX. */
    async unitsOf(propertyId: number): Promise<UnitRow[]> {
      return selectUnits(db, propertyId, BUILDING_UNITS_MAX);
    },

    /** A unit of an active property, with that property. */
    async findUnit(id: number): Promise<{ unit: UnitRow; property: PropertyRow } | null> {
      const rows = await db
        .select({ unit: units, property: properties })
        .from(units)
        .innerJoin(properties, eq(properties.id, units.propertyId))
        .where(and(eq(units.id, id), eq(properties.active, true)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The buildings' own images (not their units'), in gallery order. */
    async imagesOfProperties(propertyIds: number[]): Promise<ImageRow[]> {
      if (propertyIds.length === 0) return [];
      return selectImages(db, inArray(images.propertyId, propertyIds));
    },

    async imagesOfUnit(unitId: number): Promise<ImageRow[]> {
      return selectImages(db, ownedBy({ unitId }));
    },
  };
}
