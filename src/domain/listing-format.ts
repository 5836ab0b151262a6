import type { BuildingFilters } from "./listings";

/**
 * Pure helpers for showing listings. Kept apart from the zod schemas in listings.ts so that pages
 * which only show listings do not ship the validation library to the browser. Their words are
 * English (the server's generated texts, the back office): the renter's pages, in English and
 * Spanish, use the catalogue's versions in src/web/features/listings/listing-text.ts.
 */

export const propertyTypes = [
  "apartment",
  "house",
  "condo",
  "townhouse",
  "duplex",
  "studio",
  "loft",
  "single-family",
  "multi-family",
  "commercial",
] as const;
export type PropertyType = (typeof propertyTypes)[number];

export const amenityChoices = [
  "Air Conditioning",
  "Heating",
  "Dishwasher",
  "Washer/Dryer",
  "Parking Space",
  "Balcony/Patio",
  "Swimming Pool",
  "Fitness Center",
  "Pet Friendly",
  "Storage Unit",
  "High-Speed Internet",
  "Cable/Satellite TV",
  "Security System",
  "Elevator",
  "Garden/Courtyard",
] as const;

export function hasActiveFilters(filters: BuildingFilters): boolean {
  return (
    filters.beds !== undefined ||
    filters.maxRent !== undefined ||
    filters.available === true ||
    filters.access !== undefined ||
    filters.pets !== undefined ||
    filters.utilities !== undefined
  );
}

/** The filters as one cache key: every filter, in a fixed order (absent ones as null). */
export function buildingFiltersKey(filters: BuildingFilters): string {
  const { limit, beds, maxRent, available, access, pets, utilities } = filters;
  return JSON.stringify(
    [limit, beds, maxRent, available, access, pets, utilities].map((v) => v ?? null),
  );
}

const MAX_ID = 2_147_483_647;

/** Ids in URLs: a positive integer that fits the database's integer, anything else is not found. */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_ID ? id : null;
}

// Made on first use: making an Intl formatter costs milliseconds, which a page that shows no
// rent should not pay while its scripts start.
let rentFormatter: Intl.NumberFormat | undefined;

export function formatRent(rent: number): string {
  rentFormatter ??= new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    maximumFractionDigits: 0,
  });
  return rentFormatter.format(rent);
}

export function formatBedrooms(bedrooms: number): string {
  if (bedrooms === 0) return "Studio";
  return `${bedrooms} ${bedrooms === 1 ? "bedroom" : "bedrooms"}`;
}

export function formatBathrooms(bathrooms: number): string {
  return `${bathrooms} ${bathrooms === 1 ? "bath" : "baths"}`;
}

export function typeLabel(type: string): string {
  return type
    .split("-")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("-");
}

/** The generated text a unit page shows when the unit has no description. */
export function defaultUnitDescription(unit: {
  bedrooms: number;
  bathrooms: number;
  type: string;
  address: string;
  city: string;
}): string {
  return `A ${formatBedrooms(unit.bedrooms).toLowerCase()}, ${formatBathrooms(unit.bathrooms)} ${typeLabel(unit.type).toLowerCase()} home at ${unit.address} in ${unit.city}. Well maintained and professionally managed. Contact us to schedule a tour or ask about move-in dates.`;
}

export function fullAddress(place: {
  address: string;
  city: string;
  state: string;
  zipCode: string;
}) {
  return `${place.address}, ${place.city}, ${place.state} ${place.zipCode}`;
}
