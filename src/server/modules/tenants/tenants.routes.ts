import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { adminMaintenanceApi as admin } from "#domain/api/admin-maintenance";
import { tenantPortalApi as api } from "#domain/api/tenant-portal";
import { parseId } from "#domain/listing-format";
import { TENANT_LINK_REQUESTS_PER_MINUTE, tenantMessages } from "#domain/maintenance";
import { type RouteRequest, route } from "#server/http/route";
import type { CompleteSignIn } from "#server/modules/auth";
import { unitNotFound } from "./tenants.errors";
import {
  endTenantAccess,
  inviteTenant,
  listTenants,
  moveTenant,
  requestSignInLink,
  SIGN_IN_LINK_TASK,
  type SignInLinkRequest,
  sendSignInLink,
  signInWithLink,
  type TenantDeps,
  tenantHome,
} from "./tenants.service";

type Deps = TenantDeps & { completeSignIn: CompleteSignIn; attemptsPerMinute: number };

const done = (message: string) => ({ success: true as const, message });

/**
 * The portal's way in (a link asked for by e-mail, exchanged for a session), the tenant's home,
 * and staff's management of who has access to which unit.
 */
export const tenantsRoutes =
  (deps: Deps): FastifyPluginAsync =>
  async (app) => {
    // Link requests are queued and turned into e-mails by the mail queue's worker.
    const queueRequest = await deps.mailQueue.task<SignInLinkRequest>(
      SIGN_IN_LINK_TASK,
      (linkRequest, tx) => sendSignInLink(deps, linkRequest, tx),
    );
    // Public and e-mailing: bursts from one client are cut short; per address, see the service.
    route(app, api.signInLink, (request) => askForLink({ queueRequest }, request), {
      rateLimit: TENANT_LINK_REQUESTS_PER_MINUTE,
    });
    route(app, api.signIn, (request, reply) => signIn(deps, request, reply), {
      rateLimit: deps.attemptsPerMinute,
    });
    route(app, api.home, (request) => tenantHome(deps, request.user!));
    route(app, admin.invite, (request) => invite(deps, request));
    route(app, admin.tenants, (request) => listTenants(deps, request.query));
    route(app, admin.moveTenant, (request) => move(deps, request));
    route(app, admin.endAccess, (request) => endAccess(deps, request));
  };

async function askForLink(
  deps: { queueRequest: (request: SignInLinkRequest) => Promise<void> },
  request: RouteRequest<typeof api.signInLink>,
) {
  await requestSignInLink(deps, request.body.email, request.body.lang);
  return done(tenantMessages.linkSent);
}

/** The link names the tenant; the session is made as every sign-in's. */
async function signIn(deps: Deps, request: RouteRequest<typeof api.signIn>, reply: FastifyReply) {
  const user = await signInWithLink(deps, request.body.token, request.body.lang);
  return deps.completeSignIn(request, reply, user, "email_link");
}

async function invite(deps: Deps, request: RouteRequest<typeof admin.invite>) {
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
}

async function move(deps: Deps, request: RouteRequest<typeof admin.moveTenant>) {
  const { tenant, before } = await moveTenant(deps, request.params.id, request.body.unitId);
  request.auditEntry = {
    propertyId: tenant.unit?.propertyId ?? null,
    changes: { unitId: { before, after: tenant.unit?.id ?? null } },
    detail: { email: tenant.email },
  };
  return tenant;
}

async function endAccess(deps: Deps, request: RouteRequest<typeof admin.endAccess>) {
  const ended = await endTenantAccess(deps, request.params.id);
  request.auditEntry = { detail: { email: ended.email, unitId: ended.unitId } };
  return done(tenantMessages.ended);
}
