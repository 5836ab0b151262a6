import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { adminMaintenanceApi as admin } from "#domain/api/admin-maintenance";
import { tenantFilesApi as api } from "#domain/api/tenant-files";
import { tenantPortalApi as portal } from "#domain/api/tenant-portal";
import type { Db } from "#server/db/client";
import { type RouteRequest, route } from "#server/http/route";
import type { MailQueue } from "#server/mail/mail-queue";
import type { ObjectStore } from "#server/storage/storage";
import {
  createDocumentRequest,
  listDocumentRequests,
  uploadRequestInfo,
  uploadThroughRequest,
} from "./document-requests.service";
import { downloadHeaders } from "./file-names";
import { createFileLinks, type FileLinks } from "./file-tokens";
import {
  createDownloadLink,
  fileStats,
  listFiles,
  listTenantDocuments,
  openDownload,
  shareWithTenant,
  tenantDocumentLink,
  toTenantFile,
  uploadTenantFiles,
} from "./tenant-files.service";
import { uploadOf } from "./tenant-files.upload";

type Deps = {
  db: Db;
  mailQueue: MailQueue;
  /** The JWT secret: download and upload links are signed with it, each under its own audience. */
  secret: Uint8Array;
  /** Where the documents are kept (`tenant-files/<uuid>`): never served as they are. */
  store: ObjectStore;
  /** A private local folder where uploads are received before they are stored. */
  scratchDir: string;
  publicUrl: string;
};

type Services = Deps & { links: FileLinks };

/**
 * Tenant files, document requests and downloads: the Files tab's routes, a tenant's own upload,
 * and the public routes whose signed token is the authority.
 */
export const tenantFilesRoutes =
  (deps: Deps): FastifyPluginAsync =>
  async (app) => {
    const s: Services = { ...deps, links: createFileLinks(deps.secret) };
    route(app, api.list, (request) => listFiles(s, request.query));
    route(app, api.stats, () => fileStats(s));
    route(app, api.downloadLink, (request) => downloadLink(s, request));
    route(app, api.download, (request, reply) => download(s, request, reply), { compress: false });
    route(app, api.tenantUpload, (request) => tenantUpload(s, request));
    // The tenant portal's Documents: their own and those the office shared with them.
    route(app, portal.listDocuments, (request) =>
      listTenantDocuments(s, request.user!, request.query),
    );
    route(app, portal.documentLink, (request) => ownDocumentLink(s, request));
    route(app, admin.shareDocument, (request) => share(s, request));
    route(app, api.createRequest, (request) => newDocumentRequest(s, request));
    route(app, api.listRequests, () => listDocumentRequests(s));
    route(app, api.uploadRequest, (request) => uploadRequestInfo(s, request.params.token));
    // Public and able to write to disk: bursts from one address are cut short.
    route(app, api.uploadThroughRequest, (request) => uploadThroughLink(s, request), {
      rateLimit: 30,
    });
  };

/**
 * Each link made is a document fetched, as far as the audit trail can tell: it names the staff
 * member who asked, and the file.
 */
async function downloadLink(s: Services, request: RouteRequest<typeof api.downloadLink>) {
  const { link, file } = await createDownloadLink(s, request.user!, request.params.id);
  request.auditEntry = {
    targetType: "tenant_file",
    propertyId: file.propertyId,
    detail: { name: file.originalName, category: file.category, tenant: file.tenantEmail },
  };
  return link;
}

/**
 * Bytes go out as they are, never compressed (Content-Length stays true) and never rendered by
 * the browser: an attachment of the detected type, not sniffed, and sandboxed with no sources
 * should a browser open it anyway.
 */
async function download(
  s: Services,
  request: RouteRequest<typeof api.download>,
  reply: FastifyReply,
) {
  const { file, size, stream } = await openDownload(s, request.params.token);
  const { contentType, contentDisposition } = downloadHeaders(file);
  return reply
    .header("content-type", contentType)
    .header("content-length", String(size))
    .header("content-disposition", contentDisposition)
    .header("cache-control", "private, no-store")
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", "default-src 'none'; sandbox")
    .send(stream);
}

function tenantUpload(s: Services, request: RouteRequest<typeof api.tenantUpload>) {
  return uploadTenantFiles(s, uploadOf(s, request, api.tenantUpload), request.user!);
}

function ownDocumentLink(s: Services, request: RouteRequest<typeof portal.documentLink>) {
  return tenantDocumentLink(s, request.user!, request.params.id);
}

async function share(s: Services, request: RouteRequest<typeof admin.shareDocument>) {
  const upload = uploadOf(s, request, admin.shareDocument);
  const { files, tenant } = await shareWithTenant(s, request.params.id, upload, request.user!);
  request.auditEntry = {
    targetType: "tenant",
    propertyId: files[0]?.propertyId ?? null,
    detail: {
      tenant: tenant.email,
      files: files.map((file) => ({ id: file.id, name: file.originalName })),
    },
  };
  return { files: files.map(toTenantFile) };
}

async function newDocumentRequest(s: Services, request: RouteRequest<typeof api.createRequest>) {
  const created = await createDocumentRequest(s, request.body, request.user?.uid ?? null);
  request.auditEntry = {
    targetId: created.id,
    propertyId: created.property.id,
    detail: {
      tenant: created.tenantEmail,
      category: created.category,
      expiresAt: created.expiresAt,
    },
  };
  return created;
}

function uploadThroughLink(s: Services, request: RouteRequest<typeof api.uploadThroughRequest>) {
  const upload = uploadOf(s, request, api.uploadThroughRequest);
  return uploadThroughRequest(s, request.params.token, upload);
}
