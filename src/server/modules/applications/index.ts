/**
 * What the rest of the server may use of this module: rental applications (so far the
 * settings: the screening fee's cap for the year).
 */
export { applicationsRoutes } from "./applications.routes";
