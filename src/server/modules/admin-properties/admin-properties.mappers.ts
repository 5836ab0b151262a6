import type { AdminImage, AdminProperty, AdminUnit } from "#domain/admin";
import { toPhoto } from "#domain/photos";
import {
  groupBy,
  type ImageRow,
  type PropertyRow,
  type UnitRow,
  unitFactsOf,
} from "#server/modules/properties";

/** Rows as the back office sees them: stored values, URLs built, timestamps as ISO strings. */

export function toAdminImage(row: ImageRow): AdminImage {
  // The stored alt, possibly empty: the public pages then describe the photo themselves.
  const { url, srcSet, width, height } = toPhoto(row);
  return {
    id: row.id,
    path: row.path,
    filename: row.filename,
    alt: row.alt,
    url,
    srcSet,
    width,
    height,
  };
}

export function toAdminUnit(row: UnitRow, imageRows: ImageRow[]): AdminUnit {
  return {
    id: row.id,
    propertyId: row.propertyId,
    unitNumber: row.unitNumber,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    squareFeet: row.squareFeet,
    rent: row.rent,
    deposit: row.deposit,
    available: row.available,
    availableFrom: row.availableFrom,
    features: row.features,
    description: row.description,
    descriptionEs: row.descriptionEs,
    floorPlan: row.floorPlan,
    fairHousingReview: row.fairHousingReview ?? null,
    ...unitFactsOf(row),
    availabilityConfirmedAt: row.availabilityConfirmedAt.toISOString(),
    images: imageRows.map(toAdminImage),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toAdminProperty(
  row: PropertyRow,
  imageRows: ImageRow[],
  units: AdminUnit[],
): AdminProperty {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    description: row.description,
    descriptionEs: row.descriptionEs,
    yearBuilt: row.yearBuilt,
    totalUnits: row.totalUnits,
    amenities: row.amenities,
    featured: row.featured,
    active: row.active,
    hasVacancy: row.hasVacancy,
    fairHousingReview: row.fairHousingReview ?? null,
    images: imageRows.map(toAdminImage),
    units,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Puts the three flat lists together (each already in its order), so the list costs three
 * queries whatever the number of buildings.
 */
export function assembleProperties(
  propertyRows: PropertyRow[],
  unitRows: UnitRow[],
  imageRows: ImageRow[],
): AdminProperty[] {
  const imagesByProperty = groupBy(imageRows, (image) => image.propertyId);
  const imagesByUnit = groupBy(imageRows, (image) => image.unitId);
  const unitsByProperty = groupBy(unitRows, (unit) => unit.propertyId);
  return propertyRows.map((property) =>
    toAdminProperty(
      property,
      imagesByProperty.get(property.id) ?? [],
      (unitsByProperty.get(property.id) ?? []).map((unit) =>
        toAdminUnit(unit, imagesByUnit.get(unit.id) ?? []),
      ),
    ),
  );
}
