/** What the rest of the server may use of this module; everything else in the folder is its own. */
export { createDemoAdministrator, seedDemoContent } from "./demo.service";
