import { locales } from "#domain/locale";
import {
  maintenanceCommentSchema,
  maintenanceQuerySchema,
  maintenanceUpdateSchema,
  type Tenant,
  tenantInviteSchema,
  tenantMoveSchema,
  tenantsQuerySchema,
} from "#domain/maintenance";
import { fileCategories, TENANT_FILE_MAX_BYTES } from "#domain/tenant-files";
import { z } from "#domain/zod";
import { apiErrorSchema, defineApi, doneSchema, idParams } from "./contract";
import { cursorSchema, PAGE_LIMIT_MAX } from "./paging";
import { documents, tenantFileSchema } from "./tenant-files";
import { maintenanceRequestSchema } from "./tenant-portal";

export const tenantSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  unit: z
    .object({
      id: z.number().int(),
      unitNumber: z.string(),
      propertyId: z.number().int(),
      propertyName: z.string(),
    })
    .nullable(),
  invitedAt: z.string(),
  lastSignInAt: z.string().nullable(),
  language: z.enum(locales),
}) satisfies z.ZodType<Tenant>;

/** The documents one share sends at most. */
const SHARED_FILES_MAX = 5;

const maintenanceSummarySchema = z.object({
  open: z.number().int(),
  emergencies: z.number().int(),
});

/**
 * The back office's side of the tenant portal: who has access to which unit (invited by staff,
 * moved, ended), the Maintenance tab's requests, and documents shared with a tenant. Every write
 * is recorded in the audit trail.
 */
export const adminMaintenanceApi = defineApi("adminMaintenance", {
  invite: {
    method: "POST",
    path: "/api/admin/units/:id/tenants",
    summary: "Gives a tenant access to a unit and e-mails them an invitation link (valid 7 days)",
    guard: "admin",
    audit: "tenant.invited",
    params: idParams,
    body: tenantInviteSchema,
    invalidates: ["tenants", "outgoing-mail"],
    responses: { 201: tenantSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  },
  tenants: {
    method: "GET",
    path: "/api/admin/tenants",
    summary:
      "Tenants with access by address, a page at a time: those of some units (`units`, ids with commas between), or those whose name or address has the words of `q`, with how many match",
    guard: "admin",
    reads: "tenants",
    query: tenantsQuerySchema,
    responses: {
      200: z.object({
        tenants: z.array(tenantSchema).max(PAGE_LIMIT_MAX),
        nextCursor: cursorSchema.nullable(),
        total: z.number().int(),
      }),
    },
  },
  moveTenant: {
    method: "PATCH",
    path: "/api/admin/tenants/:id",
    summary: "Moves a tenant to another unit",
    guard: "admin",
    audit: "tenant.moved",
    params: idParams,
    body: tenantMoveSchema,
    invalidates: ["tenants", "maintenance"],
    responses: { 200: tenantSchema, 404: apiErrorSchema },
  },
  endAccess: {
    method: "DELETE",
    path: "/api/admin/tenants/:id",
    summary: "Ends a tenant's access: their sessions and links stop working at once",
    guard: "admin",
    audit: "tenant.access_ended",
    params: idParams,
    invalidates: ["tenants", "sessions"],
    responses: { 200: doneSchema, 404: apiErrorSchema },
  },
  shareDocument: {
    method: "POST",
    path: "/api/admin/tenants/:id/documents",
    summary: "Shares a document (a lease, a notice) with a tenant: it appears in their portal",
    guard: "admin",
    audit: "tenant_file.shared",
    params: idParams,
    multipart: {
      files: { ...documents, name: "file" },
      fields: z.object({ category: z.enum(fileCategories).default("other") }),
      limits: { files: SHARED_FILES_MAX, fileSize: TENANT_FILE_MAX_BYTES },
    },
    invalidates: ["tenant-files", "outgoing-mail"],
    responses: {
      201: z.object({ files: z.array(tenantFileSchema).max(SHARED_FILES_MAX) }),
      404: apiErrorSchema,
    },
  },
  list: {
    method: "GET",
    path: "/api/admin/maintenance",
    summary:
      "Maintenance requests, open emergencies first then newest, by status, urgency and building, a page at a time (each with its newest comments and how many)",
    guard: "admin",
    reads: "maintenance",
    query: maintenanceQuerySchema,
    responses: {
      200: z.object({
        requests: z.array(maintenanceRequestSchema).max(PAGE_LIMIT_MAX),
        nextCursor: cursorSchema.nullable(),
      }),
    },
  },
  summary: {
    method: "GET",
    path: "/api/admin/maintenance/summary",
    summary: "How many requests are open, and how many of them are emergencies",
    guard: "admin",
    reads: "maintenance",
    responses: { 200: maintenanceSummarySchema },
  },
  get: {
    method: "GET",
    path: "/api/admin/maintenance/:id",
    summary: "One request with its photos and comments",
    guard: "admin",
    reads: "maintenance",
    params: idParams,
    responses: { 200: maintenanceRequestSchema, 404: apiErrorSchema },
  },
  update: {
    method: "PATCH",
    path: "/api/admin/maintenance/:id",
    summary: "Schedules a request or changes its status; the tenant is told by e-mail",
    guard: "admin",
    audit: "maintenance.updated",
    params: idParams,
    body: maintenanceUpdateSchema,
    invalidates: ["maintenance", "outgoing-mail", "notifications"],
    responses: { 200: maintenanceRequestSchema, 404: apiErrorSchema },
  },
  comment: {
    method: "POST",
    path: "/api/admin/maintenance/:id/comments",
    summary: "The office's comment on a request; the tenant is told by e-mail",
    guard: "admin",
    audit: "maintenance.commented",
    params: idParams,
    body: maintenanceCommentSchema,
    invalidates: ["maintenance", "outgoing-mail", "notifications"],
    responses: { 201: maintenanceRequestSchema, 404: apiErrorSchema },
  },
});
