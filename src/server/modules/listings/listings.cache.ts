import { buildingFiltersKey } from "#domain/listing-format";
import type {
  Building,
  BuildingDetail,
  BuildingFilters,
  BuildingsCount,
  BuildingsQuery,
  Unit,
} from "#domain/listings";
import type { Db } from "#server/db/client";
import { type Representation, type ResponseCache, represent } from "#server/http/response-cache";
import {
  countBuildings,
  countBuildingsBefore,
  findBuilding,
  findUnit,
  listBuildings,
  listBuildingsPage,
} from "./listings.service";

/**
 * The public listings as the API and the pages' loaders both read them: one entry per question
 * in the response cache, under one key (`listings:buildings:<filters>`,
 * `listings:buildings-page:<filters>:<limit>:<cursor>`, `listings:buildings-count:<filters>`,
 * `listings:buildings-before:<filters>:<cursor>`,
 * `listings:building:<id>`, `listings:unit:<id>`), read once from the database per generation. Every write that
 * invalidates the listings empties the cache before its answer leaves, so neither reader can
 * show a change late. The API sends an entry's JSON, the loaders use its value.
 */
export type CachedListing<T> = {
  value: T;
  /** The value as the API sends it, with its ETag: made on first use, then kept with the entry. */
  json(): Representation;
};

type Deps = { db: Db; cache: ResponseCache };

function cachedListing<T>(value: T): CachedListing<T> {
  let json: Representation | undefined;
  return { value, json: () => (json ??= represent(JSON.stringify(value))) };
}

export function cachedBuildings(
  deps: Deps,
  filters: BuildingFilters,
): Promise<CachedListing<Building[]>> {
  return deps.cache.get(`listings:buildings:${buildingFiltersKey(filters)}`, async () =>
    cachedListing((await listBuildings(deps, filters)).buildings),
  );
}

/**
 * A page of the API's list, under the filters, the limit and the cursor (the cache keeps at most
 * its maxEntries, the least recently read going first, so forged cursors cannot grow it). The
 * value is the page's buildings, sent as the array the API answers; the next cursor goes in
 * the Link header.
 */
export function cachedBuildingsPage(
  deps: Deps,
  { limit, cursor, ...filters }: BuildingsQuery,
): Promise<CachedListing<Building[]> & { nextCursor: string | null }> {
  const key = `listings:buildings-page:${buildingFiltersKey(filters)}:${limit}:${cursor ?? ""}`;
  return deps.cache.get(key, async () => {
    const page = await listBuildingsPage(deps, { ...filters, limit, cursor });
    return { ...cachedListing(page.buildings), nextCursor: page.nextCursor };
  });
}

/** How many buildings the filters find, and their available units: the list page's summary. */
export function cachedBuildingsCount(
  deps: Deps,
  filters: BuildingFilters,
): Promise<BuildingsCount> {
  return deps.cache.get(`listings:buildings-count:${buildingFiltersKey(filters)}`, () =>
    countBuildings(deps, filters),
  );
}

/** How many buildings come before the page a cursor starts; a 400 for a cursor not made here. */
export function cachedBuildingsBefore(
  deps: Deps,
  filters: BuildingFilters,
  cursor: string,
): Promise<number> {
  return deps.cache.get(`listings:buildings-before:${buildingFiltersKey(filters)}:${cursor}`, () =>
    countBuildingsBefore(deps, filters, cursor),
  );
}

/** Null, kept like an answer, when no active building has that id. */
export function cachedBuilding(
  deps: Deps,
  id: number,
): Promise<CachedListing<BuildingDetail> | null> {
  return deps.cache.get(`listings:building:${id}`, async () => {
    const { building } = await findBuilding(deps, id);
    return building && cachedListing(building);
  });
}

/** Null, kept like an answer, when no unit of an active building has that id. */
export function cachedUnit(deps: Deps, id: number): Promise<CachedListing<Unit> | null> {
  return deps.cache.get(`listings:unit:${id}`, async () => {
    const { unit } = await findUnit(deps, id);
    return unit && cachedListing(unit);
  });
}
