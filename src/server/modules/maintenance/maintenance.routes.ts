import type { FastifyPluginAsync } from "fastify";
import { adminMaintenanceApi as admin } from "#domain/api/admin-maintenance";
import { tenantPortalApi as api } from "#domain/api/tenant-portal";
import { AppError, notFound } from "#server/http/errors";
import { route } from "#server/http/route";
import {
  createRequest,
  getForStaff,
  listForStaff,
  listForTenant,
  type MaintenanceDeps,
  staffComment,
  summaryForStaff,
  tenantComment,
  updateRequest,
} from "./maintenance.service";
import { openPhoto } from "./maintenance-photos";

const photoLinkGone = () =>
  new AppError(410, "link_expired", "This photo link has expired. Reload the page for a new one.");

/**
 * Maintenance requests: the tenant's (their unit's only) and the Maintenance tab's, and the
 * photos behind their signed links.
 */
export const maintenanceRoutes =
  (deps: MaintenanceDeps): FastifyPluginAsync =>
  async (app) => {
    route(app, api.listRequests, async (request) => ({
      requests: await listForTenant(deps, request.user!),
    }));
    route(app, api.createRequest, async (request) =>
      createRequest(
        deps,
        request.user!,
        request.parts({ limits: api.createRequest.multipart.limits }),
      ),
    );
    route(app, api.comment, async (request) =>
      tenantComment(deps, request.user!, request.params.id, request.body.body),
    );

    // The link is the authority; the bytes are private to whoever was given it.
    route(
      app,
      api.photo,
      async (request, reply) => {
        const opened = await openPhoto({ ...deps, links: deps.photoLinks }, request.params.token);
        if (opened.status === "expired") throw photoLinkGone();
        if (opened.status === "invalid") throw notFound("Photo not found");
        return reply
          .header("content-type", "image/webp")
          .header("content-length", String(opened.object.size))
          .header("cache-control", "private, max-age=600")
          .header("x-content-type-options", "nosniff")
          .header("content-security-policy", "default-src 'none'; sandbox")
          .send(opened.object.stream);
      },
      { compress: false },
    );

    route(app, admin.list, async (request) => ({
      requests: await listForStaff(deps, request.query),
    }));
    route(app, admin.summary, async () => summaryForStaff(deps));
    route(app, admin.get, async (request) => getForStaff(deps, request.params.id));
    route(app, admin.update, async (request) => {
      const { request: updated, before } = await updateRequest(
        deps,
        request.params.id,
        request.body,
      );
      request.auditEntry = {
        targetType: "maintenance_request",
        propertyId: updated.property.id,
        changes: {
          status: { before: before.status, after: updated.status },
          scheduledFor: { before: before.scheduledFor, after: updated.scheduledFor },
          window: { before: before.visitWindow, after: updated.window },
        },
        detail: { title: updated.title, tenant: updated.tenant.email },
      };
      return updated;
    });
    route(app, admin.comment, async (request) => {
      const updated = await staffComment(deps, request.user!, request.params.id, request.body.body);
      request.auditEntry = {
        targetType: "maintenance_request",
        propertyId: updated.property.id,
        detail: { title: updated.title, tenant: updated.tenant.email },
      };
      return updated;
    });
  };
