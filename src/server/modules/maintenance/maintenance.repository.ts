import { and, asc, count, desc, eq, gte, inArray, type SQL, sql } from "drizzle-orm";
import {
  type MaintenanceQuery,
  type MaintenanceStatus,
  openMaintenanceStatuses,
  type VisitWindow,
} from "#domain/maintenance";
import type { Executor } from "#server/db/client";
import { afterKey, type KeyPart, timeKey } from "#server/db/keyset";
import { properties, units } from "#server/modules/properties/properties.table";
import { users } from "#server/modules/users/users.table";
import {
  maintenanceComments,
  maintenancePhotos,
  maintenanceRequests,
  type PhotoVariant,
} from "./maintenance.table";

/**
 * The maintenance requests, their photos and their comment threads. Each function runs on what
 * it is given: the database, a transaction, or a mail transaction (its `db`).
 */
type On = { db: Executor };

export type { PhotoVariant };

export type RequestRow = typeof maintenanceRequests.$inferSelect;
export type NewRequest = typeof maintenanceRequests.$inferInsert;
export type PhotoRow = typeof maintenancePhotos.$inferSelect;
export type CommentRow = typeof maintenanceComments.$inferSelect;
export type NewComment = typeof maintenanceComments.$inferInsert;
export type NewPhoto = Omit<typeof maintenancePhotos.$inferInsert, "requestId" | "position">;

/** Where a tenant lives and since when: what they may see. */
export type Tenancy = {
  name: string | null;
  email: string;
  unitId: number;
  unitSince: Date;
  unitNumber: string | null;
  propertyId: number;
  propertyName: string | null;
};

/** The tenant's unit and building; null for someone without a unit (or a unit without one). */
export async function findTenancy({ db }: On, uid: string): Promise<Tenancy | null> {
  const [row] = await db
    .select({
      name: users.displayName,
      email: users.email,
      unitId: users.unitId,
      unitSince: users.unitSince,
      unitNumber: units.unitNumber,
      propertyId: properties.id,
      propertyName: properties.title,
    })
    .from(users)
    .leftJoin(units, eq(units.id, users.unitId))
    .leftJoin(properties, eq(properties.id, units.propertyId))
    .where(eq(users.id, uid));
  if (!row?.unitId || !row.unitSince || row.propertyId === null) return null;
  return { ...row, unitId: row.unitId, unitSince: row.unitSince, propertyId: row.propertyId };
}

/** A tenant sees their unit's requests made since they live there (a roommate's too). */
const visibleTo = (tenancy: Pick<Tenancy, "unitId" | "unitSince">) =>
  and(
    eq(maintenanceRequests.unitId, tenancy.unitId),
    gte(maintenanceRequests.createdAt, tenancy.unitSince),
  );

/** A page, newest first, after the cursor's key [created (µs), id], read with `limit + 1`. */
export async function listVisible(
  { db }: On,
  tenancy: Tenancy,
  page: { after?: readonly KeyPart[]; limit: number },
): Promise<KeyedRequestRow[]> {
  const rows = await db
    .select({ row: maintenanceRequests, at: timeKey(maintenanceRequests.createdAt) })
    .from(maintenanceRequests)
    .where(
      and(
        visibleTo(tenancy),
        page.after
          ? afterKey([maintenanceRequests.createdAt, maintenanceRequests.id], page.after)
          : undefined,
      ),
    )
    .orderBy(desc(maintenanceRequests.createdAt), desc(maintenanceRequests.id))
    .limit(page.limit + 1);
  return rows.map((r) => ({ row: r.row, key: [r.at, r.row.id] }));
}

/** One request the tenant may see, locked for the rest of the transaction. */
export async function lockVisible({ db }: On, id: string, tenancy: Tenancy) {
  const [row] = await db
    .select()
    .from(maintenanceRequests)
    .where(and(eq(maintenanceRequests.id, id), visibleTo(tenancy)))
    .for("update");
  return row ?? null;
}

/** Requests the tenant made since `since` (the hourly limit). */
export async function countMadeSince({ db }: On, tenantId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(maintenanceRequests)
    .where(
      and(eq(maintenanceRequests.tenantId, tenantId), gte(maintenanceRequests.createdAt, since)),
    );
  return row?.n ?? 0;
}

export async function insertRequest({ db }: On, values: NewRequest): Promise<RequestRow> {
  const [row] = await db.insert(maintenanceRequests).values(values).returning();
  return row!;
}

/** The request's photos, in the order they were sent. */
export async function insertPhotos({ db }: On, requestId: string, photos: NewPhoto[]) {
  if (photos.length === 0) return;
  await db
    .insert(maintenancePhotos)
    .values(photos.map((photo, position) => ({ ...photo, requestId, position })));
}

export async function insertComment({ db }: On, values: NewComment): Promise<void> {
  await db.insert(maintenanceComments).values(values);
}

/** Marks the request changed now (a comment, a status): the row as it is after. */
export async function touchRequest({ db }: On, id: string): Promise<RequestRow> {
  const [row] = await db
    .update(maintenanceRequests)
    .set({ updatedAt: sql`now()` })
    .where(eq(maintenanceRequests.id, id))
    .returning();
  return row!;
}

/** Staff's change of status and visit, with its time. */
export async function updateRequestStatus(
  { db }: On,
  id: string,
  change: {
    status: MaintenanceStatus;
    scheduledFor: string | null;
    visitWindow: VisitWindow | null;
  },
): Promise<RequestRow> {
  const [row] = await db
    .update(maintenanceRequests)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(maintenanceRequests.id, id))
    .returning();
  return row!;
}

const isOpen = sql`${maintenanceRequests.status} in ('submitted', 'scheduled', 'in_progress')`;

function staffFilter(query: MaintenanceQuery): SQL | undefined {
  return and(
    query.status === "open"
      ? inArray(maintenanceRequests.status, [...openMaintenanceStatuses])
      : query.status
        ? eq(maintenanceRequests.status, query.status)
        : undefined,
    query.urgency ? eq(maintenanceRequests.urgency, query.urgency) : undefined,
    query.propertyId ? eq(maintenanceRequests.propertyId, query.propertyId) : undefined,
  );
}

/** 1 for an open emergency, 0 otherwise: the list's first sort key. */
const openEmergency = sql<number>`(${isOpen} and ${maintenanceRequests.urgency} = 'emergency')::int`;

/** A request with its place in the tab's order: [open emergency, created (µs), id]. */
export type KeyedRequestRow = { row: RequestRow; key: KeyPart[] };

/**
 * A page of the Maintenance tab: open emergencies first, then the newest, after the cursor's
 * key, read with `limit + 1`. The filters and the keyset run in SQL (indexes on the filters and
 * on (created_at desc, id desc) in maintenance.table.ts).
 */
export async function listForStaff(
  { db }: On,
  query: MaintenanceQuery,
  after: readonly KeyPart[] | undefined,
): Promise<KeyedRequestRow[]> {
  const rows = await db
    .select({
      row: maintenanceRequests,
      emergency: openEmergency,
      at: timeKey(maintenanceRequests.createdAt),
    })
    .from(maintenanceRequests)
    .where(
      and(
        staffFilter(query),
        after
          ? afterKey([openEmergency, maintenanceRequests.createdAt, maintenanceRequests.id], after)
          : undefined,
      ),
    )
    .orderBy(desc(openEmergency), desc(maintenanceRequests.createdAt), desc(maintenanceRequests.id))
    .limit(query.limit + 1);
  return rows.map((r) => ({ row: r.row, key: [r.emergency, r.at, r.row.id] }));
}

/** Open requests, and the open emergencies among them: the tab's badge. */
export async function countOpen({ db }: On): Promise<{ open: number; emergencies: number }> {
  const [row] = await db
    .select({
      open: sql<number>`(count(*) filter (where ${isOpen}))::int`,
      emergencies: sql<number>`(count(*) filter (where ${isOpen} and ${maintenanceRequests.urgency} = 'emergency'))::int`,
    })
    .from(maintenanceRequests);
  return { open: row?.open ?? 0, emergencies: row?.emergencies ?? 0 };
}

export async function findRequest({ db }: On, id: string): Promise<RequestRow | null> {
  const [row] = await db.select().from(maintenanceRequests).where(eq(maintenanceRequests.id, id));
  return row ?? null;
}

/** One request, locked for the rest of the transaction. */
export async function lockRequest({ db }: On, id: string): Promise<RequestRow | null> {
  const [row] = await db
    .select()
    .from(maintenanceRequests)
    .where(eq(maintenanceRequests.id, id))
    .for("update");
  return row ?? null;
}

/** Whether a request's tenant still has access, and the language they read. */
export async function findTenantAccess({ db }: On, tenantId: string) {
  const [row] = await db
    .select({ ended: users.accessEndedAt, language: users.language })
    .from(users)
    .where(eq(users.id, tenantId));
  return row ?? null;
}

/** The photos of these requests, each request's in order. */
export function photosOf({ db }: On, requestIds: string[]): Promise<PhotoRow[]> {
  return db
    .select()
    .from(maintenancePhotos)
    .where(inArray(maintenancePhotos.requestId, requestIds))
    .orderBy(asc(maintenancePhotos.position));
}

/**
 * The newest `perRequest` comments on each of these requests, oldest first, and how many each
 * has: a window over the requests' own comments (maintenance_comments_request_idx), so a long
 * thread costs its page, not its length.
 */
export async function commentsOf(
  { db }: On,
  requestIds: string[],
  perRequest: number,
): Promise<{ comments: CommentRow[]; counts: Map<string, number> }> {
  const ranked = db
    .select({
      id: maintenanceComments.id,
      rank: sql<number>`row_number() over (partition by ${maintenanceComments.requestId} order by ${maintenanceComments.createdAt} desc, ${maintenanceComments.id} desc)`.as(
        "rank",
      ),
      total: sql<number>`(count(*) over (partition by ${maintenanceComments.requestId}))::int`.as(
        "total",
      ),
    })
    .from(maintenanceComments)
    .where(inArray(maintenanceComments.requestId, requestIds))
    .as("ranked");
  const rows = await db
    .select({ comment: maintenanceComments, total: ranked.total })
    .from(maintenanceComments)
    .innerJoin(ranked, eq(ranked.id, maintenanceComments.id))
    .where(sql`${ranked.rank} <= ${perRequest}`)
    .orderBy(asc(maintenanceComments.createdAt), asc(maintenanceComments.id));
  const counts = new Map(rows.map((r) => [r.comment.requestId, Number(r.total)]));
  return { comments: rows.map((r) => r.comment), counts };
}

/** Where a photo's files are. */
export async function findPhoto(
  { db }: On,
  id: string,
): Promise<{ folder: string; variants: PhotoVariant[] } | null> {
  const [row] = await db
    .select({ folder: maintenancePhotos.folder, variants: maintenancePhotos.variants })
    .from(maintenancePhotos)
    .where(eq(maintenancePhotos.id, id));
  return row ?? null;
}
