import {
  and,
  asc,
  count,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Locale } from "#domain/locale";
import { openMaintenanceStatuses } from "#domain/maintenance";
import type { Executor } from "#server/db/client";
import { likeContains } from "#server/db/search";
import { sessions } from "#server/modules/auth/auth.table";
import { maintenanceRequests } from "#server/modules/maintenance/maintenance.table";
import { properties, units } from "#server/modules/properties/properties.table";
import { users } from "#server/modules/users/users.table";
import { tenantSignInLinks } from "./tenants.table";

/**
 * Tenants are users with the tenant role, a unit, and their sign-in links. Each function runs on
 * what it is given: the database, a transaction, or a mail transaction (its `db`).
 */
type On = { db: Executor };

export type UserRow = typeof users.$inferSelect;
export type LinkPurpose = "invite" | "sign_in";

/** A tenant who has access: the tenant role, not ended. */
const withAccess = and(eq(users.role, "tenant"), isNull(users.accessEndedAt));

export type UnitPlace = {
  unitId: number;
  unitNumber: string;
  propertyId: number;
  propertyName: string;
};

export async function findUnitPlace({ db }: On, unitId: number): Promise<UnitPlace | null> {
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

export type TenantRow = Awaited<ReturnType<typeof selectTenants>>[number];

/**
 * The tenants with access matching `where`, with their unit and last sign-in (each tenant's
 * newest session, read along sessions_user_idx: no scan of every session).
 */
function selectTenants(db: Executor, where?: SQL) {
  return db
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
      lastSignInAt:
        sql<Date | null>`(select max(${sessions.createdAt}) from ${sessions} where ${sessions.userId} = ${users.id})`.mapWith(
          (value: string | Date | null) => (value === null ? null : new Date(value)),
        ),
      language: users.language,
    })
    .from(users)
    .leftJoin(units, eq(units.id, users.unitId))
    .leftJoin(properties, eq(properties.id, units.propertyId))
    .where(and(withAccess, where));
}

export type TenantFilters = { unitIds?: number[]; q?: string };

/** The tenants of some units, and those whose name or address has every word of `q`, any case. */
function matching({ unitIds, q }: TenantFilters): SQL | undefined {
  const words = (q ?? "").split(/\s+/).filter(Boolean).slice(0, 8);
  return and(
    unitIds === undefined ? undefined : inArray(users.unitId, unitIds),
    ...words.map((word) => {
      const pattern = likeContains(word);
      return or(ilike(users.displayName, pattern), ilike(users.email, pattern));
    }),
  );
}

/**
 * A page of tenants by address (stored lower-cased, unique: the key is the address alone),
 * after the cursor's address, read along the partial index users_tenants_email_idx.
 */
export function listTenantPage(
  { db }: On,
  filters: TenantFilters & { after?: string; limit: number },
): Promise<TenantRow[]> {
  return selectTenants(
    db,
    and(
      matching(filters),
      filters.after === undefined ? undefined : gt(users.email, filters.after),
    ),
  )
    .orderBy(asc(users.email))
    .limit(filters.limit + 1);
}

/** How many tenants with access match the filters. */
export async function countTenants({ db }: On, filters: TenantFilters): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(users)
    .where(and(withAccess, matching(filters)));
  return row?.total ?? 0;
}

export async function findTenantRow({ db }: On, id: string): Promise<TenantRow | null> {
  const [row] = await selectTenants(db, eq(users.id, id));
  return row ?? null;
}

/** The account of an address (any role), locked for the rest of the transaction. */
export async function lockUserByEmail({ db }: On, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .for("update");
  return row ?? null;
}

export type Invitation = { name: string; unitId: number; language: Locale; now: Date };

/** Gives an existing (ended) tenant's account access again, to the unit of the invitation. */
export async function reinvite({ db }: On, userId: string, invite: Invitation): Promise<void> {
  await db
    .update(users)
    .set({
      displayName: invite.name,
      unitId: invite.unitId,
      unitSince: invite.now,
      invitedAt: invite.now,
      accessEndedAt: null,
      language: invite.language,
    })
    .where(eq(users.id, userId));
}

/** A new tenant's account: its id. */
export async function insertTenant({ db }: On, email: string, invite: Invitation): Promise<string> {
  const [created] = await db
    .insert(users)
    .values({
      email,
      displayName: invite.name,
      role: "tenant",
      // No password: a tenant signs in by e-mailed links only.
      passwordHash: "",
      unitId: invite.unitId,
      unitSince: invite.now,
      invitedAt: invite.now,
      language: invite.language,
    })
    .returning({ id: users.id });
  return created!.id;
}

/** A tenant with access, locked for the rest of the transaction. */
export async function lockTenant({ db }: On, id: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, unitId: users.unitId })
    .from(users)
    .where(and(eq(users.id, id), withAccess))
    .for("update");
  return row ?? null;
}

export async function setUnit({ db }: On, id: string, unitId: number, since: Date) {
  await db.update(users).set({ unitId, unitSince: since }).where(eq(users.id, id));
}

/** The tenant no longer has access, nor a unit. */
export async function endAccess({ db }: On, id: string, at: Date) {
  await db
    .update(users)
    .set({ accessEndedAt: at, unitId: null, unitSince: null })
    .where(eq(users.id, id));
}

/**
 * An invited tenant with access, by address. Locked ("no key update") so that requests for one
 * address are counted one after the other.
 */
export async function lockInvitedTenant({ db }: On, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, withAccess, isNotNull(users.invitedAt)))
    .for("no key update");
  return row ?? null;
}

/**
 * An opened link proves the address: marked verified, and the language of its page (if given)
 * becomes the tenant's. Null when the account is no longer a tenant with access.
 */
export async function markLinkOpened(
  { db }: On,
  userId: string,
  lang?: Locale,
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ emailVerified: true, ...(lang ? { language: lang } : {}) })
    .where(and(eq(users.id, userId), withAccess))
    .returning();
  return row ?? null;
}

/** The tenant's unit and building, for their home page. */
export async function findHome({ db }: On, uid: string) {
  const [row] = await db
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
    .where(eq(users.id, uid));
  return row ?? null;
}

/** The unit's open requests made since `since` (those the tenant sees). */
export async function countOpenRequests({ db }: On, unitId: number, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(maintenanceRequests)
    .where(
      and(
        eq(maintenanceRequests.unitId, unitId),
        sql`${maintenanceRequests.createdAt} >= ${since.toISOString()}`,
        inArray(maintenanceRequests.status, [...openMaintenanceStatuses]),
      ),
    );
  return row?.n ?? 0;
}

// ---- Sign-in links (by the SHA-256 of their token) -----------------------------------------

export async function insertLink(
  { db }: On,
  link: { tokenHash: string; userId: string; purpose: LinkPurpose; expiresAt: Date },
): Promise<void> {
  await db.insert(tenantSignInLinks).values(link);
}

/** Marks an unused, unexpired link used, in one statement: its tenant's id, or null. */
export async function markLinkUsed(
  { db }: On,
  tokenHash: string,
  now: Date,
): Promise<string | null> {
  const [row] = await db
    .update(tenantSignInLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(tenantSignInLinks.tokenHash, tokenHash),
        isNull(tenantSignInLinks.usedAt),
        gt(tenantSignInLinks.expiresAt, now),
      ),
    )
    .returning({ userId: tenantSignInLinks.userId });
  return row?.userId ?? null;
}

/** Sign-in links (not invitations) made for the tenant since `since`. */
export async function countSignInLinksSince(
  { db }: On,
  userId: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tenantSignInLinks)
    .where(
      and(
        eq(tenantSignInLinks.userId, userId),
        eq(tenantSignInLinks.purpose, "sign_in"),
        gt(tenantSignInLinks.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

export async function deleteLinksOf({ db }: On, userId: string): Promise<void> {
  await db.delete(tenantSignInLinks).where(eq(tenantSignInLinks.userId, userId));
}

/** Removes links that expired, or were used, before `before`: how many. */
export async function deleteLinksDoneBefore({ db }: On, before: Date): Promise<number> {
  const removed = await db
    .delete(tenantSignInLinks)
    .where(or(lt(tenantSignInLinks.expiresAt, before), lt(tenantSignInLinks.usedAt, before)))
    .returning({ hash: tenantSignInLinks.tokenHash });
  return removed.length;
}
