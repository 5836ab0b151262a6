import { z } from "zod";
import {
  type DocumentRequest,
  type DownloadResponse,
  type FileStats,
  fileCategories,
  type TenantFile,
  type UploadRequestInfo,
} from "#domain/tenant-files";

/** Response schemas: the serializer sends exactly these fields, checked against the domain types. */
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
}) satisfies z.ZodType<TenantFile>;

export const filesResponseSchema = z.object({ files: z.array(tenantFileSchema) });

export const fileStatsSchema = z.object({
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

export const downloadResponseSchema = z.object({
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

export const documentRequestsResponseSchema = z.object({
  requests: z.array(documentRequestResponseSchema),
});

const receivedFileSchema = z.object({
  originalName: z.string(),
  size: z.number().int(),
  uploadDate: z.string(),
});

export const uploadRequestInfoSchema = z.object({
  tenantName: z.string(),
  propertyName: z.string(),
  unit: z.string(),
  category,
  maintenanceRequest: z.string().nullable(),
  note: z.string(),
  expiresAt: z.string(),
  filesReceived: z.array(receivedFileSchema),
}) satisfies z.ZodType<UploadRequestInfo>;

export const receivedFilesResponseSchema = z.object({ files: z.array(receivedFileSchema) });

export { idParams } from "#server/http/params";
export const tokenParams = z.object({ token: z.string() });
