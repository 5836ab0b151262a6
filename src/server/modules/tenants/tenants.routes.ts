import type { FastifyPluginAsync } from "fastify";
import { adminMaintenanceApi as admin } from "#domain/api/admin-maintenance";
import { tenantPortalApi as api } from "#domain/api/tenant-portal";
import { parseId } from "#domain/listing-format";
import { TENANT_LINK_REQUESTS_PER_MINUTE, tenantMessages } from "#domain/maintenance";
import { route } from "#server/http/route";
import type { CompleteSignIn } from "../auth/sign-in";
import {
  endTenantAccess,
  inviteTenant,
  listTenants,
  moveTenant,
  requestSignInLink,
  signInWithLink,
  type TenantDeps,
  tenantHome,
  unitNotFound,
} from "./tenants.service";

const done = (message: string) => ({ success: true as const, message });

/**
 * The portal's way in (a link asked for by e-mail, exchanged for a session), the tenant's home,
 * and staff's management of who has access to which unit.
 */
export const tenantsRoutes =
  (
    deps: TenantDeps & { completeSignIn: CompleteSignIn; attemptsPerMinute: number },
  ): FastifyPluginAsync =>
  async (app) => {
    // Public and e-mailing: bursts from one client are cut short; per address, see the service.
    route(
      app,
      api.signInLink,
      async (request) => {
        await requestSignInLink(deps, request.body.email, request.body.lang);
        return done(tenantMessages.linkSent);
      },
      { rateLimit: TENANT_LINK_REQUESTS_PER_MINUTE },
    );
    route(
      app,
      api.signIn,
      async (request, reply) =>
        signInWithLink(deps, request, reply, request.body.token, request.body.lang),
      { rateLimit: deps.attemptsPerMinute },
    );
    route(app, api.home, async (request) => tenantHome(deps, request.user!));

    route(app, admin.invite, async (request) => {
      const unitId = parseId(request.params.id);
      if (unitId === null) throw unitNotFound();
      const tenant = await inviteTenant(deps, unitId, request.body);
      request.auditEntry = {
        targetType: "tenant",
        targetId: tenant.id,
        propertyId: tenant.unit?.propertyId ?? null,
        detail: { email: tenant.email, name: tenant.name, unitId },
      };
      return tenant;
    });
    route(app, admin.tenants, async () => ({ tenants: await listTenants(deps) }));
    route(app, admin.moveTenant, async (request) => {
      const { tenant, before } = await moveTenant(deps, request.params.id, request.body.unitId);
      request.auditEntry = {
        propertyId: tenant.unit?.propertyId ?? null,
        changes: { unitId: { before, after: tenant.unit?.id ?? null } },
        detail: { email: tenant.email },
      };
      return tenant;
    });
    route(app, admin.endAccess, async (request) => {
      const ended = await endTenantAccess(deps, request.params.id);
      request.auditEntry = { detail: { email: ended.email, unitId: ended.unitId } };
      return done(tenantMessages.ended);
    });
  };
