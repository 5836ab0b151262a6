import {
  buildingDetailSchema,
  buildingSchema,
  buildingsQuerySchema,
  unitSchema,
} from "#domain/listings";
import { z } from "#domain/zod";
import { apiErrorSchema, defineApi, idParams, notModified } from "./contract";
import { PAGE_LIMIT_MAX } from "./paging";
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
      'Active buildings, featured first, filtered by bedrooms, rent, availability, accessibility, pets and utilities included; a page of `limit` (default 18, as on the list page; at most 100) after `cursor`, the next page named in a `Link: <...>; rel="next"` header (none on the last page)',
    guard: "public",
    reads: "listings",
    query: buildingsQuerySchema,
    responses: { 200: z.array(buildingSchema).max(PAGE_LIMIT_MAX), 304: notModified },
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
    summary:
      "A sitemap index naming the files of public pages, buildings and units, each with its last change",
    guard: "public",
    responses: {
      200: raw("application/xml", "A sitemaps.org sitemapindex, with an ETag."),
      304: notModified,
    },
  },
  sitemapFile: {
    method: "GET",
    path: "/sitemaps/:file",
    summary:
      "One file of the sitemap index (pages-1.xml, buildings-<n>.xml, units-<n>.xml): at most 40,000 URLs, each page in English and Spanish",
    guard: "public",
    params: z.object({ file: z.string().max(40) }),
    responses: {
      200: raw("application/xml", "A sitemaps.org urlset, with an ETag."),
      304: notModified,
      404: apiErrorSchema,
    },
  },
  robots: {
    method: "GET",
    path: "/robots.txt",
    summary: "What crawlers may visit, and where the sitemap is",
    guard: "public",
    responses: { 200: raw("text/plain", "robots.txt") },
  },
});
