import {
  buildingDetailSchema,
  buildingFiltersSchema,
  buildingSchema,
  unitSchema,
} from "#domain/listings";
import { z } from "#domain/zod";
import { apiErrorSchema, defineApi, idParams, notModified } from "./contract";
import { raw } from "./wire";

/**
 * The public listings: active buildings only, with their units. Answers carry an ETag and a
 * short public Cache-Control; a conditional request whose ETag matches gets a 304.
 */
export const listingsApi = defineApi("listings", {
  listBuildings: {
    method: "GET",
    path: "/api/properties/buildings",
    summary:
      "Active buildings, featured first, filtered by bedrooms, rent, availability, accessibility, pets and utilities included",
    guard: "public",
    reads: "listings",
    query: buildingFiltersSchema,
    responses: { 200: z.array(buildingSchema), 304: notModified },
  },
  getBuilding: {
    method: "GET",
    path: "/api/properties/buildings/:id",
    summary: "One active building with its units",
    guard: "public",
    reads: "listings",
    params: idParams,
    responses: { 200: buildingDetailSchema, 304: notModified, 404: apiErrorSchema },
  },
  getUnit: {
    method: "GET",
    path: "/api/properties/:id",
    summary: "One unit of an active building, with its photos",
    guard: "public",
    reads: "listings",
    params: idParams,
    responses: { 200: unitSchema, 304: notModified, 404: apiErrorSchema },
  },
});

/** For search engines: every public page, and what crawlers may visit. */
export const seoApi = defineApi("seo", {
  sitemap: {
    method: "GET",
    path: "/sitemap.xml",
    summary: "The public pages, each building and each unit, with their last change",
    guard: "public",
    responses: { 200: raw("application/xml", "A sitemaps.org urlset.") },
  },
  robots: {
    method: "GET",
    path: "/robots.txt",
    summary: "What crawlers may visit, and where the sitemap is",
    guard: "public",
    responses: { 200: raw("text/plain", "robots.txt") },
  },
});
