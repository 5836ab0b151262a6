/** What the rest of the server may use of this module; everything else in the folder is its own. */
export { groupBy, unitFactsOf } from "./properties.mappers";
export {
  type ImageOwner,
  type ImageRow,
  ownedBy,
  type PropertyRow,
  selectImages,
  selectUnits,
  type UnitRow,
} from "./properties.repository";
