import { z } from "#domain/zod";
import { apiErrorSchema, defineApi, notModified } from "./contract";
import { raw } from "./wire";

/**
 * The API describing itself: the OpenAPI document generated from these contracts, and a
 * reference page that reads it in a browser. Public: the document holds shapes, never data.
 */
export const docsApi = defineApi("docs", {
  openapi: {
    method: "GET",
    path: "/api/openapi.json",
    summary: "This API as an OpenAPI 3.1 document, generated from its contracts",
    guard: "public",
    responses: { 200: raw("application/json", "An OpenAPI 3.1.0 document."), 304: notModified },
  },
  reference: {
    method: "GET",
    path: "/api/docs",
    summary: "A readable reference of this API, for a browser",
    guard: "public",
    responses: {
      200: raw("text/html", "The reference page (it loads /api/openapi.json)."),
      304: notModified,
    },
  },
  asset: {
    method: "GET",
    path: "/api/docs/assets/*",
    summary: "The reference page's scripts and style sheet, by file name",
    guard: "public",
    params: z.object({ "*": z.string().describe("A file name, such as swagger-ui.css.") }),
    responses: {
      200: raw("text/*", "A script (text/javascript) or a style sheet (text/css)."),
      304: notModified,
      404: apiErrorSchema,
    },
  },
});
