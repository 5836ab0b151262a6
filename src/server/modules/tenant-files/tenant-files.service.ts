import type { Readable } from "node:stream";
import { tenantFilesApi } from "#domain/api/tenant-files";
import { buildUrl } from "#domain/api/wire";
import type { SessionUser } from "#domain/auth";
import {
  DOWNLOAD_URL_MINUTES,
  type DownloadResponse,
  type FileStats,
  type FilesPage,
  type FilesQuery,
  type FilesResponse,
  fileCategories,
  formatFileSize,
  RECENT_UPLOAD_DAYS,
  type TenantFile,
  tenantUploadFieldsSchema,
} from "#domain/tenant-files";
import { z } from "#domain/zod";
import type { Db } from "#server/db/client";
import { decodeKey, toPage } from "#server/db/keyset";
import { badRequest, issueDetails, unauthorized } from "#server/http/errors";
import type { MailQueue } from "#server/mail/mail-queue";
import { createUsersRepository, hasAccess } from "#server/modules/users";
import { isUuid } from "#server/shared/uuid";
import { tenantFileKey } from "#server/storage/keys";
import type { ObjectStore } from "#server/storage/storage";
import { documentSharedEmail } from "./document-shared.email";
import { downloadHeaders, nameForType } from "./file-names";
import type { ReceiveUpload } from "./file-store";
import type { FileLinks } from "./file-tokens";
import {
  downloadLinkExpired,
  fileNotFound,
  invalidDownloadLink,
  tenantFull,
  tenantGone,
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

/** A page of the Files tab, newest first, filtered in SQL; a cursor it did not make is a 400. */
export async function listFiles(deps: { db: Db }, query: FilesQuery): Promise<FilesPage> {
  const rows = await createTenantFilesRepository(deps.db).listPage({
    category: query.category,
    tenant: query.tenant || undefined,
    after: query.cursor ? decodeKey(query.cursor, ["time", "uuid"]) : undefined,
    limit: query.limit,
  });
  const page = toPage(
    rows,
    query.limit,
    (row) => [row.at, row.file.id],
    (row) => toTenantFile(row.file),
  );
  return { files: page.items, nextCursor: page.nextCursor };
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
  staff: SessionUser,
  id: string,
): Promise<{ link: DownloadResponse; file: TenantFileRow }> {
  const row = isUuid(id) ? await createTenantFilesRepository(deps.db).findById(id) : null;
  if (!row) throw fileNotFound();
  return { link: await linkTo(deps, row, staff), file: row };
}

/**
 * A link for `viewer`. The app's own link names them, and works only while they have access (a
 * tenancy ended since, an account removed: the link is dead). A bucket's presigned URL cannot be
 * taken back: it lives its few minutes.
 */
async function linkTo(
  deps: { links: FileLinks; store: ObjectStore; now?: () => Date },
  row: TenantFileRow,
  viewer: SessionUser,
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
  const { token, expiresAt } = await deps.links.downloads.sign({ fid: row.id, v: viewer.uid });
  return {
    downloadUrl: buildUrl(tenantFilesApi.download, { token }),
    expiresAt: expiresAt.toISOString(),
  };
}

/** A page of a tenant's documents: what they sent and what the office shared, newest first. */
export async function listTenantDocuments(
  deps: { db: Db },
  user: SessionUser,
  query: { limit: number; cursor?: string },
): Promise<FilesPage> {
  const rows = await createTenantFilesRepository(deps.db).listOfTenant(user.uid, {
    after: query.cursor ? decodeKey(query.cursor, ["time", "uuid"]) : undefined,
    limit: query.limit,
  });
  const page = toPage(
    rows,
    query.limit,
    (row) => [row.at, row.file.id],
    (row) => toTenantFile(row.file),
  );
  return { files: page.items, nextCursor: page.nextCursor };
}

/** A link to one of the tenant's own documents; anyone else's is not found. */
export async function tenantDocumentLink(
  deps: { db: Db; links: FileLinks; store: ObjectStore; now?: () => Date },
  user: SessionUser,
  id: string,
): Promise<DownloadResponse> {
  const row = isUuid(id) ? await createTenantFilesRepository(deps.db).findById(id) : null;
  if (!row || row.tenantId !== user.uid) throw fileNotFound();
  return linkTo(deps, row, user);
}

export type OpenedDownload = { file: TenantFileRow; size: number; stream: Readable };

/**
 * The token route: works with either driver, streaming the bytes from the store, while the
 * person the link was made for still has access.
 */
export async function openDownload(
  deps: { db: Db; links: FileLinks; store: ObjectStore },
  token: string,
): Promise<OpenedDownload> {
  const check = await deps.links.downloads.check(token);
  if (check.status === "expired") throw downloadLinkExpired();
  if (check.status === "invalid") throw invalidDownloadLink();
  const [row, viewer] = await Promise.all([
    createTenantFilesRepository(deps.db).findById(check.claims.fid),
    createUsersRepository(deps.db).findById(check.claims.v),
  ]);
  // Made for someone who no longer has access, or (a tenant) no longer this file's: dead.
  if (!viewer || !hasAccess(viewer)) throw invalidDownloadLink();
  if (!row || (viewer.role !== "admin" && row.tenantId !== viewer.id)) throw fileNotFound();
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
  deps: { db: Db; store: ObjectStore },
  receive: ReceiveUpload,
  user: SessionUser,
): Promise<FilesResponse> {
  const place = await createTenantFilesRepository(deps.db).placeOfTenant(user.uid);
  const owner: QuotaOwner = {
    quota: tenantQuota,
    holder: { tenantId: user.uid },
    lock: (tx) => createTenantFilesRepository(tx).lockTenant(user.uid),
    gone: unauthorized,
    full: tenantFull,
  };
  const rows = await uploadWithinQuota(deps, receive, owner, ({ files, fields }) => {
    const parsed = tenantUploadFieldsSchema.safeParse(fields);
    if (!parsed.success) {
      const details = issueDetails(parsed.error.issues);
      throw badRequest(details[0]!.msg, details);
    }
    return files.map((file) => ({
      ...file,
      tenantId: user.uid,
      tenantName: user.displayName?.trim() || user.email,
      tenantEmail: user.email,
      ...place,
      category: parsed.data.category,
      maintenanceRequest: parsed.data.maintenanceRequest || null,
    }));
  });
  return { files: rows.map(toTenantFile) };
}

/**
 * The office shares documents (a lease, a notice) with a tenant who has access: stored as the
 * tenant's files, marked as the office's, within a quota of their own; the tenant is e-mailed.
 */
export async function shareWithTenant(
  deps: { db: Db; store: ObjectStore; mailQueue: MailQueue; publicUrl: string },
  tenantId: string,
  receive: ReceiveUpload,
  staff: SessionUser,
): Promise<{ files: TenantFileRow[]; tenant: { email: string; name: string } }> {
  if (!isUuid(tenantId)) throw tenantGone();
  const repository = createTenantFilesRepository(deps.db);
  const tenant = await repository.findTenantWithAccess(tenantId);
  if (!tenant) throw tenantGone();
  const place = await repository.placeOfTenant(tenantId);
  const name = tenant.name?.trim() || tenant.email;
  const owner: QuotaOwner = {
    quota: tenantQuota,
    holder: { sharedWith: tenantId },
    lock: (tx) => createTenantFilesRepository(tx).lockTenant(tenantId),
    gone: tenantGone,
    full: tenantFull,
  };
  const rows = await uploadWithinQuota(deps, receive, owner, ({ files, fields }) => {
    const category = z.enum(fileCategories).default("other").safeParse(fields.category);
    if (!category.success) throw badRequest("Choose a category for the document.");
    return files.map((file) => ({
      ...file,
      tenantId,
      tenantName: name,
      tenantEmail: tenant.email,
      ...place,
      category: category.data,
      fromOffice: true,
      sharedBy: staff.uid,
    }));
  });
  await deps.mailQueue.send(
    documentSharedEmail({
      to: tenant.email,
      names: rows.map((row) => nameForType(row.originalName, row.mime)),
      portalUrl: `${deps.publicUrl}/tenant-portal`,
    }),
  );
  return { files: rows, tenant: { email: tenant.email, name } };
}
