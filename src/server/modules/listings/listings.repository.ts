import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { hasActiveFilters } from "#domain/listing-format";
import type { BuildingFilters } from "#domain/listings";
import { featureOfAccessFilter, petPoliciesOf } from "#domain/unit-facts";
import type { Db } from "#server/db/client";
import { images, properties, units } from "#server/db/schema";
import {
  type ImageRow,
  ownedBy,
  type PropertyRow,
  selectImages,
  selectUnits,
  type UnitRow,
} from "../properties/properties.queries";

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

  async function withAggregates(
    where: ReturnType<typeof and>,
    limit?: number,
  ): Promise<BuildingRow[]> {
    const query = db
      .select({ property: properties, unitCount, availableCount, rentFrom })
      .from(properties)
      .leftJoin(units, eq(units.propertyId, properties.id))
      .where(where)
      .groupBy(properties.id)
      .orderBy(
        sql`${properties.featured} desc`,
        sql`${availableCount} > 0 desc`,
        asc(properties.id),
      );
    const rows = limit ? await query.limit(limit) : await query;
    return rows.map((r) => ({
      ...r.property,
      unitCount: r.unitCount,
      availableCount: r.availableCount,
      rentFrom: r.rentFrom === null ? null : Number(r.rentFrom),
    }));
  }

  return {
    async listBuildings(filters: BuildingFilters): Promise<BuildingRow[]> {
      const filtered = hasActiveFilters(filters) ? matchingUnitExists(filters) : undefined;
      return withAggregates(and(eq(properties.active, true), filtered), filters.limit);
    },

    async findBuilding(id: number): Promise<BuildingRow | null> {
      const rows = await withAggregates(and(eq(properties.active, true), eq(properties.id, id)));
      return rows[0] ?? null;
    },

    /** A building's units in natural unit-number order. */
    async unitsOf(propertyId: number): Promise<UnitRow[]> {
      return selectUnits(db, propertyId);
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

    /** For the sitemap: every active building and every available unit of one. */
    async sitemapEntries(): Promise<{
      buildings: { id: number; updatedAt: Date }[];
      units: { id: number; updatedAt: Date }[];
    }> {
      const buildings = await db
        .select({ id: properties.id, updatedAt: properties.updatedAt })
        .from(properties)
        .where(eq(properties.active, true))
        .orderBy(asc(properties.id));
      const available = await db
        .select({ id: units.id, updatedAt: units.updatedAt })
        .from(units)
        .innerJoin(properties, eq(properties.id, units.propertyId))
        .where(and(eq(properties.active, true), eq(units.available, true)))
        .orderBy(asc(units.id));
      return { buildings, units: available };
    },
  };
}
