import type { AlertSubscription } from "#domain/alerts";
import { buildingFiltersKey } from "#domain/listing-format";
import type { Building, BuildingDetail, BuildingFilters, Unit } from "#domain/listings";
import type { Db } from "../db/client";
import { getBuilding, getUnit, listBuildings } from "../modules/listings/listings.service";
import { isAppError } from "./errors";
import type { ResponseCache } from "./response-cache";

/**
 * What the web app's loaders may ask the server for. Loaders run in this process, so they call
 * the services directly (no HTTP round trip); the web app imports only this type.
 * "Not found" is null here, so pages need not know the server's error classes.
 */
export type WebServices = {
  publicUrl: string;
  listings: {
    listBuildings(filters: BuildingFilters): Promise<Building[]>;
    findBuilding(id: number): Promise<BuildingDetail | null>;
    findUnit(id: number): Promise<Unit | null>;
  };
  alerts: AlertPages;
};

/** What the listing alerts' pages read: a confirmation or a manage link's subscription. */
export type AlertPages = {
  /** The agency's towns, to choose from when subscribing. */
  towns(): Promise<string[]>;
  /**
   * The subscription a confirmation link would turn on, unchanged (the page asks; its button
   * confirms through the API); the manage token once it is confirmed; null for a bad link.
   */
  confirmation(token: string): Promise<(AlertSubscription & { manageToken?: string }) | null>;
  /**
   * The confirmation page's button sent as a plain form (no JavaScript yet, or none): the same
   * as the API's POST /api/alerts/confirm/:token. The manage token of the alert that is on (the
   * one already on, when the same alert was confirmed before by another link); null for a link
   * that no longer works.
   */
  confirm(token: string): Promise<{ manageToken: string } | null>;
  find(token: string): Promise<AlertSubscription | null>;
};

async function nullIfNotFound<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (error) {
    if (isAppError(error) && error.statusCode === 404) return null;
    throw error;
  }
}

/** Listing reads go through the response cache, like the public API's. */
export function createWebServices(deps: {
  db: Db;
  publicUrl: string;
  cache: ResponseCache;
  alerts: AlertPages;
}): WebServices {
  const { cache } = deps;
  return {
    publicUrl: deps.publicUrl,
    alerts: deps.alerts,
    listings: {
      listBuildings: (filters) =>
        cache.get(
          `web:buildings:${buildingFiltersKey(filters)}`,
          async () => (await listBuildings(deps, filters)).buildings,
        ),
      findBuilding: (id) =>
        cache.get(`web:building:${id}`, () =>
          nullIfNotFound(getBuilding(deps, id).then((r) => r.building)),
        ),
      findUnit: (id) =>
        cache.get(`web:unit:${id}`, () => nullIfNotFound(getUnit(deps, id).then((r) => r.unit))),
    },
  };
}
