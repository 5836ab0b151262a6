import type { Locale } from "#domain/locale";

/**
 * A unit as a sentence of an e-mail names it, in its reader's language: "Pearl Street Lofts,
 * unit 101" / "Pearl Street Lofts, unidad 101" (a page's title writes "Unit", capitalised).
 */
export function unitPlace(building: string, unit: string, lang: Locale = "en"): string {
  return `${building}, ${lang === "es" ? "unidad" : "unit"} ${unit}`;
}
