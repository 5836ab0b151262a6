import { defaultUnitDescription } from "#domain/listing-format";
import type {
  Building,
  BuildingDetail,
  BuildingFilters,
  Unit,
  UnitSummary,
} from "#domain/listings";
import { photosOrPlaceholder, toPhoto, unitGallery } from "#domain/photos";
import type { Db } from "#server/db/client";
import {
  groupBy,
  type ImageRow,
  type PropertyRow,
  type UnitRow,
  unitFactsOf,
} from "../properties/properties.queries";
import { buildingNotFound, unitNotFound } from "./listings.errors";
import { type BuildingRow, createListingsRepository } from "./listings.repository";

type Deps = { db: Db };

function photosOf(rows: ImageRow[], name: string) {
  return rows.map((row, i) =>
    toPhoto({ ...row, alt: row.alt.trim() || `${name}, photo ${i + 1} of ${rows.length}` }),
  );
}

function toBuilding(row: BuildingRow, imageRows: ImageRow[]): Building {
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

function toUnitSummary(unit: UnitRow): UnitSummary {
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

export async function listBuildings(
  { db }: Deps,
  filters: BuildingFilters,
): Promise<{ buildings: Building[] }> {
  const repo = createListingsRepository(db);
  const rows = await repo.listBuildings(filters);
  const imagesByBuilding = groupBy(
    await repo.imagesOfProperties(rows.map((r) => r.id)),
    (image) => image.propertyId,
  );
  const buildings = rows.map((row) => toBuilding(row, imagesByBuilding.get(row.id) ?? []));
  return { buildings };
}

export async function getBuilding({ db }: Deps, id: number): Promise<{ building: BuildingDetail }> {
  const repo = createListingsRepository(db);
  const row = await repo.findBuilding(id);
  if (!row) throw buildingNotFound();
  const [imageRows, unitRows] = await Promise.all([
    repo.imagesOfProperties([id]),
    repo.unitsOf(id),
  ]);
  return { building: { ...toBuilding(row, imageRows), units: unitRows.map(toUnitSummary) } };
}

export async function getUnit({ db }: Deps, id: number): Promise<{ unit: Unit }> {
  const repo = createListingsRepository(db);
  const found = await repo.findUnit(id);
  if (!found) throw unitNotFound();
  return { unit: toUnit({ ...found, images: await repo.imagesOfUnit(id) }) };
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

export async function sitemapEntries({ db }: Deps) {
  return createListingsRepository(db).sitemapEntries();
}
