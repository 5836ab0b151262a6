import {
  type AdminImage,
  type AdminProperty,
  type AdminUnit,
  AVAILABILITY_CONFIRM_DAYS,
  type DashboardStats,
  type FairHousingReview,
  IMAGES_PER_UPLOAD_MAX,
  imageAltSchema,
  propertyCreateSchema,
  propertyUpdateSchema,
  type UploadResponse,
  unitCreateSchema,
  unitUpdateSchema,
} from "#domain/admin";
import { UPLOAD_MAX_BYTES } from "#domain/constants";
import { FAIR_HOUSING_ERROR, type FairHousingFinding } from "#domain/fair-housing";
import { unitFactsSchema } from "#domain/listings";
import { z } from "#domain/zod";
import { apiErrorSchema, defineApi, doneSchema, idParams } from "./contract";
import { cursorSchema, PAGE_LIMIT_MAX, pageQueryShape } from "./paging";

/**
 * The most photos one building or one unit holds: an upload that would pass it is refused (409),
 * so a building's or unit's gallery in an answer is never longer.
 */
export const IMAGES_PER_OWNER_MAX = 60;

/**
 * The most units one building holds: a new unit past it is refused (409), so a building's units
 * in an answer are never more.
 */
export const UNITS_PER_BUILDING_MAX = 500;

/**
 * The most fair-housing findings a review lists (the first ones, in field order): a save's 422
 * and the record kept with the listing name at most these.
 */
export const FAIR_HOUSING_FINDINGS_MAX = 50;

/** What the back office sees of buildings, units and photos: exactly these fields leave the server. */
export const adminImageSchema = z.object({
  id: z.number(),
  path: z.string(),
  filename: z.string(),
  alt: z.string(),
  url: z.string(),
  srcSet: z.string(),
  width: z.number(),
  height: z.number(),
}) satisfies z.ZodType<AdminImage>;

const fairHousingFindingSchema = z.object({
  path: z.string(),
  phrase: z.string(),
  reason: z.string(),
  suggestion: z.string(),
}) satisfies z.ZodType<FairHousingFinding>;

const fairHousingReviewSchema = z.object({
  acknowledgedAt: z.string(),
  acknowledgedBy: z.string(),
  findings: z.array(fairHousingFindingSchema).max(FAIR_HOUSING_FINDINGS_MAX),
}) satisfies z.ZodType<FairHousingReview>;

/**
 * 422: the wording of the building, unit or photo was flagged by the fair-housing check, and the body
 * did not carry `fairHousingAcknowledged: true`. Nothing was saved.
 */
const fairHousingRefusal = {
  422: z.object({
    error: z.literal(FAIR_HOUSING_ERROR),
    message: z.string(),
    details: z.array(fairHousingFindingSchema).max(FAIR_HOUSING_FINDINGS_MAX),
  }),
};

export const adminUnitSchema = z.object({
  id: z.number(),
  propertyId: z.number(),
  unitNumber: z.string(),
  bedrooms: z.number(),
  bathrooms: z.number(),
  squareFeet: z.number(),
  rent: z.number(),
  deposit: z.number(),
  available: z.boolean(),
  availableFrom: z.string().nullable(),
  features: z.array(z.string()),
  description: z.string(),
  descriptionEs: z.string().nullable(),
  floorPlan: z.string(),
  fairHousingReview: fairHousingReviewSchema.nullable(),
  ...unitFactsSchema.shape,
  availabilityConfirmedAt: z.string(),
  images: z.array(adminImageSchema).max(IMAGES_PER_OWNER_MAX),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<AdminUnit>;

export const adminPropertySchema = z.object({
  id: z.number(),
  title: z.string(),
  type: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  description: z.string(),
  descriptionEs: z.string().nullable(),
  yearBuilt: z.number().nullable(),
  totalUnits: z.number().nullable(),
  amenities: z.array(z.string()),
  featured: z.boolean(),
  active: z.boolean(),
  hasVacancy: z.boolean(),
  fairHousingReview: fairHousingReviewSchema.nullable(),
  images: z.array(adminImageSchema).max(IMAGES_PER_OWNER_MAX),
  units: z.array(adminUnitSchema).max(UNITS_PER_BUILDING_MAX),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<AdminProperty>;

export const uploadResponseSchema = z.object({
  files: z.array(adminImageSchema).max(IMAGES_PER_UPLOAD_MAX),
  message: z.string(),
}) satisfies z.ZodType<UploadResponse>;

/**
 * A page of buildings is shorter than other lists': each carries its units and photos (ten units
 * a building weigh about 7 KB), so 25 of them stay well under an answer's 256 KB.
 */
export const PROPERTIES_PAGE = 20;
export const PROPERTIES_PAGE_MAX = 25;

/**
 * A page of the back office's buildings: newest first (as the Properties tab shows them), `q`
 * keeps those whose title, address or town has every word typed (as word prefixes).
 */
export const adminPropertyListQuery = z.object({
  ...pageQueryShape({ limit: PROPERTIES_PAGE, max: PROPERTIES_PAGE_MAX }),
  q: z.string().trim().max(200).optional(),
});

/** The header that carries the next page's cursor (absent on the last page). */
export const NEXT_CURSOR_HEADER = "x-next-cursor";

/** The Overview's and the Properties tab's figures, counted by the database. */
export const adminPropertyStatsSchema = z.object({
  totalProperties: z.number(),
  availableUnits: z.number(),
  totalUnits: z.number(),
  occupancyRate: z.number(),
  lastUpdated: z.string().nullable(),
}) satisfies z.ZodType<DashboardStats>;

/** The Overview's units to confirm: a page of them, the longest unconfirmed first. */
export const UNITS_TO_CONFIRM_PAGE = 10;

export const unitsToConfirmSchema = z.object({
  items: z.array(z.object({ unit: adminUnitSchema, building: z.string() })).max(PAGE_LIMIT_MAX),
  nextCursor: cursorSchema.nullable(),
  /** How many units are due in all, counted by the database. */
  total: z.number(),
});

/**
 * A building to choose in a filter or a form (the back office's pickers): its id, its name and
 * its units' numbers; at most BUILDING_CHOICES of them per answer, the first by name that match
 * what was typed, and the one asked for by id (the choice already made) always among them.
 */
export const BUILDING_CHOICES = 50;

export const buildingChoicesSchema = z.object({
  items: z
    .array(
      z.object({
        id: z.number(),
        title: z.string(),
        units: z
          .array(z.object({ id: z.number(), unitNumber: z.string() }))
          .max(UNITS_PER_BUILDING_MAX),
      }),
    )
    .max(BUILDING_CHOICES + 1),
  /** How many buildings match what was typed, counted by the database. */
  total: z.number(),
});
export type BuildingChoices = z.infer<typeof buildingChoicesSchema>;

const propertyImageParams = z.object({ id: z.string(), imageId: z.string() });
const unitImageParams = z.object({ unitId: z.string(), imageId: z.string() });
const notFound = { 404: apiErrorSchema };

/**
 * The back office's buildings, units and photos. Every write changes what the public site
 * shows, so each invalidates the listings (the public cache is emptied before the answer leaves).
 */
export const adminPropertiesApi = defineApi("adminProperties", {
  list: {
    method: "GET",
    path: "/api/admin/properties/admin",
    // The answer stays a bare array of buildings (what the dashboard and the property manager
    // read since the first version); the contract has no place for headers, so the next page's
    // cursor travels in the X-Next-Cursor header and a Link rel="next" one, both absent on the
    // last page, as the summary says (it is the OpenAPI description).
    summary:
      'A page of buildings, active or not, newest first, with their units and photos; `q` searches title, address and town; the next page\'s cursor is in the X-Next-Cursor header (and Link rel="next"), absent on the last page',
    guard: "admin",
    reads: "listings",
    query: adminPropertyListQuery,
    responses: { 200: z.array(adminPropertySchema).max(PROPERTIES_PAGE_MAX) },
  },
  stats: {
    method: "GET",
    path: "/api/admin/properties/stats",
    summary:
      "The figures of every building: how many, their units, the available ones and the latest change (one aggregate query)",
    guard: "admin",
    reads: "listings",
    responses: { 200: adminPropertyStatsSchema },
  },
  choices: {
    method: "GET",
    path: "/api/admin/properties/choices",
    summary:
      "Buildings to choose from in the back office's filters and forms: the first 50 by name whose name, address or town has the words of `q`, with their unit numbers, the one of `id` always included, and how many match",
    guard: "admin",
    reads: "listings",
    unpaged:
      "At most 51 buildings, searched rather than paged; each one's unit numbers are bounded by a building's own bound (500 units).",
    query: z.object({
      q: z.string().trim().max(200).optional(),
      id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
    }),
    responses: { 200: buildingChoicesSchema },
  },
  unitsToConfirm: {
    method: "GET",
    path: "/api/admin/units/to-confirm",
    summary: `Available units of active buildings whose availability nobody confirmed for ${AVAILABILITY_CONFIRM_DAYS} days or more, the longest unconfirmed first, a page at a time, with how many there are`,
    guard: "admin",
    reads: "listings",
    query: z.object(pageQueryShape({ limit: UNITS_TO_CONFIRM_PAGE, max: PAGE_LIMIT_MAX })),
    responses: { 200: unitsToConfirmSchema },
  },
  createProperty: {
    method: "POST",
    path: "/api/admin/properties",
    summary: "A new building",
    guard: "admin",
    audit: "property.created",
    body: propertyCreateSchema,
    invalidates: ["listings"],
    responses: { 201: adminPropertySchema, ...fairHousingRefusal },
  },
  updateProperty: {
    method: "PUT",
    path: "/api/admin/properties/:id",
    summary:
      "Changes a building (a body without hasVacancy or descriptionEs keeps the stored value)",
    guard: "admin",
    audit: "property.updated",
    params: idParams,
    body: propertyUpdateSchema,
    invalidates: ["listings"],
    responses: { 200: adminPropertySchema, ...notFound, ...fairHousingRefusal },
  },
  deleteProperty: {
    method: "DELETE",
    path: "/api/admin/properties/admin/:id",
    summary: "Deletes a building with its units and every photo file",
    guard: "admin",
    audit: "property.deleted",
    params: idParams,
    invalidates: ["listings"],
    responses: { 200: doneSchema, ...notFound },
  },
  deletePropertyImage: {
    method: "DELETE",
    path: "/api/admin/properties/:id/images/:imageId",
    summary: "Removes a building's photo and its files",
    guard: "admin",
    audit: "property.image_deleted",
    params: propertyImageParams,
    invalidates: ["listings"],
    responses: { 200: doneSchema, ...notFound },
  },
  createUnit: {
    method: "POST",
    path: "/api/admin/units",
    summary: "A new unit in a building (its number unique in the building)",
    guard: "admin",
    audit: "unit.created",
    body: unitCreateSchema,
    invalidates: ["listings"],
    responses: { 201: adminUnitSchema, ...notFound, 409: apiErrorSchema, ...fairHousingRefusal },
  },
  updateUnit: {
    method: "PUT",
    path: "/api/admin/units/:id",
    summary: "Changes a unit (a body without descriptionEs keeps the stored one)",
    guard: "admin",
    audit: "unit.updated",
    params: idParams,
    body: unitUpdateSchema,
    invalidates: ["listings"],
    responses: { 200: adminUnitSchema, ...notFound, 409: apiErrorSchema, ...fairHousingRefusal },
  },
  confirmAvailability: {
    method: "POST",
    path: "/api/admin/units/:id/confirm-availability",
    summary:
      "Staff's \"Still available\": records that the unit's availability was checked now, changing nothing else",
    guard: "admin",
    audit: "unit.availability_confirmed",
    params: idParams,
    // The public unit page and feeds show when the availability was last confirmed.
    invalidates: ["listings"],
    responses: { 200: adminUnitSchema, ...notFound },
  },
  deleteUnit: {
    method: "DELETE",
    path: "/api/admin/units/:id",
    summary: "Deletes a unit and its photo files",
    guard: "admin",
    audit: "unit.deleted",
    params: idParams,
    invalidates: ["listings"],
    responses: { 200: doneSchema, ...notFound },
  },
  deleteUnitImage: {
    method: "DELETE",
    path: "/api/admin/units/:unitId/images/:imageId",
    summary: "Removes a unit's photo and its files",
    guard: "admin",
    audit: "unit.image_deleted",
    params: unitImageParams,
    invalidates: ["listings"],
    responses: { 200: doneSchema, ...notFound },
  },
  updateImageAlt: {
    method: "PATCH",
    path: "/api/admin/images/:id",
    summary: "Changes a photo's alt text (what the public pages read out)",
    guard: "admin",
    audit: "image.alt_updated",
    params: idParams,
    body: imageAltSchema,
    invalidates: ["listings"],
    responses: { 200: adminImageSchema, ...notFound, ...fairHousingRefusal },
  },
  uploadImages: {
    method: "POST",
    path: "/api/upload",
    summary: "Photos of a building or a unit: each checked by content, re-encoded, all or nothing",
    guard: "admin",
    audit: "images.uploaded",
    multipart: {
      files: { name: "files", description: "JPEG, PNG or WebP images, 10 MB each" },
      fields: z.object({ propertyId: z.string().optional(), unitId: z.string().optional() }),
      limits: { files: IMAGES_PER_UPLOAD_MAX, fileSize: UPLOAD_MAX_BYTES },
    },
    invalidates: ["listings"],
    responses: { 201: uploadResponseSchema, ...notFound, 409: apiErrorSchema },
  },
});
