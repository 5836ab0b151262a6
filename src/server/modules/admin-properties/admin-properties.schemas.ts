import { z } from "zod";
import type { AdminImage, AdminProperty, AdminUnit, UploadResponse } from "#domain/admin";

/** Response schemas of the admin property API: what leaves the server, and nothing more. */

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
  floorPlan: z.string(),
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
  yearBuilt: z.number().nullable(),
  totalUnits: z.number().nullable(),
  amenities: z.array(z.string()),
  featured: z.boolean(),
  active: z.boolean(),
  hasVacancy: z.boolean(),
  images: z.array(adminImageSchema),
  units: z.array(adminUnitSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<AdminProperty>;

export const uploadResponseSchema = z.object({
  files: z.array(adminImageSchema),
  message: z.string(),
}) satisfies z.ZodType<UploadResponse>;

export const doneSchema = z.object({ success: z.literal(true), message: z.string() });

export const errorSchema = z.object({ error: z.string(), message: z.string() });

/**
 * Ids arrive as text and are parsed by parseId: anything that is not a positive int4 is simply
 * not found, and never reaches SQL.
 */
export { idParams } from "#server/http/params";
