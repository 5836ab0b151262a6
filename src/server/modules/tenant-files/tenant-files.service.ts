import type { Readable } from "node:stream";
import type { Multipart } from "@fastify/multipart";
import { tenantFilesApi } from "#domain/api/tenant-files";
import { buildUrl } from "#domain/api/wire";
import type { SessionUser } from "#domain/auth";
import {
  DOWNLOAD_URL_MINUTES,
  type DownloadResponse,
  type FileStats,
  type FilesQuery,
  type FilesResponse,
  formatFileSize,
  RECENT_UPLOAD_DAYS,
  type TenantFile,
  tenantUploadFieldsSchema,
} from "#domain/tenant-files";
import type { Db } from "#server/db/client";
import { badRequest, unauthorized } from "#server/http/errors";
import { isUuid } from "#server/shared/uuid";
import { tenantFileKey } from "#server/storage/keys";
import type { ObjectStore } from "#server/storage/storage";
import { downloadHeaders, nameForType } from "./file-names";
import type { FileLinks } from "./file-tokens";
import {
  downloadLinkExpired,
  fileNotFound,
  invalidDownloadLink,
  tenantFull,
} from "./tenant-files.errors";
import { createTenantFilesRepository, type TenantFileRow } from "./tenant-files.repository";
import { type QuotaOwner, tenantQuota, uploadWithinQuota } from "./upload-quotas";

/** The admin Files tab (list, statistics, download links) and a signed-in tenant's uploads. */

const DAY_MS = 24 * 60 * 60 * 1000;

// The words live in #domain/tenant-files; the route tests read them from here.

export function toTenantFile(row: TenantFileRow): TenantFile {
  return {
    id: row.id,
    filename: row.filename,
    // Rows stored before names were checked are shown as they download.
    originalName: nameForType(row.originalName, row.mime),
    category: row.category,
    size: row.size,
    mime: row.mime,
    uploadDate: row.uploadedAt.toISOString(),
    tenant: { name: row.tenantName, email: row.tenantEmail },
    property: { id: row.propertyId, name: row.propertyName, unit: row.unit },
    maintenanceRequest: row.maintenanceRequest ? { title: row.maintenanceRequest } : null,
    fromOffice: row.fromOffice,
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

/**
 * A short-lived link the browser opens directly: the token (or the bucket's signature), not a
 * session, is the authority. With `s3` it is a presigned URL of the bucket itself, so the bytes
 * never pass through the app; with `fs` it is the app's own download route.
 */
export async function createDownloadLink(
  deps: { db: Db; links: FileLinks; store: ObjectStore; now?: () => Date },
  id: string,
): Promise<{ link: DownloadResponse; file: TenantFileRow }> {
  const row = isUuid(id) ? await createTenantFilesRepository(deps.db).findById(id) : null;
  if (!row) throw fileNotFound();
  return { link: await linkTo(deps, row), file: row };
}

async function linkTo(
  deps: { links: FileLinks; store: ObjectStore; now?: () => Date },
  row: TenantFileRow,
): Promise<DownloadResponse> {
  if (deps.store.downloadUrl) {
    const seconds = DOWNLOAD_URL_MINUTES * 60;
    const expiresAt = new Date((deps.now?.() ?? new Date()).getTime() + seconds * 1000);
    const headers = downloadHeaders(row);
    const downloadUrl = await deps.store.downloadUrl(tenantFileKey(row.filename), {
      contentDisposition: headers.contentDisposition,
      contentType: headers.contentType,
      expiresInSeconds: seconds,
    });
    return { downloadUrl, expiresAt: expiresAt.toISOString() };
  }
  const { token, expiresAt } = await deps.links.downloads.sign({ fid: row.id });
  return {
    downloadUrl: buildUrl(tenantFilesApi.download, { token }),
    expiresAt: expiresAt.toISOString(),
  };
}

export type OpenedDownload = { file: TenantFileRow; size: number; stream: Readable };

/** The token route: works with either driver, streaming the bytes from the store. */
export async function openDownload(
  deps: { db: Db; links: FileLinks; store: ObjectStore },
  token: string,
): Promise<OpenedDownload> {
  const check = await deps.links.downloads.check(token);
  if (check.status === "expired") throw downloadLinkExpired();
  if (check.status === "invalid") throw invalidDownloadLink();
  const row = await createTenantFilesRepository(deps.db).findById(check.claims.fid);
  if (!row) throw fileNotFound();
  const found = await deps.store.get(tenantFileKey(row.filename));
  if (!found) throw fileNotFound();
  return { file: row, size: found.size, stream: found.stream };
}

/**
 * A signed-in tenant's own documents: attributed to their name (or e-mail) and e-mail, within
 * their running total, checked before a byte is read and again under the lock of their user row
 * as the rows go in (see upload-quotas.ts).
 */
export async function uploadTenantFiles(
  deps: { db: Db; store: ObjectStore; scratchDir: string },
  parts: AsyncIterableIterator<Multipart>,
  user: SessionUser,
): Promise<FilesResponse> {
  const owner: QuotaOwner = {
    quota: tenantQuota,
    holder: { tenantId: user.uid },
    lock: (tx) => createTenantFilesRepository(tx).lockTenant(user.uid),
    gone: unauthorized,
    full: tenantFull,
  };
  const rows = await uploadWithinQuota(
    deps,
    { parts, fileField: "file" },
    owner,
    ({ files, fields }) => {
      const parsed = tenantUploadFieldsSchema.safeParse(fields);
      if (!parsed.success) {
        const details = parsed.error.issues.map((issue) => ({
          path: issue.path.join("."),
          msg: issue.message,
        }));
        throw badRequest(details[0]!.msg, details);
      }
      return files.map((file) => ({
        ...file,
        tenantId: user.uid,
        tenantName: user.displayName?.trim() || user.email,
        tenantEmail: user.email,
        category: parsed.data.category,
        maintenanceRequest: parsed.data.maintenanceRequest || null,
      }));
    },
  );
  return { files: rows.map(toTenantFile) };
}
