import { randomUUID } from "node:crypto";
import {
  DOCUMENT_REQUESTS_SHOWN,
  type DocumentRequest,
  type documentRequestSchema,
  type UploadRequestInfo,
} from "#domain/tenant-files";
import type { z } from "#domain/zod";
import type { Db } from "#server/db/client";
import type { MailQueue } from "#server/mail/mail-queue";
import { isUuid } from "#server/shared/uuid";
import type { ObjectStore } from "#server/storage/storage";
import { documentRequestEmail } from "./document-request.email";
import {
  createDocumentRequestsRepository,
  type DocumentRequestRow,
  type DocumentRequestWithCount,
} from "./document-requests.repository";
import { nameForType } from "./file-names";
import type { ReceiveUpload } from "./file-store";
import type { FileLinks } from "./file-tokens";
import { linkExpired, linkFull, linkInvalid, requestBuildingNotFound } from "./tenant-files.errors";
import { createTenantFilesRepository, type TenantFileRow } from "./tenant-files.repository";
import { linkQuota, type QuotaOwner, uploadWithinQuota } from "./upload-quotas";

/**
 * Document requests: staff ask a tenant (who cannot sign in) for documents; the tenant gets an
 * e-mailed upload link valid UPLOAD_LINK_DAYS days, and what they send lands in the Files tab
 * under their name, building and unit.
 */

type Deps = { db: Db; links: FileLinks; now?: () => Date };

// The words live in #domain/tenant-files; the route tests read them from here.

function toDocumentRequest(row: DocumentRequestWithCount): DocumentRequest {
  return {
    id: row.id,
    tenantName: row.tenantName,
    tenantEmail: row.tenantEmail,
    property: { id: row.propertyId, name: row.propertyName, unit: row.unit },
    category: row.category,
    maintenanceRequest: row.maintenanceRequest,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    filesReceived: row.filesReceived,
  };
}

const received = (row: TenantFileRow) => ({
  originalName: nameForType(row.originalName, row.mime),
  size: row.size,
  uploadDate: row.uploadedAt.toISOString(),
});

/**
 * Records the request and queues the e-mail with its link, in one transaction. The mail worker
 * sends it and retries while the SMTP server is down; a message that finally fails is shown to
 * staff under "Outgoing mail", where they can send it again.
 */
export async function createDocumentRequest(
  deps: Deps & { mailQueue: MailQueue; publicUrl: string },
  input: z.output<typeof documentRequestSchema>,
  createdBy: string | null,
): Promise<DocumentRequest> {
  const propertyName = await createDocumentRequestsRepository(deps.db).propertyTitle(
    input.propertyId,
  );
  if (propertyName === null) throw requestBuildingNotFound();
  const id = randomUUID();
  // The row ends exactly when the link does.
  const { token, expiresAt } = await deps.links.uploads.sign({ rid: id });
  const row = await deps.mailQueue.transaction(async (tx) => {
    const inserted = await createDocumentRequestsRepository(tx.db).insert({
      id,
      tenantName: input.tenantName,
      tenantEmail: input.tenantEmail,
      propertyId: input.propertyId,
      propertyName,
      unit: input.unit,
      category: input.category,
      maintenanceRequest: input.maintenanceRequest || null,
      note: input.note,
      language: input.language,
      createdBy,
      expiresAt,
    });
    // The link opens the upload page in the e-mail's language: Spanish lives under /es.
    const uploadPath = inserted.language === "es" ? `/es/upload/${token}` : `/upload/${token}`;
    await tx.queue({
      kind: "document_request",
      ...documentRequestEmail({ ...inserted, uploadUrl: `${deps.publicUrl}${uploadPath}` }),
    });
    return inserted;
  });
  return toDocumentRequest({ ...row, filesReceived: 0 });
}

export async function listDocumentRequests(deps: {
  db: Db;
}): Promise<{ requests: DocumentRequest[] }> {
  const rows = await createDocumentRequestsRepository(deps.db).listWithCounts(
    DOCUMENT_REQUESTS_SHOWN,
  );
  return { requests: rows.map(toDocumentRequest) };
}

/** The request behind an upload link: 404 if unknown or forged, 410 once it has expired. */
async function openRequest(deps: Deps, token: string): Promise<DocumentRequestRow> {
  const check = await deps.links.uploads.check(token);
  if (check.status === "expired") throw linkExpired();
  if (check.status === "invalid" || !isUuid(check.claims.rid)) throw linkInvalid();
  const row = await createDocumentRequestsRepository(deps.db).findById(check.claims.rid);
  if (!row) throw linkInvalid();
  const now = deps.now?.() ?? new Date();
  if (row.expiresAt.getTime() <= now.getTime()) throw linkExpired();
  return row;
}

export async function uploadRequestInfo(deps: Deps, token: string): Promise<UploadRequestInfo> {
  const row = await openRequest(deps, token);
  const files = await createTenantFilesRepository(deps.db).listByRequest(row.id);
  return {
    tenantName: row.tenantName,
    propertyName: row.propertyName,
    unit: row.unit,
    category: row.category,
    maintenanceRequest: row.maintenanceRequest,
    note: row.note,
    expiresAt: row.expiresAt.toISOString(),
    filesReceived: files.map(received),
  };
}

/**
 * The link is checked before a byte is read: a bad or full link never writes anything. The
 * rows go in under the lock of the request's row (see upload-quotas.ts).
 */
export async function uploadThroughRequest(
  deps: Deps & { store: ObjectStore },
  token: string,
  receive: ReceiveUpload,
): Promise<{ files: UploadRequestInfo["filesReceived"] }> {
  const row = await openRequest(deps, token);
  const owner: QuotaOwner = {
    quota: linkQuota,
    holder: { requestId: row.id },
    lock: (tx) => createDocumentRequestsRepository(tx).lock(row.id),
    gone: linkInvalid,
    full: linkFull,
  };
  const rows = await uploadWithinQuota(deps, receive, owner, ({ files }) =>
    files.map((file) => ({
      ...file,
      requestId: row.id,
      tenantName: row.tenantName,
      tenantEmail: row.tenantEmail,
      propertyId: row.propertyId,
      propertyName: row.propertyName,
      unit: row.unit,
      category: row.category,
      maintenanceRequest: row.maintenanceRequest,
    })),
  );
  return { files: rows.map(received) };
}
