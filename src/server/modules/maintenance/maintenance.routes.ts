import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { adminMaintenanceApi as admin } from "#domain/api/admin-maintenance";
import { tenantPortalApi as api } from "#domain/api/tenant-portal";
import type { MaintenanceRequest } from "#domain/maintenance";
import { type RouteRequest, route } from "#server/http/route";
import {
  createRequest,
  listForTenant,
  type MaintenanceDeps,
  tenantComment,
} from "./maintenance.service";
import {
  getForStaff,
  listForStaff,
  staffComment,
  summaryForStaff,
  updateRequest,
} from "./maintenance.staff.service";
import { receiveRequestForm } from "./maintenance.upload";
import { openPhoto } from "./maintenance-photos.service";

type Deps = MaintenanceDeps;

/**
 * Maintenance requests: the tenant's (their unit's only) and the Maintenance tab's, and the
 * photos behind their signed links.
 */
export const maintenanceRoutes =
  (deps: Deps): FastifyPluginAsync =>
  async (app) => {
    route(app, api.listRequests, (request) => tenantRequests(deps, request));
    route(app, api.createRequest, (request) => newRequest(deps, request));
    route(app, api.comment, (request) => commentAsTenant(deps, request));
    route(app, api.photo, (request, reply) => photo(deps, request, reply), { compress: false });
    route(app, admin.list, (request) => staffRequests(deps, request));
    route(app, admin.summary, () => summaryForStaff(deps));
    route(app, admin.get, (request) => getForStaff(deps, request.user!, request.params.id));
    route(app, admin.update, (request) => update(deps, request));
    route(app, admin.comment, (request) => commentAsStaff(deps, request));
  };

async function tenantRequests(deps: Deps, request: RouteRequest<typeof api.listRequests>) {
  return listForTenant(deps, request.user!, request.query);
}

/** The form is read (its photos stored) when the service asks, once the tenant may send one. */
function newRequest(deps: Deps, request: RouteRequest<typeof api.createRequest>) {
  const parts = request.parts({ limits: api.createRequest.multipart.limits });
  return createRequest(deps, request.user!, () => receiveRequestForm(deps.store, parts));
}

function commentAsTenant(deps: Deps, request: RouteRequest<typeof api.comment>) {
  return tenantComment(deps, request.user!, request.params.id, request.body.body);
}

/** The link is the authority; the bytes are private to whoever was given it. */
async function photo(deps: Deps, request: RouteRequest<typeof api.photo>, reply: FastifyReply) {
  const object = await openPhoto(deps, request.params.token);
  return reply
    .header("content-type", "image/webp")
    .header("content-length", String(object.size))
    .header("cache-control", "private, max-age=600")
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", "default-src 'none'; sandbox")
    .send(object.stream);
}

async function staffRequests(deps: Deps, request: RouteRequest<typeof admin.list>) {
  return listForStaff(deps, request.user!, request.query);
}

async function update(deps: Deps, request: RouteRequest<typeof admin.update>) {
  const { request: updated, before } = await updateRequest(
    deps,
    request.user!,
    request.params.id,
    request.body,
  );
  request.auditEntry = {
    ...auditOf(updated),
    changes: {
      status: { before: before.status, after: updated.status },
      scheduledFor: { before: before.scheduledFor, after: updated.scheduledFor },
      window: { before: before.visitWindow, after: updated.window },
    },
  };
  return updated;
}

async function commentAsStaff(deps: Deps, request: RouteRequest<typeof admin.comment>) {
  const updated = await staffComment(deps, request.user!, request.params.id, request.body.body);
  request.auditEntry = auditOf(updated);
  return updated;
}

/** What the audit trail names of a request staff changed. */
const auditOf = (updated: MaintenanceRequest) => ({
  targetType: "maintenance_request",
  propertyId: updated.property.id,
  detail: { title: updated.title, tenant: updated.tenant.email },
});
