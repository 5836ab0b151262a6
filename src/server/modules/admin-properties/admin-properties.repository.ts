import { and, asc, count, desc, eq, inArray, lte, max, or, type SQL, sql } from "drizzle-orm";
import type { FairHousingReview, PropertyValues, UnitValues } from "#domain/admin";
import type { Executor } from "#server/db/client";
import { afterKey, type KeyPart, timeKey } from "#server/db/keyset";
import { prefixQuery } from "#server/db/search";
import { sqlState } from "#server/http/errors";
import {
  type ImageOwner,
  type ImageRow,
  ownedBy,
  type PropertyRow,
  selectImages,
  selectUnits,
  type UnitRow,
} from "#server/modules/properties";
import {
  images,
  properties,
  propertySearchDocument,
  units,
} from "#server/modules/properties/properties.table";
import { duplicateUnit } from "./admin-properties.errors";

/** What a save stores: the form's fields and the wording review's record (null: none flagged). */
type Reviewed = { fairHousingReview: FairHousingReview | null };
export type PropertyWrite = Omit<PropertyValues, "fairHousingAcknowledged"> & Reviewed;
export type UnitWrite = Omit<UnitValues, "fairHousingAcknowledged"> & Reviewed;

export type NewImage = Omit<
  typeof images.$inferInsert,
  "id" | "propertyId" | "unitId" | "createdAt"
>;

/** The unique index units_property_number_key: a 409 with the dialog's words, never a 500. */
async function refusingDuplicateUnit<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (sqlState(error) === "23505") throw duplicateUnit();
    throw error;
  }
}

/*
 * The back office's reads and writes: every property, active or not. Each function takes the
 * handle it runs on (the pool, or a transaction), so a service can group several in one
 * transaction.
 */

/** A building's own images and its units' images. */
const imagesOfBuilding = (db: Executor, propertyId: number): SQL =>
  or(
    eq(images.propertyId, propertyId),
    inArray(
      images.unitId,
      db.select({ id: units.id }).from(units).where(eq(units.propertyId, propertyId)),
    ),
  )!;

/** Newest first; one property when `id` is given. */
export function listProperties(db: Executor, id?: number): Promise<PropertyRow[]> {
  return db
    .select()
    .from(properties)
    .where(id === undefined ? undefined : eq(properties.id, id))
    .orderBy(desc(properties.createdAt), desc(properties.id));
}

export type PropertyPageQuery = { limit: number; after: KeyPart[] | null; q?: string };

/**
 * A page of buildings, newest first (the index properties_created_idx holds that order), read
 * with `limit + 1` rows; each row carries its keyset key (created_at to the microsecond, id).
 * The search is answered by the GIN index on the same expression (properties_search_idx).
 */
export async function pageProperties(
  db: Executor,
  { limit, after, q }: PropertyPageQuery,
): Promise<(PropertyRow & { key: KeyPart[] })[]> {
  const words = prefixQuery(q);
  const rows = await db
    .select({ property: properties, key: timeKey(properties.createdAt) })
    .from(properties)
    .where(
      and(
        words === null
          ? undefined
          : sql`${propertySearchDocument(properties)} @@ to_tsquery('simple', ${words})`,
        after ? afterKey([properties.createdAt, properties.id], after) : undefined,
      ),
    )
    .orderBy(desc(properties.createdAt), desc(properties.id))
    .limit(limit + 1);
  return rows.map((row) => ({ ...row.property, key: [row.key, row.property.id] }));
}

/** The units of these buildings, in natural unit-number order. */
export function unitsOfProperties(db: Executor, ids: number[]): Promise<UnitRow[]> {
  return selectUnits(db, ids);
}

/** The images of these buildings and of their units, in gallery order. */
export function imagesOfProperties(db: Executor, ids: number[]): Promise<ImageRow[]> {
  return selectImages(
    db,
    or(
      inArray(images.propertyId, ids),
      inArray(
        images.unitId,
        db.select({ id: units.id }).from(units).where(inArray(units.propertyId, ids)),
      ),
    ),
  );
}

/** The figures of every building and unit: two aggregate queries, no rows loaded. */
export async function propertyStats(db: Executor) {
  const [[buildings], [unitFigures]] = await Promise.all([
    db.select({ total: count(), lastUpdated: max(properties.updatedAt) }).from(properties),
    db
      .select({
        total: count(),
        available: sql<number>`count(*) filter (where ${units.available})`.mapWith(Number),
        lastUpdated: max(units.updatedAt),
      })
      .from(units),
  ]);
  return { buildings: buildings!, units: unitFigures! };
}

/** What makes a unit due for confirmation: available, in an active building, unconfirmed since. */
function dueForConfirmation(cutoff: Date): SQL | undefined {
  return and(
    eq(units.available, true),
    eq(properties.active, true),
    lte(units.availabilityConfirmedAt, cutoff),
  );
}

export type DuePageQuery = { cutoff: Date; limit: number; after: KeyPart[] | null };

/**
 * A page of the units due for confirmation, the longest unconfirmed first, with their
 * building's name, read with `limit + 1` rows; the partial index units_to_confirm_idx holds
 * that order.
 */
export async function pageUnitsToConfirm(
  db: Executor,
  { cutoff, limit, after }: DuePageQuery,
): Promise<{ unit: UnitRow; building: string; key: KeyPart[] }[]> {
  const rows = await db
    .select({
      unit: units,
      building: properties.title,
      time: timeKey(units.availabilityConfirmedAt),
    })
    .from(units)
    .innerJoin(properties, eq(properties.id, units.propertyId))
    .where(
      and(
        dueForConfirmation(cutoff),
        after ? afterKey([units.availabilityConfirmedAt, units.id], after, "asc") : undefined,
      ),
    )
    .orderBy(asc(units.availabilityConfirmedAt), asc(units.id))
    .limit(limit + 1);
  return rows.map((row) => ({
    unit: row.unit,
    building: row.building,
    key: [row.time, row.unit.id],
  }));
}

export async function countUnitsToConfirm(db: Executor, cutoff: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(units)
    .innerJoin(properties, eq(properties.id, units.propertyId))
    .where(dueForConfirmation(cutoff));
  return row?.total ?? 0;
}

/** The images of these units, in gallery order. */
export function imagesOfUnits(db: Executor, ids: number[]): Promise<ImageRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return selectImages(db, inArray(images.unitId, ids));
}

export type ChoiceRow = { id: number; title: string };

/**
 * The first `limit` buildings by name whose search document has every word typed (the GIN
 * index properties_search_idx), the one of `id` when asked, and how many match.
 */
export async function buildingChoices(
  db: Executor,
  { q, id, limit }: { q?: string; id?: number; limit: number },
): Promise<{ rows: ChoiceRow[]; chosen: ChoiceRow | null; total: number }> {
  const words = prefixQuery(q);
  const match =
    words === null
      ? undefined
      : sql`${propertySearchDocument(properties)} @@ to_tsquery('simple', ${words})`;
  const choice = { id: properties.id, title: properties.title };
  const [rows, [counted], chosen] = await Promise.all([
    db
      .select(choice)
      .from(properties)
      .where(match)
      .orderBy(asc(properties.title), asc(properties.id))
      .limit(limit),
    db.select({ total: count() }).from(properties).where(match),
    id === undefined
      ? Promise.resolve([])
      : db.select(choice).from(properties).where(eq(properties.id, id)),
  ]);
  return { rows, chosen: chosen[0] ?? null, total: counted?.total ?? 0 };
}

/** Every unit, or one building's, in natural unit-number order. */
export function listUnits(db: Executor, propertyId?: number): Promise<UnitRow[]> {
  return selectUnits(db, propertyId);
}

/** Every image, or those of one building and its units, in gallery order. */
export function listImages(db: Executor, propertyId?: number): Promise<ImageRow[]> {
  return selectImages(db, propertyId === undefined ? undefined : imagesOfBuilding(db, propertyId));
}

/** The images of one building (not its units') or of one unit, in gallery order. */
export function imagesOf(db: Executor, owner: ImageOwner): Promise<ImageRow[]> {
  return selectImages(db, ownedBy(owner));
}

/**
 * Locks a building's row for the rest of the transaction: every write that adds or removes
 * a building's units or images takes this lock first, so a deletion never misses the files
 * of an image inserted at the same moment, and the locks are always taken in one order.
 */
export async function lockProperty(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.id, id))
    .for("update");
  return rows.length > 0;
}

export async function insertProperty(db: Executor, values: PropertyWrite): Promise<PropertyRow> {
  const [row] = await db.insert(properties).values(values).returning();
  return row!;
}

/** `hasVacancy` (or `descriptionEs`) undefined keeps the stored value. */
export async function updateProperty(
  db: Executor,
  id: number,
  values: Omit<PropertyWrite, "hasVacancy"> & { hasVacancy?: boolean },
): Promise<PropertyRow | null> {
  const [row] = await db
    .update(properties)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(properties.id, id))
    .returning();
  return row ?? null;
}

export async function touchProperty(db: Executor, id: number): Promise<void> {
  await db.update(properties).set({ updatedAt: sql`now()` }).where(eq(properties.id, id));
}

export async function deleteProperty(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .delete(properties)
    .where(eq(properties.id, id))
    .returning({ id: properties.id });
  return rows.length > 0;
}

export async function findUnit(db: Executor, id: number): Promise<UnitRow | null> {
  const [row] = await db.select().from(units).where(eq(units.id, id));
  return row ?? null;
}

/** The unit, its row locked until the transaction ends. */
export async function findUnitForUpdate(db: Executor, id: number): Promise<UnitRow | null> {
  const [row] = await db.select().from(units).where(eq(units.id, id)).for("update");
  return row ?? null;
}

/** A unit number already used in that building is refused (409). */
export async function insertUnit(
  db: Executor,
  propertyId: number,
  values: UnitWrite,
): Promise<UnitRow> {
  const [row] = await refusingDuplicateUnit(
    db
      .insert(units)
      .values({ ...values, propertyId })
      .returning(),
  );
  return row!;
}

/**
 * `descriptionEs` undefined keeps the stored one. A save confirms the availability. A unit
 * number already used in that building is refused (409).
 */
export async function updateUnit(
  db: Executor,
  id: number,
  values: UnitWrite,
): Promise<UnitRow | null> {
  const [row] = await refusingDuplicateUnit(
    db
      .update(units)
      .set({ ...values, availabilityConfirmedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(units.id, id))
      .returning(),
  );
  return row ?? null;
}

/**
 * Staff checked that the unit's availability is right: only the confirmation moves, not
 * `updatedAt`, which says when the listing itself last changed (the sitemap's lastmod).
 */
export async function confirmAvailability(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .update(units)
    .set({ availabilityConfirmedAt: sql`now()` })
    .where(eq(units.id, id))
    .returning({ id: units.id });
  return rows.length > 0;
}

export async function touchUnit(db: Executor, id: number): Promise<void> {
  await db.update(units).set({ updatedAt: sql`now()` }).where(eq(units.id, id));
}

export async function deleteUnit(db: Executor, id: number): Promise<boolean> {
  const rows = await db.delete(units).where(eq(units.id, id)).returning({ id: units.id });
  return rows.length > 0;
}

/** The position after the owner's last image. */
export async function countUnits(db: Executor, propertyId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(units).where(eq(units.propertyId, propertyId));
  return row?.n ?? 0;
}

export async function countImages(db: Executor, owner: ImageOwner): Promise<number> {
  const [row] = await db.select({ n: count() }).from(images).where(ownedBy(owner));
  return row?.n ?? 0;
}

export async function nextPosition(db: Executor, owner: ImageOwner): Promise<number> {
  const [row] = await db
    .select({ last: max(images.position) })
    .from(images)
    .where(ownedBy(owner));
  return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
}

export async function insertImages(
  db: Executor,
  owner: ImageOwner,
  rows: NewImage[],
): Promise<ImageRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(images)
    .values(rows.map((row) => ({ ...row, ...owner })))
    .returning();
}

/** Deletes the image only if it belongs to that owner. */
export async function deleteImage(
  db: Executor,
  id: number,
  owner: ImageOwner,
): Promise<ImageRow | null> {
  const [row] = await db
    .delete(images)
    .where(and(eq(images.id, id), ownedBy(owner)))
    .returning();
  return row ?? null;
}

/** The image, its row locked until the transaction ends. */
export async function findImageForUpdate(db: Executor, id: number): Promise<ImageRow | null> {
  const [row] = await db.select().from(images).where(eq(images.id, id)).for("update");
  return row ?? null;
}

export async function updateImageAlt(
  db: Executor,
  id: number,
  alt: string,
): Promise<ImageRow | null> {
  const [row] = await db.update(images).set({ alt }).where(eq(images.id, id)).returning();
  return row ?? null;
}
