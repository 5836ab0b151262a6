import type {
  Building,
  BuildingDetail,
  BuildingFilters,
  BuildingsCount,
  BuildingsQuery,
  Unit,
} from "#domain/listings";
import type { Db } from "#server/db/client";
import { decodeKey, toPage } from "#server/db/keyset";
import { groupBy } from "#server/modules/properties";
import { unitNotFound } from "./listings.errors";
import { toBuilding, toUnit, toUnitSummary } from "./listings.mappers";
import {
  type BuildingKey,
  type BuildingRow,
  buildingKeyOf,
  createListingsRepository,
} from "./listings.repository";

/** The public listings: active buildings only, and their units. */

type Deps = { db: Db };

/** The buildings the filters find (a unit of each matches them), with their own photos. */
export async function listBuildings(
  { db }: Deps,
  filters: BuildingFilters,
): Promise<{ buildings: Building[] }> {
  const repo = createListingsRepository(db);
  const rows = await repo.listBuildings(filters);
  return { buildings: await withPhotos(repo, rows) };
}

/**
 * A page of the buildings the filters find, for the API: at most `limit`, after the cursor, and
 * the next page's cursor (null on the last page). Read with `limit + 1` to know.
 */
export async function listBuildingsPage(
  { db }: Deps,
  { cursor, limit, ...filters }: BuildingsQuery,
): Promise<{ buildings: Building[]; nextCursor: string | null }> {
  const repo = createListingsRepository(db);
  const after = cursor === undefined ? undefined : buildingKeyOfCursor(cursor);
  const rows = await repo.listBuildings(filters, { limit: limit + 1, after });
  const page = toPage(rows, limit, buildingKeyOf);
  return { buildings: await withPhotos(repo, page.items), nextCursor: page.nextCursor };
}

/** The list's place a cursor names; a 400 for one this server did not make. */
function buildingKeyOfCursor(cursor: string): BuildingKey {
  return decodeKey(cursor, ["rank", "rank", "integer"]) as BuildingKey;
}

/**
 * How many buildings of the list come before the page a cursor starts (the page's "25-48 of"
 * line): the buildings up to the cursor's, as the list's order stands now.
 */
export async function countBuildingsBefore(
  { db }: Deps,
  filters: BuildingFilters,
  cursor: string,
): Promise<number> {
  return createListingsRepository(db).countUpTo(filters, buildingKeyOfCursor(cursor));
}

/** How many buildings the filters find, and the available units in them. */
export async function countBuildings(
  { db }: Deps,
  filters: BuildingFilters,
): Promise<BuildingsCount> {
  return createListingsRepository(db).countBuildings(filters);
}

async function withPhotos(
  repo: ReturnType<typeof createListingsRepository>,
  rows: BuildingRow[],
): Promise<Building[]> {
  const imagesByBuilding = groupBy(
    await repo.imagesOfProperties(rows.map((r) => r.id)),
    (image) => image.propertyId,
  );
  return rows.map((row) => toBuilding(row, imagesByBuilding.get(row.id) ?? []));
}

/** One building with its units in natural order; null when no active building has that id. */
export async function findBuilding(
  { db }: Deps,
  id: number,
): Promise<{ building: BuildingDetail | null }> {
  const repo = createListingsRepository(db);
  const row = await repo.findBuilding(id);
  if (!row) return { building: null };
  const [imageRows, unitRows] = await Promise.all([
    repo.imagesOfProperties([id]),
    repo.unitsOf(id),
  ]);
  return { building: { ...toBuilding(row, imageRows), units: unitRows.map(toUnitSummary) } };
}

/** One unit of an active building; null when there is none of that id. */
export async function findUnit({ db }: Deps, id: number): Promise<{ unit: Unit | null }> {
  const repo = createListingsRepository(db);
  const found = await repo.findUnit(id);
  if (!found) return { unit: null };
  return { unit: toUnit({ ...found, images: await repo.imagesOfUnit(id) }) };
}

/** As findUnit, for a caller to whom a missing unit is an error (404). */
export async function getUnit(deps: Deps, id: number): Promise<{ unit: Unit }> {
  const { unit } = await findUnit(deps, id);
  if (!unit) throw unitNotFound();
  return { unit };
}
