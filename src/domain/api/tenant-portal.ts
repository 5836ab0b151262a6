import {
  MAINTENANCE_COMMENTS_SHOWN,
  MAINTENANCE_PHOTO_MAX_BYTES,
  MAINTENANCE_PHOTOS_MAX,
  type MaintenanceRequest,
  maintenanceCategories,
  maintenanceCommentSchema,
  maintenanceFieldsSchema,
  maintenanceStatuses,
  maintenanceUrgencies,
  type TenantHome,
  tenantSignInLinkSchema,
  tenantSignInSchema,
  visitWindows,
} from "#domain/maintenance";
import { z } from "#domain/zod";
import { sessionSchema } from "./auth";
import { apiErrorSchema, defineApi, doneSchema, idParams, tokenParams } from "./contract";
import { cursorSchema, PAGE_LIMIT_MAX, pageQueryShape } from "./paging";
import { tenantFileSchema } from "./tenant-files";
import { raw } from "./wire";

/** The portal's requests a page holds: each comes with photos and a thread. */
const PORTAL_REQUESTS_PAGE = 20;

export const maintenanceRequestSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(maintenanceCategories),
  urgency: z.enum(maintenanceUrgencies),
  status: z.enum(maintenanceStatuses),
  permissionToEnter: z.boolean(),
  preferredTimes: z.string(),
  scheduledFor: z.string().nullable(),
  window: z.enum(visitWindows).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  tenant: z.object({ id: z.string().nullable(), name: z.string(), email: z.string() }),
  property: z.object({
    id: z.number().int().nullable(),
    name: z.string(),
    unit: z.string(),
    unitId: z.number().int().nullable(),
  }),
  photos: z
    .array(z.object({ id: z.string(), url: z.string(), width: z.number(), height: z.number() }))
    .max(MAINTENANCE_PHOTOS_MAX),
  comments: z
    .array(
      z.object({
        id: z.string(),
        body: z.string(),
        author: z.object({ name: z.string(), role: z.enum(["tenant", "staff"]) }),
        createdAt: z.string(),
      }),
    )
    .max(MAINTENANCE_COMMENTS_SHOWN),
  commentCount: z.number().int(),
}) satisfies z.ZodType<MaintenanceRequest>;

const tenantHomeSchema = z.object({
  name: z.string(),
  email: z.string(),
  unit: z
    .object({
      id: z.number().int(),
      unitNumber: z.string(),
      bedrooms: z.number(),
      bathrooms: z.number(),
      propertyId: z.number().int(),
      propertyName: z.string(),
      address: z.string(),
    })
    .nullable(),
  office: z.object({ phone: z.string(), email: z.string(), address: z.string() }),
  openRequests: z.number().int(),
}) satisfies z.ZodType<TenantHome>;

const photos = {
  name: "photos",
  description: `Up to ${MAINTENANCE_PHOTOS_MAX} photos (JPEG, PNG or WebP), checked by content and re-encoded`,
};

/**
 * The tenant portal: a tenant signs in by a single-use e-mailed link (no password), then reports
 * repairs and exchanges documents with the office. A tenant reaches only their own unit's
 * requests and their own documents; photos and documents are served through short-lived signed
 * links only, never under a public path.
 */
export const tenantPortalApi = defineApi("tenantPortal", {
  signInLink: {
    method: "POST",
    path: "/api/tenant/sign-in-link",
    summary:
      "E-mails a tenant a single-use sign-in link valid 15 minutes; the same 202 after the same work whatever the address (the request only queues it)",
    guard: "public",
    body: tenantSignInLinkSchema,
    invalidates: [],
    responses: { 202: doneSchema },
  },
  signIn: {
    method: "POST",
    path: "/api/tenant/sign-in",
    summary: "Exchanges an e-mailed sign-in or invitation link's token for a session",
    guard: "public",
    body: tenantSignInSchema,
    invalidates: ["sessions"],
    responses: { 200: sessionSchema, 400: apiErrorSchema },
  },
  home: {
    method: "GET",
    path: "/api/tenant/home",
    summary: "The signed-in tenant's unit, building and office contact",
    guard: "tenant",
    reads: "maintenance",
    responses: { 200: tenantHomeSchema },
  },
  listRequests: {
    method: "GET",
    path: "/api/tenant/maintenance",
    summary:
      "The tenant's unit's maintenance requests, newest first, a page at a time, with photos and their newest comments",
    guard: "tenant",
    reads: "maintenance",
    query: z.object(pageQueryShape({ limit: PORTAL_REQUESTS_PAGE })),
    responses: {
      200: z.object({
        requests: z.array(maintenanceRequestSchema).max(PAGE_LIMIT_MAX),
        nextCursor: cursorSchema.nullable(),
      }),
    },
  },
  createRequest: {
    method: "POST",
    path: "/api/tenant/maintenance",
    summary: "Reports a repair: the office is e-mailed at once (an emergency says so)",
    guard: "tenant",
    multipart: {
      files: photos,
      fields: maintenanceFieldsSchema,
      limits: { files: MAINTENANCE_PHOTOS_MAX, fileSize: MAINTENANCE_PHOTO_MAX_BYTES },
    },
    invalidates: ["maintenance", "outgoing-mail", "notifications"],
    responses: { 201: maintenanceRequestSchema, 409: apiErrorSchema },
  },
  comment: {
    method: "POST",
    path: "/api/tenant/maintenance/:id/comments",
    summary: "Adds the tenant's comment to one of their requests",
    guard: "tenant",
    params: idParams,
    body: maintenanceCommentSchema,
    invalidates: ["maintenance", "outgoing-mail", "notifications"],
    responses: { 201: maintenanceRequestSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  },
  listDocuments: {
    method: "GET",
    path: "/api/tenant/files",
    summary:
      "The tenant's own uploads and the documents the office shared with them, newest first, a page at a time",
    guard: "tenant",
    reads: "tenant-files",
    query: z.object(pageQueryShape()),
    responses: {
      200: z.object({
        files: z.array(tenantFileSchema).max(PAGE_LIMIT_MAX),
        nextCursor: cursorSchema.nullable(),
      }),
    },
  },
  documentLink: {
    method: "GET",
    path: "/api/tenant/files/:id/download",
    summary: "A link, valid a few minutes, to one of the tenant's documents",
    guard: "tenant",
    params: idParams,
    responses: {
      200: z.object({ downloadUrl: z.string(), expiresAt: z.string() }),
      404: apiErrorSchema,
    },
  },
  photo: {
    method: "GET",
    path: "/api/maintenance/photos/:token",
    summary: "A maintenance photo behind a signed link valid 10 minutes (private, never cached)",
    guard: "public",
    params: tokenParams,
    responses: {
      200: raw("image/webp", "The photo, re-encoded."),
      404: apiErrorSchema,
      410: apiErrorSchema,
    },
  },
});
