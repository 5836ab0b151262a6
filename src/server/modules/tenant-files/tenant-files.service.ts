import type { ReadStream } from "node:fs";
import { open } from "node:fs/promises";
import type { FastifyRequest } from "fastify";
import type { SessionUser } from "../../../domain/auth";
import {
  type DownloadResponse,
  type FileStats,
  type FilesQuery,
  type FilesResponse,
  filesMessages,
  formatFileSize,
  RECENT_UPLOAD_DAYS,
  type TenantFile,
  tenantUploadFieldsSchema,
} from "../../../domain/tenant-files";
import type { Db } from "../../db/client";
import { AppError, badRequest, notFound } from "../../http/errors";
import { commitUpload, receiveUpload, storedPath } from "./file-store";
import type { FileLinks } from "./file-tokens";
import { createTenantFilesRepository, type TenantFileRow } from "./tenant-files.repository";

/** The admin Files tab (PRODUCT-SPEC.md sections 2, 3, 7) and a signed-in tenant's uploads. */

const DAY_MS = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string) => UUID.test(value);

export const downloadLinkInvalid =
  "This download link is not valid. Please download the file again.";

export const fileNotFound = () => notFound(filesMessages.fileNotFound);
export const downloadLinkExpired = () =>
  new AppError(410, "link_expired", filesMessages.downloadLinkExpired);

export function toTenantFile(row: TenantFileRow): TenantFile {
  return {
    id: row.id,
    filename: row.filename,
    originalName: row.originalName,
    category: row.category,
    size: row.size,
    mime: row.mime,
    uploadDate: row.uploadedAt.toISOString(),
    tenant: { name: row.tenantName, email: row.tenantEmail },
    property: { id: row.propertyId, name: row.propertyName, unit: row.unit },
    maintenanceRequest: row.maintenanceRequest ? { title: row.maintenanceRequest } : null,
  };
}

export async function listFiles(deps: { db: Db }, query: FilesQuery): Promise<FilesResponse> {
  const rows = await createTenantFilesRepository(deps.db).list({
    category: query.category,
    tenant: query.tenant || undefined,
  });
  return { files: rows.map(toTenantFile) };
}

export async function fileStats(deps: { db: Db; now?: () => Date }): Promise<FileStats> {
  const now = deps.now?.() ?? new Date();
  const since = new Date(now.getTime() - RECENT_UPLOAD_DAYS * DAY_MS);
  const totals = await createTenantFilesRepository(deps.db).totals(since);
  return { ...totals, totalSize: formatFileSize(totals.totalBytes) };
}

/** A short-lived link the browser opens directly: the token, not a session, is the authority. */
export async function createDownloadLink(
  deps: { db: Db; links: FileLinks },
  id: string,
): Promise<DownloadResponse> {
  const row = isUuid(id) ? await createTenantFilesRepository(deps.db).findById(id) : null;
  if (!row) throw fileNotFound();
  const { token, expiresAt } = await deps.links.downloads.sign({ fid: row.id });
  return { downloadUrl: `/api/files/download/${token}`, expiresAt: expiresAt.toISOString() };
}

export type OpenedDownload = { file: TenantFileRow; size: number; stream: ReadStream };

export async function openDownload(
  deps: { db: Db; links: FileLinks; filesDir: string },
  token: string,
): Promise<OpenedDownload> {
  const check = await deps.links.downloads.check(token);
  if (check.status === "expired") throw downloadLinkExpired();
  if (check.status === "invalid") throw notFound(downloadLinkInvalid);
  const row = await createTenantFilesRepository(deps.db).findById(check.claims.fid);
  if (!row) throw fileNotFound();
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(storedPath(deps.filesDir, row.filename), "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw fileNotFound();
    throw error;
  }
  try {
    const { size } = await handle.stat();
    // The stream owns the handle from here and closes it when done or aborted.
    return { file: row, size, stream: handle.createReadStream() };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

export const tenantsOnly = "Only tenants can upload documents here.";

/** A signed-in tenant's own documents: attributed to their name (or e-mail) and e-mail. */
export async function uploadTenantFiles(
  deps: { db: Db; filesDir: string },
  request: FastifyRequest,
  user: SessionUser,
): Promise<FilesResponse> {
  const upload = await receiveUpload(request, { filesDir: deps.filesDir, fileField: "file" });
  const rows = await commitUpload(deps.filesDir, upload, async ({ files, fields }) => {
    const parsed = tenantUploadFieldsSchema.safeParse(fields);
    if (!parsed.success) {
      const details = parsed.error.issues.map((issue) => ({
        path: issue.path.join("."),
        msg: issue.message,
      }));
      throw badRequest(details[0]!.msg, details);
    }
    return createTenantFilesRepository(deps.db).insertMany(
      files.map((file) => ({
        ...file,
        tenantId: user.uid,
        tenantName: user.displayName?.trim() || user.email,
        tenantEmail: user.email,
        category: parsed.data.category,
        maintenanceRequest: parsed.data.maintenanceRequest || null,
      })),
    );
  });
  return { files: rows.map(toTenantFile) };
}
