import type { FastifyPluginAsync } from "fastify";
import { adminMaintenanceApi } from "#domain/api/admin-maintenance";
import { tenantFilesApi as api } from "#domain/api/tenant-files";
import { tenantPortalApi } from "#domain/api/tenant-portal";
import type { Db } from "#server/db/client";
import { route } from "#server/http/route";
import type { MailQueue } from "#server/mail/mail-queue";
import type { ObjectStore } from "#server/storage/storage";
import {
  createDocumentRequest,
  listDocumentRequests,
  uploadRequestInfo,
  uploadThroughRequest,
} from "./document-requests.service";
import { downloadHeaders } from "./file-names";
import { createFileLinks } from "./file-tokens";
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

/**
 * Tenant files, document requests and downloads: the Files tab's routes, a tenant's own upload,
 * and the public routes whose signed token is the authority.
 */
export const tenantFilesRoutes =
  (deps: Deps): FastifyPluginAsync =>
  async (app) => {
    const links = createFileLinks(deps.secret);
    const services = { ...deps, links };

    route(app, api.list, async (request) => listFiles(services, request.query));
    route(app, api.stats, async () => fileStats(services));
    // Each link made is a document fetched, as far as the audit trail can tell: it names the
    // staff member who asked, and the file.
    route(app, api.downloadLink, async (request) => {
      const { link, file } = await createDownloadLink(services, request.params.id);
      request.auditEntry = {
        targetType: "tenant_file",
        propertyId: file.propertyId,
        detail: {
          name: file.originalName,
          category: file.category,
          tenant: file.tenantEmail,
        },
      };
      return link;
    });

    // Bytes go out as they are, never compressed (Content-Length stays true) and never rendered
    // by the browser: an attachment of the detected type, not sniffed, and sandboxed with no
    // sources should a browser open it anyway.
    route(
      app,
      api.download,
      async (request, reply) => {
        const { file, size, stream } = await openDownload(services, request.params.token);
        const { contentType, contentDisposition } = downloadHeaders(file);
        return reply
          .header("content-type", contentType)
          .header("content-length", String(size))
          .header("content-disposition", contentDisposition)
          .header("cache-control", "private, no-store")
          .header("x-content-type-options", "nosniff")
          .header("content-security-policy", "default-src 'none'; sandbox")
          .send(stream);
      },
      { compress: false },
    );

    route(app, api.tenantUpload, async (request) =>
      uploadTenantFiles(
        services,
        request.parts({ limits: api.tenantUpload.multipart.limits }),
        request.user!,
      ),
    );

    // The tenant portal's Documents: their own and those the office shared with them.
    route(app, tenantPortalApi.listDocuments, async (request) =>
      listTenantDocuments(services, request.user!),
    );
    route(app, tenantPortalApi.documentLink, async (request) =>
      tenantDocumentLink(services, request.user!, request.params.id),
    );
    route(app, adminMaintenanceApi.shareDocument, async (request) => {
      const { files, tenant } = await shareWithTenant(
        services,
        request.params.id,
        request.parts({ limits: adminMaintenanceApi.shareDocument.multipart.limits }),
        request.user!,
      );
      request.auditEntry = {
        targetType: "tenant",
        propertyId: files[0]?.propertyId ?? null,
        detail: {
          tenant: tenant.email,
          files: files.map((file) => ({ id: file.id, name: file.originalName })),
        },
      };
      return { files: files.map(toTenantFile) };
    });

    route(app, api.createRequest, async (request) => {
      const created = await createDocumentRequest(
        services,
        request.body,
        request.user?.uid ?? null,
      );
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
    });
    route(app, api.listRequests, async () => listDocumentRequests(services));
    route(app, api.uploadRequest, async (request) =>
      uploadRequestInfo(services, request.params.token),
    );

    // Public and able to write to disk: bursts from one address are cut short.
    route(
      app,
      api.uploadThroughRequest,
      async (request) =>
        uploadThroughRequest(
          services,
          request.params.token,
          request.parts({ limits: api.uploadThroughRequest.multipart.limits }),
        ),
      { rateLimit: 30 },
    );
  };
