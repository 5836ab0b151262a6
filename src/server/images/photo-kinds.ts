import { propertyTypes } from "#domain/listing-format";

/**
 * What a drawn photo can show: the kinds of picture and the facade styles. They live apart from
 * photo-generator.ts, which imports the drawings, so that the drawings never import it back.
 */

export type PhotoKind = "facade" | "living-room" | "kitchen" | "bedroom" | "bathroom";

export const PHOTO_KINDS = [
  "facade",
  "living-room",
  "kitchen",
  "bedroom",
  "bathroom",
] as const satisfies readonly PhotoKind[];

/** A facade is drawn in the style of a property type: one per type the product knows. */
export const FACADE_STYLES = propertyTypes;

export type FacadeStyle = (typeof FACADE_STYLES)[number];
