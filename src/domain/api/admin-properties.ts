import {
  type AdminImage,
  type AdminProperty,
  type AdminUnit,
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
  findings: z.array(fairHousingFindingSchema),
}) satisfies z.ZodType<FairHousingReview>;

/**
 * 422: the wording of the building or unit was flagged by the fair-housing check, and the body
 * did not carry `fairHousingAcknowledged: true`. Nothing was saved.
 */
const fairHousingRefusal = {
  422: z.object({
    error: z.literal(FAIR_HOUSING_ERROR),
    message: z.string(),
    details: z.array(fairHousingFindingSchema),
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
  images: z.array(adminImageSchema),
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
  images: z.array(adminImageSchema),
  units: z.array(adminUnitSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<AdminProperty>;

export const uploadResponseSchema = z.object({
  files: z.array(adminImageSchema),
  message: z.string(),
}) satisfies z.ZodType<UploadResponse>;

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
    summary: "Every building, active or not, with its units and photos",
    guard: "admin",
    reads: "listings",
    responses: { 200: z.array(adminPropertySchema) },
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
    responses: { 200: adminImageSchema, ...notFound },
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
    responses: { 201: uploadResponseSchema, ...notFound },
  },
});
