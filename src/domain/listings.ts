import { cursorSchema, pageQueryShape } from "./api/paging";
import { BUILDINGS_PAGE } from "./listing-pages";
import {
  accessFilterValues,
  accessibilityFeatures,
  laundryKinds,
  leaseTermChoices,
  parkingKinds,
  petFilterValues,
  petPolicies,
  smokingPolicies,
  type UnitFacts,
  utilities,
} from "./unit-facts";
import { z } from "./zod";

/** Buildings and units as the public site and the public API (/api/properties/...) show them. */

/** The public API's refusals: a building or unit that is not (or no longer) listed. */
export const listingsMessages = {
  buildingNotFound: "Building not found. It may have been removed or never existed.",
  unitNotFound: "Unit not found. It doesn't exist or may no longer be available.",
} as const;

/** A photo ready for an <img>: the largest variant as src, every variant in srcSet. */
export const photoSchema = z.object({
  url: z.string(),
  srcSet: z.string(),
  width: z.number(),
  height: z.number(),
  alt: z.string(),
});
export type Photo = z.infer<typeof photoSchema>;

export const unitSummarySchema = z.object({
  id: z.number(),
  unitNumber: z.string(),
  bedrooms: z.number(),
  bathrooms: z.number(),
  squareFeet: z.number(),
  rent: z.number(),
  available: z.boolean(),
  /** ISO date (yyyy-MM-dd), or null when not announced. */
  availableFrom: z.string().nullable(),
});
export type UnitSummary = z.infer<typeof unitSummarySchema>;

/**
 * The most photos a building or a unit shows: the back office stores at most 60 per building or
 * unit (its upload limit), and the public answers send no more.
 */
export const LISTING_PHOTOS_MAX = 60;

/**
 * The most units a building's page lists, in natural order: a building of this agency's has a
 * few dozen at most (ten on average at 2,000 buildings), and a page of a hundred is the most any
 * list sends unpaged; 100 summaries are about 20 KB. The building's counts count every unit.
 */
export const BUILDING_UNITS_MAX = 100;

export const buildingSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  hasVacancy: z.boolean(),
  /** Image URLs, the API's original field; `photos` carries the same images with sizes and alt. */
  images: z.array(z.string()).max(LISTING_PHOTOS_MAX),
  photos: z.array(photoSchema).max(LISTING_PHOTOS_MAX),
  amenities: z.array(z.string()),
  yearBuilt: z.number().nullable(),
  availableUnits: z.number(),
  totalUnits: z.number(),
  /** The lowest rent among available units, or null. */
  rentFrom: z.number().nullable(),
  featured: z.boolean(),
  description: z.string(),
  /** The staff's Spanish description, or null: the Spanish pages then show `description`. */
  descriptionEs: z.string().nullable(),
});
export type Building = z.infer<typeof buildingSchema>;

export const buildingDetailSchema = buildingSchema.extend({
  units: z.array(unitSummarySchema).max(BUILDING_UNITS_MAX),
});
export type BuildingDetail = z.infer<typeof buildingDetailSchema>;

/** A unit's facts as the API sends them (see unit-facts.ts). */
export const unitFactsSchema = z.object({
  accessibilityFeatures: z.array(z.enum(accessibilityFeatures)),
  utilitiesIncluded: z.array(z.enum(utilities)),
  pets: z.enum(petPolicies).nullable(),
  petDeposit: z.number(),
  parking: z.enum(parkingKinds).nullable(),
  parkingFee: z.number(),
  laundry: z.enum(laundryKinds).nullable(),
  smoking: z.enum(smokingPolicies).nullable(),
  leaseTerms: z.array(z.enum(leaseTermChoices)),
  vouchersWelcome: z.boolean(),
}) satisfies z.ZodType<UnitFacts>;

export const unitSchema = unitSummarySchema
  .extend({
    title: z.string(),
    type: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
    featured: z.boolean(),
    images: z.array(z.string()).max(LISTING_PHOTOS_MAX),
    photos: z.array(photoSchema).max(LISTING_PHOTOS_MAX),
    description: z.string(),
    /** The staff's Spanish description, or null: the Spanish pages then show `description`. */
    descriptionEs: z.string().nullable(),
    amenities: z.array(z.string()),
    deposit: z.number(),
    building: z.object({ id: z.number(), name: z.string() }),
    /** When staff last confirmed the unit's availability (ISO timestamp). */
    availabilityConfirmedAt: z.string(),
  })
  .extend(unitFactsSchema.shape);
export type Unit = z.infer<typeof unitSchema>;

/** /properties filters, from a URL query. A value that does not parse is ignored, not an error. */
export const buildingFiltersSchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).optional().catch(undefined),
  beds: z.coerce.number().int().min(0).max(10).optional().catch(undefined),
  maxRent: z.coerce.number().int().min(1).max(1_000_000).optional().catch(undefined),
  available: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional()
    .catch(undefined),
  /** A unit with this accessibility feature (`step-free`: a step-free entrance). */
  access: z.enum(accessFilterValues).optional().catch(undefined),
  /** A unit that allows pets (`allowed`), or cats or dogs. */
  pets: z.enum(petFilterValues).optional().catch(undefined),
  /** A unit whose rent includes this utility. */
  utilities: z.enum(utilities).optional().catch(undefined),
});
export type BuildingFilters = z.output<typeof buildingFiltersSchema>;

// What the public list's pages need in the browser, without the schemas (zod stays off the
// first view): in listing-pages.ts, and here for the server's imports.
export { BUILDINGS_PAGE, buildingCard, listPageQuery } from "./listing-pages";

/**
 * What a building's card shows, and so what a page of cards sends to the browser: the list's
 * fields less the description and every photo but the first.
 */
export type BuildingCardData = Omit<Building, "description" | "descriptionEs" | "images">;

/**
 * The API's list of buildings: the filters, and a page of `limit` buildings (default
 * BUILDINGS_PAGE, at most 100) after the `cursor` the previous page's `Link: <...>; rel="next"`
 * header named. A limit out of range or a cursor not handed out is a 400.
 */
export const buildingsQuerySchema = buildingFiltersSchema.extend(
  pageQueryShape({ limit: BUILDINGS_PAGE }),
);
export type BuildingsQuery = z.output<typeof buildingsQuerySchema>;

/**
 * The filters the /properties page applies, from its address's query: the schema's, without
 * `limit` (the page's size is BUILDINGS_PAGE). The page's loader and the page cache's key read
 * the query through this one function.
 */
export function listPageFilters(search: URLSearchParams): Omit<BuildingFilters, "limit"> {
  const { limit: _, ...filters } = buildingFiltersSchema.parse(Object.fromEntries(search));
  return filters;
}

/**
 * Where the /properties page starts: the `cursor` its "Show more" link carried, when it looks
 * like one (whether the server made it is the server's to say), else the first page.
 */
export function listPageCursor(search: URLSearchParams): string | undefined {
  const parsed = cursorSchema.safeParse(search.get("cursor") ?? undefined);
  return parsed.success ? parsed.data : undefined;
}

/** The buildings the filters find, all of them, and the available units in those buildings. */
export type BuildingsCount = { buildings: number; availableUnits: number };
