/** What the rest of the server may use of this module; everything else in the folder is its own. */
export { adminPropertiesRoutes } from "./admin-properties.routes";
export { uploadRoutes } from "./upload.routes";
