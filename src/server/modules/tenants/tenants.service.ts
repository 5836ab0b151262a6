import { and, count, eq, inArray, isNotNull, isNull, max, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { SessionUser } from "#domain/auth";
import type { Locale } from "#domain/locale";
import {
  openMaintenanceStatuses,
  TENANT_INVITE_DAYS,
  TENANT_LINKS_PER_ADDRESS_PER_HOUR,
  TENANT_SIGN_IN_LINK_MINUTES,
  type Tenant,
  type TenantHome,
  type TenantInviteInput,
  tenantMessages,
} from "#domain/maintenance";
import { officeAddressLine, site } from "#domain/site";
import type { Db, Executor } from "#server/db/client";
import { maintenanceRequests, properties, sessions, units, users } from "#server/db/schema";
import { AppError, conflict, notFound } from "#server/http/errors";
import type { MailQueue } from "#server/mail/mail-queue";
import { isUuid } from "#server/shared/uuid";
import { createSessionStore } from "../auth/sessions";
import type { CompleteSignIn } from "../auth/sign-in";
import { createTenantLinks } from "./tenant-links";
import { invitationEmail, signInLinkEmail, signInPageUrl } from "./tenants.email";

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

export const unitNotFound = () => notFound(tenantMessages.unitNotFound);
export const tenantNotFound = () => notFound(tenantMessages.tenantNotFound);
/** Any link that does not sign in: unknown, used, expired, or its tenant's access ended. */
export const linkInvalid = () => new AppError(400, "link_invalid", tenantMessages.linkInvalid);

type UnitPlace = { unitId: number; unitNumber: string; propertyId: number; propertyName: string };

async function findUnitPlace(db: Executor, unitId: number): Promise<UnitPlace | null> {
  const [row] = await db
    .select({
      unitId: units.id,
      unitNumber: units.unitNumber,
      propertyId: properties.id,
      propertyName: properties.title,
    })
    .from(units)
    .innerJoin(properties, eq(properties.id, units.propertyId))
    .where(eq(units.id, unitId));
  return row ?? null;
}

/** The tenants with access (not ended), with their unit and last sign-in. */
async function selectTenants(db: Executor, where?: ReturnType<typeof eq>): Promise<Tenant[]> {
  const lastSignIn = db
    .select({ userId: sessions.userId, at: max(sessions.createdAt).as("at") })
    .from(sessions)
    .groupBy(sessions.userId)
    .as("last_sign_in");
  const rows = await db
    .select({
      id: users.id,
      name: users.displayName,
      email: users.email,
      invitedAt: users.invitedAt,
      createdAt: users.createdAt,
      unitId: units.id,
      unitNumber: units.unitNumber,
      propertyId: properties.id,
      propertyName: properties.title,
      lastSignInAt: lastSignIn.at,
      language: users.language,
    })
    .from(users)
    .leftJoin(units, eq(units.id, users.unitId))
    .leftJoin(properties, eq(properties.id, units.propertyId))
    .leftJoin(lastSignIn, eq(lastSignIn.userId, users.id))
    .where(and(eq(users.role, "tenant"), isNull(users.accessEndedAt), where))
    .orderBy(properties.title, units.unitNumber, users.email);
  return rows.map((row) => ({
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
  }));
}

export const listTenants = (deps: { db: Db }) => selectTenants(deps.db);

async function oneTenant(db: Executor, id: string): Promise<Tenant> {
  const [tenant] = await selectTenants(db, eq(users.id, id));
  if (!tenant) throw tenantNotFound();
  return tenant;
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
  const now = deps.now();
  const language = input.language ?? "en";
  return deps.mailQueue.transaction(async (tx) => {
    const place = await findUnitPlace(tx.db, unitId);
    if (!place) throw unitNotFound();
    const [existing] = await tx.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${input.email}`)
      .for("update");
    let userId: string;
    if (existing) {
      if (existing.role !== "tenant") throw conflict(tenantMessages.staffAddress);
      if (existing.accessEndedAt === null && existing.invitedAt !== null) {
        throw conflict(tenantMessages.alreadyTenant);
      }
      userId = existing.id;
      await tx.db
        .update(users)
        .set({
          displayName: input.name,
          unitId,
          unitSince: now,
          invitedAt: now,
          accessEndedAt: null,
          language,
        })
        .where(eq(users.id, userId));
    } else {
      const [created] = await tx.db
        .insert(users)
        .values({
          email: input.email,
          displayName: input.name,
          role: "tenant",
          // No password: a tenant signs in by e-mailed links only.
          passwordHash: "",
          unitId,
          unitSince: now,
          invitedAt: now,
          language,
        })
        .returning({ id: users.id });
      userId = created!.id;
    }
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
    return oneTenant(tx.db, userId);
  });
}

/** A tenant with access, locked for the rest of the transaction. */
async function lockTenant(db: Executor, id: string) {
  const [row] = await db
    .select({ id: users.id, unitId: users.unitId })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, "tenant"), isNull(users.accessEndedAt)))
    .for("update");
  return row ?? null;
}

/** Moves a tenant to another unit: from now on they see that unit's requests. */
export async function moveTenant(
  deps: { db: Db; now: () => Date },
  id: string,
  unitId: number,
): Promise<{ tenant: Tenant; before: number | null }> {
  if (!isUuid(id)) throw tenantNotFound();
  return deps.db.transaction(async (tx) => {
    const found = await lockTenant(tx, id);
    if (!found) throw tenantNotFound();
    if (!(await findUnitPlace(tx, unitId))) throw unitNotFound();
    if (found.unitId !== unitId) {
      await tx.update(users).set({ unitId, unitSince: deps.now() }).where(eq(users.id, id));
    }
    return { tenant: await oneTenant(tx, id), before: found.unitId };
  });
}

/** Ends a tenant's access: their sessions end and their unused links stop working, at once. */
export async function endTenantAccess(
  deps: { db: Db; now: () => Date },
  id: string,
): Promise<{ email: string; unitId: number | null }> {
  if (!isUuid(id)) throw tenantNotFound();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ email: users.email, unitId: users.unitId })
      .from(users)
      .where(and(eq(users.id, id), eq(users.role, "tenant"), isNull(users.accessEndedAt)))
      .for("update");
    if (!row) throw tenantNotFound();
    await tx
      .update(users)
      .set({ accessEndedAt: deps.now(), unitId: null, unitSince: null })
      .where(eq(users.id, id));
    await createSessionStore(deps.db).endAll(id, undefined, tx);
    await createTenantLinks(tx).revokeAll(id);
    return row;
  });
}

/**
 * E-mails a sign-in link to a tenant with access. Whatever the address (unknown, staff, ended,
 * over its hourly limit), the caller answers the same, so the answer tells nothing.
 */
export async function requestSignInLink(
  deps: TenantDeps,
  email: string,
  lang: Locale = "en",
): Promise<void> {
  const now = deps.now();
  await deps.mailQueue.transaction(async (tx) => {
    const [tenant] = await tx.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          sql`lower(${users.email}) = ${email}`,
          eq(users.role, "tenant"),
          isNull(users.accessEndedAt),
          isNotNull(users.invitedAt),
        ),
      )
      // Requests for one address are counted one after the other.
      .for("no key update");
    if (!tenant) return;
    const links = createTenantLinks(tx.db);
    if (
      (await links.countSince(tenant.id, new Date(now.getTime() - HOUR_MS))) >=
      TENANT_LINKS_PER_ADDRESS_PER_HOUR
    ) {
      return;
    }
    const token = await links.issue(
      tenant.id,
      "sign_in",
      new Date(now.getTime() + TENANT_SIGN_IN_LINK_MINUTES * 60 * 1000),
    );
    await tx.queue(
      signInLinkEmail({ to: email, url: signInPageUrl(deps.publicUrl, token, lang), lang }),
    );
  });
}

/**
 * Exchanges a link's token for a session, once. The link proves the address: the account's
 * e-mail is marked verified, and the language of the page that opened it becomes the language
 * of the tenant's e-mails (the bearer of the link is the tenant; a request for a link, which
 * anyone can make for any address, changes nothing). The session is made as every sign-in's
 * (audit event, device cookie, new-browser notice).
 */
export async function signInWithLink(
  deps: TenantDeps & { completeSignIn: CompleteSignIn },
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  lang?: Locale,
) {
  const userId = await createTenantLinks(deps.db).use(token, deps.now());
  if (!userId) throw linkInvalid();
  const [user] = await deps.db
    .update(users)
    .set({ emailVerified: true, ...(lang ? { language: lang } : {}) })
    .where(and(eq(users.id, userId), eq(users.role, "tenant"), isNull(users.accessEndedAt)))
    .returning();
  if (!user) throw linkInvalid();
  return deps.completeSignIn(request, reply, user, "email_link");
}

/** The signed-in tenant's home: their unit and building, the office, their open requests. */
export async function tenantHome(deps: { db: Db }, user: SessionUser): Promise<TenantHome> {
  const [row] = await deps.db
    .select({
      name: users.displayName,
      email: users.email,
      unitSince: users.unitSince,
      unitId: units.id,
      unitNumber: units.unitNumber,
      bedrooms: units.bedrooms,
      bathrooms: units.bathrooms,
      propertyId: properties.id,
      propertyName: properties.title,
      address: properties.address,
      city: properties.city,
      state: properties.state,
      zipCode: properties.zipCode,
    })
    .from(users)
    .leftJoin(units, eq(units.id, users.unitId))
    .leftJoin(properties, eq(properties.id, units.propertyId))
    .where(eq(users.id, user.uid));
  let openRequests = 0;
  if (row?.unitId && row.unitSince) {
    const [open] = await deps.db
      .select({ n: count() })
      .from(maintenanceRequests)
      .where(
        and(
          eq(maintenanceRequests.unitId, row.unitId),
          sql`${maintenanceRequests.createdAt} >= ${row.unitSince.toISOString()}`,
          inArray(maintenanceRequests.status, [...openMaintenanceStatuses]),
        ),
      );
    openRequests = open?.n ?? 0;
  }
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
