import type { SessionUser } from "#domain/auth";
import type { Locale } from "#domain/locale";
import {
  TENANT_INVITE_DAYS,
  TENANT_LINKS_PER_ADDRESS_PER_HOUR,
  TENANT_SIGN_IN_LINK_MINUTES,
  type Tenant,
  type TenantHome,
  type TenantInviteInput,
  type TenantsQuery,
} from "#domain/maintenance";
import { officeAddressLine, site } from "#domain/site";
import type { Db, Executor } from "#server/db/client";
import { decodeKey, toPage } from "#server/db/keyset";
import type { MailQueue, MailTransaction } from "#server/mail/mail-queue";
import { createSessionStore } from "#server/modules/auth";
import { isUuid } from "#server/shared/uuid";
import { createTenantLinks } from "./tenant-links";
import { invitationEmail, signInLinkEmail, signInPageUrl } from "./tenants.email";
import {
  alreadyTenant,
  linkInvalid,
  staffAddress,
  tenantNotFound,
  unitNotFound,
} from "./tenants.errors";
import {
  countOpenRequests,
  countTenants,
  endAccess,
  findHome,
  findTenantRow,
  findUnitPlace,
  type Invitation,
  insertTenant,
  listTenantPage,
  lockInvitedTenant,
  lockTenant,
  lockUserByEmail,
  markLinkOpened,
  reinvite,
  setUnit,
  type TenantRow,
  type UserRow,
} from "./tenants.repository";

/**
 * Tenants of the portal: invited by staff to a unit, signed in by single-use e-mailed links
 * (they have no password; the staff login keeps refusing them), moved between units or ended.
 */

export type TenantDeps = {
  db: Db;
  mailQueue: MailQueue;
  publicUrl: string;
  now: () => Date;
};

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

function toTenant(row: TenantRow): Tenant {
  return {
    id: row.id,
    name: row.name?.trim() || row.email,
    email: row.email,
    unit:
      row.unitId !== null && row.propertyId !== null
        ? {
            id: row.unitId,
            unitNumber: row.unitNumber ?? "",
            propertyId: row.propertyId,
            propertyName: row.propertyName ?? "",
          }
        : null,
    invitedAt: (row.invitedAt ?? row.createdAt).toISOString(),
    lastSignInAt: row.lastSignInAt ? new Date(row.lastSignInAt).toISOString() : null,
    language: row.language,
  };
}

/**
 * A page of the tenants with access (not ended), by address, with their unit and last sign-in,
 * and how many match the filters. The cursor is the page's last address.
 */
export async function listTenants(
  deps: { db: Db },
  query: TenantsQuery,
): Promise<{ tenants: Tenant[]; nextCursor: string | null; total: number }> {
  const filters = { unitIds: query.units?.split(",").map(Number), q: query.q };
  const after = query.cursor === undefined ? undefined : decodeKey(query.cursor, ["text"])[0];
  const [rows, total] = await Promise.all([
    listTenantPage(deps, { ...filters, after, limit: query.limit }),
    countTenants(deps, filters),
  ]);
  const page = toPage(rows, query.limit, (row) => [row.email], toTenant);
  return { tenants: page.items, nextCursor: page.nextCursor, total };
}

async function oneTenant(on: { db: Executor }, id: string): Promise<Tenant> {
  const row = await findTenantRow(on, id);
  if (!row) throw tenantNotFound();
  return toTenant(row);
}

/**
 * Gives a tenant access to a unit and e-mails the invitation, in one transaction: an account
 * made for an address that already was a tenant's (access ended) is taken up again. An address
 * of staff, or of a tenant who has access, is refused (move them instead).
 */
export async function inviteTenant(
  deps: TenantDeps,
  unitId: number,
  input: { name: string; email: string } & TenantInviteInput,
): Promise<Tenant> {
  return deps.mailQueue.transaction((tx) => inviteTenantIn(tx, deps, unitId, input));
}

/**
 * The invitation inside a transaction of the caller's (an application's accepted offer invites
 * its applicants in the one that marks the unit rented).
 */
export async function inviteTenantIn(
  tx: MailTransaction,
  deps: { publicUrl: string; now: () => Date },
  unitId: number,
  input: { name: string; email: string } & TenantInviteInput,
): Promise<Tenant> {
  const now = deps.now();
  const language = input.language ?? "en";
  const invite: Invitation = { name: input.name, unitId, language, now };
  const place = await findUnitPlace(tx, unitId);
  if (!place) throw unitNotFound();
  const userId = await takeAddress(tx, input.email, invite);
  const token = await createTenantLinks(tx.db).issue(
    userId,
    "invite",
    new Date(now.getTime() + TENANT_INVITE_DAYS * DAY_MS),
  );
  await tx.queue(
    invitationEmail({
      to: input.email,
      name: input.name,
      place,
      url: signInPageUrl(deps.publicUrl, token, language),
      lang: language,
    }),
  );
  return oneTenant(tx, userId);
}

/** The account the invitation goes to: a former tenant's taken up again, or a new one. */
async function takeAddress(tx: MailTransaction, email: string, invite: Invitation) {
  const existing = await lockUserByEmail(tx, email);
  if (!existing) return insertTenant(tx, email, invite);
  if (existing.role !== "tenant") throw staffAddress();
  if (existing.accessEndedAt === null && existing.invitedAt !== null) throw alreadyTenant();
  await reinvite(tx, existing.id, invite);
  return existing.id;
}

/** Moves a tenant to another unit: from now on they see that unit's requests. */
export async function moveTenant(
  deps: { db: Db; now: () => Date },
  id: string,
  unitId: number,
): Promise<{ tenant: Tenant; before: number | null }> {
  if (!isUuid(id)) throw tenantNotFound();
  return deps.db.transaction(async (db) => {
    const found = await lockTenant({ db }, id);
    if (!found) throw tenantNotFound();
    if (!(await findUnitPlace({ db }, unitId))) throw unitNotFound();
    if (found.unitId !== unitId) await setUnit({ db }, id, unitId, deps.now());
    return { tenant: await oneTenant({ db }, id), before: found.unitId };
  });
}

/** Ends a tenant's access: their sessions end and their unused links stop working, at once. */
export async function endTenantAccess(
  deps: { db: Db; now: () => Date },
  id: string,
): Promise<{ email: string; unitId: number | null }> {
  if (!isUuid(id)) throw tenantNotFound();
  return deps.db.transaction(async (db) => {
    const row = await lockTenant({ db }, id);
    if (!row) throw tenantNotFound();
    await endAccess({ db }, id, deps.now());
    await createSessionStore(deps.db).endAll(id, undefined, db);
    await createTenantLinks(db).revokeAll(id);
    return { email: row.email, unitId: row.unitId };
  });
}

/** The mail queue's task that turns a request for a sign-in link into an e-mail (sendSignInLink). */
export const SIGN_IN_LINK_TASK = "tenant-sign-in-link-request";
export type SignInLinkRequest = { email: string; lang: Locale };

/**
 * Asks for a sign-in link. The request only queues the address it was given, one job whatever
 * the address, so neither its answer nor its time tells anyone whether it is a tenant's: looking
 * the tenant up, counting their links and making one are the worker's (sendSignInLink).
 */
export async function requestSignInLink(
  deps: { queueRequest: (request: SignInLinkRequest) => Promise<void> },
  email: string,
  lang: Locale = "en",
): Promise<void> {
  await deps.queueRequest({ email, lang });
}

/**
 * The worker's half: a tenant with access at that address, under their hourly limit, is
 * e-mailed a link; any other address (unknown, staff, ended, over the limit) nothing. The link and
 * its e-mail are committed in `tx`, with the task's end.
 */
export async function sendSignInLink(
  deps: { publicUrl: string; now: () => Date },
  { email, lang }: SignInLinkRequest,
  tx: MailTransaction,
): Promise<void> {
  const now = deps.now();
  const tenant = await lockInvitedTenant(tx, email);
  if (!tenant) return;
  const links = createTenantLinks(tx.db);
  const lastHour = new Date(now.getTime() - HOUR_MS);
  if ((await links.countSince(tenant.id, lastHour)) >= TENANT_LINKS_PER_ADDRESS_PER_HOUR) return;
  const token = await links.issue(
    tenant.id,
    "sign_in",
    new Date(now.getTime() + TENANT_SIGN_IN_LINK_MINUTES * 60 * 1000),
  );
  await tx.queue(
    signInLinkEmail({ to: email, url: signInPageUrl(deps.publicUrl, token, lang), lang }),
  );
}

/**
 * Uses a link's token, once: the tenant it signs in. The link proves the address: the account's
 * e-mail is marked verified, and the language of the page that opened it becomes the language
 * of the tenant's e-mails (the bearer of the link is the tenant; a request for a link, which
 * anyone can make for any address, changes nothing). The caller makes the session as every
 * sign-in's (audit event, device cookie, new-browser notice).
 */
export async function signInWithLink(
  deps: { db: Db; now: () => Date },
  token: string,
  lang?: Locale,
): Promise<UserRow> {
  const userId = await createTenantLinks(deps.db).use(token, deps.now());
  if (!userId) throw linkInvalid();
  const user = await markLinkOpened(deps, userId, lang);
  if (!user) throw linkInvalid();
  return user;
}

/** The signed-in tenant's home: their unit and building, the office, their open requests. */
export async function tenantHome(deps: { db: Db }, user: SessionUser): Promise<TenantHome> {
  const row = await findHome(deps, user.uid);
  const openRequests =
    row?.unitId && row.unitSince ? await countOpenRequests(deps, row.unitId, row.unitSince) : 0;
  return {
    name: row?.name?.trim() || user.email,
    email: user.email,
    unit:
      row?.unitId != null && row.propertyId != null
        ? {
            id: row.unitId,
            unitNumber: row.unitNumber ?? "",
            bedrooms: row.bedrooms ?? 0,
            bathrooms: row.bathrooms ?? 0,
            propertyId: row.propertyId,
            propertyName: row.propertyName ?? "",
            address: [row.address, row.city, `${row.state ?? ""} ${row.zipCode ?? ""}`.trim()]
              .filter(Boolean)
              .join(", "),
          }
        : null,
    office: { phone: site.phone, email: site.email, address: officeAddressLine },
    openRequests,
  };
}
