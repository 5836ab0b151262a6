import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { documentRequestSchema, filesQuerySchema } from "#domain/tenant-files";
import type { Db } from "#server/db/client";
import { forbidden } from "#server/http/errors";
import type { Mailer } from "#server/mail/mailer";
import type { ObjectStore } from "#server/storage/storage";
import {
  createDocumentRequest,
  listDocumentRequests,
  uploadRequestInfo,
  uploadThroughRequest,
} from "./document-requests.service";
import { attachmentDisposition } from "./file-names";
import { createFileLinks } from "./file-tokens";
import {
  documentRequestResponseSchema,
  documentRequestsResponseSchema,
  downloadResponseSchema,
  fileStatsSchema,
  filesResponseSchema,
  idParams,
  receivedFilesResponseSchema,
  tokenParams,
  uploadRequestInfoSchema,
} from "./tenant-files.schemas";
import {
  createDownloadLink,
  fileStats,
  listFiles,
  openDownload,
  tenantsOnly,
  uploadTenantFiles,
} from "./tenant-files.service";

type Deps = {
  db: Db;
  mailer: Mailer;
  /** The JWT secret: download and upload links are signed with it, each under its own audience. */
  secret: Uint8Array;
  /** Where the documents are kept (`tenant-files/<uuid>`): never served as they are. */
  store: ObjectStore;
  /** A private local folder where uploads are received before they are stored. */
  scratchDir: string;
  publicUrl: string;
};

/** After `app.guards.user`: tenants only (an administrator has the Files tab instead). */
async function tenantOnly(request: FastifyRequest) {
  if (request.user?.role !== "tenant") throw forbidden(tenantsOnly);
}

/**
 * Tenant files, document requests and downloads (PRODUCT-SPEC.md sections 2, 7; DESIGN.md
 * section 4). Admin routes, a tenant's upload, and the public routes whose token is the authority.
 */
export const tenantFilesRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const links = createFileLinks(deps.secret);
    const services = { ...deps, links };

    app.get(
      "/api/admin/files",
      {
        onRequest: app.guards.admin,
        schema: { querystring: filesQuerySchema, response: { 200: filesResponseSchema } },
      },
      async (request) => listFiles(services, request.query),
    );

    app.get(
      "/api/admin/files/stats",
      { onRequest: app.guards.admin, schema: { response: { 200: fileStatsSchema } } },
      async () => fileStats(services),
    );

    app.get(
      "/api/admin/files/:id/download",
      {
        onRequest: app.guards.admin,
        schema: { params: idParams, response: { 200: downloadResponseSchema } },
      },
      async (request) => createDownloadLink(services, request.params.id),
    );

    // Public: the short-lived token is the authority. Bytes go out as they are, never compressed
    // (Content-Length stays true) and never rendered by the browser.
    app.get(
      "/api/files/download/:token",
      { compress: false, schema: { params: tokenParams } },
      async (request, reply) => {
        const { file, size, stream } = await openDownload(services, request.params.token);
        return reply
          .header("content-type", file.mime)
          .header("content-length", String(size))
          .header("content-disposition", attachmentDisposition(file.originalName))
          .header("cache-control", "private, no-store")
          .header("x-content-type-options", "nosniff")
          .send(stream);
      },
    );

    app.post(
      "/api/tenant/files",
      {
        onRequest: app.guards.user,
        preHandler: tenantOnly,
        schema: { response: { 201: filesResponseSchema } },
      },
      async (request, reply) => {
        const result = await uploadTenantFiles(services, request, request.user!);
        return reply.status(201).send(result);
      },
    );

    app.post(
      "/api/admin/document-requests",
      {
        onRequest: app.guards.admin,
        schema: { body: documentRequestSchema, response: { 201: documentRequestResponseSchema } },
      },
      async (request, reply) => {
        const created = await createDocumentRequest(
          { ...services, log: request.log },
          request.body,
          request.user?.uid ?? null,
        );
        return reply.status(201).send(created);
      },
    );

    app.get(
      "/api/admin/document-requests",
      {
        onRequest: app.guards.admin,
        schema: { response: { 200: documentRequestsResponseSchema } },
      },
      async () => listDocumentRequests(services),
    );

    app.get(
      "/api/upload-requests/:token",
      { schema: { params: tokenParams, response: { 200: uploadRequestInfoSchema } } },
      async (request) => uploadRequestInfo(services, request.params.token),
    );

    app.post(
      "/api/upload-requests/:token/files",
      {
        // Public and able to write to disk: bursts from one address are cut short.
        config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
        schema: { params: tokenParams, response: { 201: receivedFilesResponseSchema } },
      },
      async (request, reply) => {
        const result = await uploadThroughRequest(services, request.params.token, request);
        return reply.status(201).send(result);
      },
    );
  };
