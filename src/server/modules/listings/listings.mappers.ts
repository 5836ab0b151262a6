import { defaultUnitDescription } from "#domain/listing-format";
import { type Building, LISTING_PHOTOS_MAX, type Unit, type UnitSummary } from "#domain/listings";
import { photosOrPlaceholder, toPhoto, unitGallery } from "#domain/photos";
import {
  type ImageRow,
  type PropertyRow,
  type UnitRow,
  unitFactsOf,
} from "#server/modules/properties";
import type { BuildingRow } from "./listings.repository";

/** Rows as the public listings show them: photos with their alt text, vacancy, facts. */

/**
 * A photo without its own alt text is described by its place in the gallery. At most
 * LISTING_PHOTOS_MAX, the upload limit, whatever older data holds.
 */
function photosOf(allRows: ImageRow[], name: string) {
  const rows = allRows.slice(0, LISTING_PHOTOS_MAX);
  return rows.map((row, i) =>
    toPhoto({ ...row, alt: row.alt.trim() || `${name}, photo ${i + 1} of ${rows.length}` }),
  );
}

export function toBuilding(row: BuildingRow, imageRows: ImageRow[]): Building {
  const photos = photosOrPlaceholder(photosOf(imageRows, row.title), row.id, row.title);
  // With units, vacancy follows them; the stored flag counts only for a building without units.
  const hasVacancy = row.unitCount > 0 ? row.availableCount > 0 : row.hasVacancy;
  return {
    id: row.id,
    name: row.title,
    type: row.type,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    hasVacancy,
    images: photos.map((p) => p.url),
    photos,
    amenities: row.amenities,
    yearBuilt: row.yearBuilt,
    availableUnits: row.availableCount,
    totalUnits: row.unitCount > 0 ? row.unitCount : (row.totalUnits ?? 0),
    rentFrom: row.rentFrom,
    featured: row.featured,
    description: row.description,
    descriptionEs: row.descriptionEs,
  };
}

export function toUnitSummary(unit: UnitRow): UnitSummary {
  return {
    id: unit.id,
    unitNumber: unit.unitNumber,
    bedrooms: unit.bedrooms,
    bathrooms: unit.bathrooms,
    squareFeet: unit.squareFeet,
    rent: unit.rent,
    available: unit.available,
    availableFrom: unit.availableFrom,
  };
}

/**
 * A unit of an active building as the public unit call shows it: its gallery (or placeholders),
 * its description (or the generated one), its amenities with its building's, its facts. The
 * listing feeds build their listings from it too, so both say the same of a unit.
 */
export function toUnit({
  unit,
  property,
  images,
}: {
  unit: UnitRow;
  property: PropertyRow;
  images: ImageRow[];
}): Unit {
  const title = `${property.title}, Unit ${unit.unitNumber}`;
  const photos = unitGallery(photosOf(images, title), unit.id, title);
  const place = {
    address: property.address,
    city: property.city,
    state: property.state,
    zipCode: property.zipCode,
  };
  return {
    ...toUnitSummary(unit),
    ...place,
    title,
    type: property.type,
    featured: property.featured,
    images: photos.map((p) => p.url),
    photos,
    description:
      unit.description.trim() ||
      defaultUnitDescription({
        bedrooms: unit.bedrooms,
        bathrooms: unit.bathrooms,
        type: property.type,
        ...place,
      }),
    // The staff's own Spanish text only: the Spanish page shows `description` without it.
    descriptionEs: unit.descriptionEs,
    amenities: [...new Set([...unit.features, ...property.amenities])],
    deposit: unit.deposit,
    building: { id: property.id, name: property.title },
    ...unitFactsOf(unit),
    availabilityConfirmedAt: unit.availabilityConfirmedAt.toISOString(),
  };
}
