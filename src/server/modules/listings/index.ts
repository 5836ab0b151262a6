/** What the rest of the server may use of this module; everything else in the folder is its own. */
export {
  cachedBuilding,
  cachedBuildings,
  cachedBuildingsBefore,
  cachedBuildingsCount,
  cachedBuildingsPage,
  cachedUnit,
} from "./listings.cache";
export { toUnit } from "./listings.mappers";
export { listingsRoutes } from "./listings.routes";
export { getUnit } from "./listings.service";
