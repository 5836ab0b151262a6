import {
  DOCUMENT_REQUESTS_SHOWN,
  type DocumentRequest,
  type DownloadResponse,
  documentRequestSchema,
  type FileStats,
  fileCategories,
  filesQuerySchema,
  TENANT_FILE_MAX_BYTES,
  TENANT_FILES_PER_REQUEST_MAX,
  type TenantFile,
  tenantUploadFieldsSchema,
  UPLOAD_LINK_MAX_FILES,
  type UploadRequestInfo,
} from "#domain/tenant-files";
import { z } from "#domain/zod";
import { apiErrorSchema, defineApi, idParams, tokenParams } from "./contract";
import { cursorSchema, PAGE_LIMIT_MAX } from "./paging";
import { raw } from "./wire";

const category = z.enum(fileCategories);
const place = z.object({ id: z.number().int().nullable(), name: z.string(), unit: z.string() });

export const tenantFileSchema = z.object({
  id: z.string(),
  filename: z.string(),
  originalName: z.string(),
  category,
  size: z.number().int(),
  mime: z.string(),
  uploadDate: z.string(),
  tenant: z.object({ name: z.string(), email: z.string() }),
  property: place,
  maintenanceRequest: z.object({ title: z.string() }).nullable(),
  fromOffice: z.boolean(),
}) satisfies z.ZodType<TenantFile>;

/** A page of files, newest first: at most the limit's maximum, and the next page's cursor. */
const filesPageSchema = z.object({
  files: z.array(tenantFileSchema).max(PAGE_LIMIT_MAX),
  nextCursor: cursorSchema.nullable(),
});
/** The files one upload stored (an upload is at most this many parts). */
const uploadedFilesSchema = z.object({
  files: z.array(tenantFileSchema).max(TENANT_FILES_PER_REQUEST_MAX),
});

const fileStatsSchema = z.object({
  totalFiles: z.number().int(),
  totalSize: z.string(),
  totalBytes: z.number(),
  categoryCounts: z.object({
    maintenance: z.number().int(),
    lease: z.number().int(),
    property: z.number().int(),
    other: z.number().int(),
  }),
  recentUploads: z.number().int(),
}) satisfies z.ZodType<FileStats>;

const downloadResponseSchema = z.object({
  downloadUrl: z.string(),
  expiresAt: z.string(),
}) satisfies z.ZodType<DownloadResponse>;

export const documentRequestResponseSchema = z.object({
  id: z.string(),
  tenantName: z.string(),
  tenantEmail: z.string(),
  property: place,
  category,
  maintenanceRequest: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  filesReceived: z.number().int(),
}) satisfies z.ZodType<DocumentRequest>;

const receivedFileSchema = z.object({
  originalName: z.string(),
  size: z.number().int(),
  uploadDate: z.string(),
});

const uploadRequestInfoSchema = z.object({
  tenantName: z.string(),
  propertyName: z.string(),
  unit: z.string(),
  category,
  maintenanceRequest: z.string().nullable(),
  note: z.string(),
  expiresAt: z.string(),
  // A link takes at most its quota of files.
  filesReceived: z.array(receivedFileSchema).max(UPLOAD_LINK_MAX_FILES),
}) satisfies z.ZodType<UploadRequestInfo>;

/** The documents of an upload, as the OpenAPI document describes its file parts. */
export const documents = {
  name: "files",
  description: "PDF, JPEG, PNG, WebP, HEIC or DOCX documents, checked by content, 20 MB each",
};
const documentLimits = {
  files: TENANT_FILES_PER_REQUEST_MAX,
  fileSize: TENANT_FILE_MAX_BYTES,
};
const linkRefused = { 404: apiErrorSchema, 410: apiErrorSchema };

/**
 * Documents tenants send the office: the back office's Files tab, document requests e-mailed as
 * upload links, a signed-in tenant's own uploads, and short-lived download links. Files are
 * never under a public URL: only a signed link reaches them.
 */
export const tenantFilesApi = defineApi("tenantFiles", {
  list: {
    method: "GET",
    path: "/api/admin/files",
    summary: "Tenants' files, newest first, by category and tenant name or e-mail",
    guard: "admin",
    reads: "tenant-files",
    query: filesQuerySchema,
    responses: { 200: filesPageSchema },
  },
  stats: {
    method: "GET",
    path: "/api/admin/files/stats",
    summary: "How many files, their total size, per category, and this week's uploads",
    guard: "admin",
    reads: "tenant-files",
    responses: { 200: fileStatsSchema },
  },
  downloadLink: {
    method: "GET",
    path: "/api/admin/files/:id/download",
    summary: "A same-origin link, valid a few minutes, that serves the file as an attachment",
    guard: "admin",
    audit: "tenant_file.downloaded",
    params: idParams,
    responses: { 200: downloadResponseSchema, 404: apiErrorSchema },
  },
  download: {
    method: "GET",
    path: "/api/files/download/:token",
    summary: "The file behind a download link, as an attachment under its original name",
    guard: "public",
    params: tokenParams,
    responses: { 200: raw("application/octet-stream", "The file's bytes."), ...linkRefused },
  },
  tenantUpload: {
    method: "POST",
    path: "/api/tenant/files",
    summary: "A signed-in tenant sends the office documents",
    guard: "tenant",
    multipart: {
      files: { ...documents, name: "file" },
      fields: tenantUploadFieldsSchema,
      limits: documentLimits,
    },
    invalidates: ["tenant-files"],
    responses: { 201: uploadedFilesSchema },
  },
  createRequest: {
    method: "POST",
    path: "/api/admin/document-requests",
    summary: "Asks a tenant for documents: queues the e-mail of an upload link valid 14 days",
    guard: "admin",
    audit: "document_request.created",
    body: documentRequestSchema,
    invalidates: ["document-requests", "outgoing-mail"],
    responses: { 201: documentRequestResponseSchema, 404: apiErrorSchema },
  },
  listRequests: {
    method: "GET",
    path: "/api/admin/document-requests",
    summary: `The ${DOCUMENT_REQUESTS_SHOWN} most recent document requests, newest first, with the files received`,
    guard: "admin",
    reads: "document-requests",
    responses: {
      200: z.object({
        requests: z.array(documentRequestResponseSchema).max(DOCUMENT_REQUESTS_SHOWN),
      }),
    },
  },
  uploadRequest: {
    method: "GET",
    path: "/api/upload-requests/:token",
    summary: "What an upload link asks for (the link is the authority)",
    guard: "public",
    reads: "document-requests",
    params: tokenParams,
    responses: { 200: uploadRequestInfoSchema, ...linkRefused },
  },
  uploadThroughRequest: {
    method: "POST",
    path: "/api/upload-requests/:token/files",
    summary: "A tenant sends documents through an upload link (rate limited per address)",
    guard: "public",
    params: tokenParams,
    multipart: { files: documents, limits: documentLimits },
    invalidates: ["tenant-files", "document-requests"],
    responses: {
      201: z.object({ files: z.array(receivedFileSchema).max(TENANT_FILES_PER_REQUEST_MAX) }),
      ...linkRefused,
    },
  },
});
