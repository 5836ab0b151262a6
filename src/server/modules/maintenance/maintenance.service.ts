import type { Multipart } from "@fastify/multipart";
import { and, asc, count, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { tenantPortalApi } from "#domain/api/tenant-portal";
import { buildUrl } from "#domain/api/wire";
import type { SessionUser } from "#domain/auth";
import { type Locale, localizedPath } from "#domain/locale";
import {
  MAINTENANCE_PHOTOS_MAX,
  MAINTENANCE_REQUESTS_PER_HOUR,
  type MaintenanceQuery,
  type MaintenanceRequest,
  type MaintenanceUpdate,
  maintenanceFieldsSchema,
  maintenanceMessages,
  OFFICE_AUTHOR_NAME,
  openMaintenanceStatuses,
} from "#domain/maintenance";
import type { Db, Executor } from "#server/db/client";
import {
  maintenanceComments,
  maintenancePhotos,
  maintenanceRequests,
  properties,
  units,
  users,
} from "#server/db/schema";
import {
  AppError,
  badRequest,
  conflict,
  notFound,
  RetryLaterError,
  validationFailed,
} from "#server/http/errors";
import type { MailQueue, MailTransaction } from "#server/mail/mail-queue";
import { fileBytes, type MultipartMessages, readParts } from "#server/shared/multipart";
import { isUuid } from "#server/shared/uuid";
import type { ObjectStore } from "#server/storage/storage";
import {
  maintenanceChannels,
  type NewEvent,
  recordEvents,
  staffIds,
} from "../notifications/notifications.service";
import {
  newRequestNotice,
  newsText,
  newsTitle,
  type TenantNews,
  tenantCommentNotice,
  tenantNotificationAction,
  tenantUpdateEmail,
} from "./maintenance.email";
import {
  type PhotoLinks,
  photoView,
  removePhoto,
  type StoredPhoto,
  storePhoto,
} from "./maintenance-photos";

/**
 * Maintenance requests: a tenant reports a repair (with photos) for their unit, the office
 * schedules it, changes its status and comments; each side is told of the other's news (the
 * office by e-mail and in the app, the tenant as their notification settings say).
 */

export type MaintenanceDeps = {
  db: Db;
  mailQueue: MailQueue;
  store: ObjectStore;
  photoLinks: PhotoLinks;
  publicUrl: string;
  now: () => Date;
};

type RequestRow = typeof maintenanceRequests.$inferSelect;

export const requestNotFound = () => notFound(maintenanceMessages.notFound);
const closed = () => conflict(maintenanceMessages.closed);
const noUnit = () => conflict(maintenanceMessages.noUnit);

const photoMessages: MultipartMessages = {
  fileTooBig: maintenanceMessages.photoTooBig,
  tooManyFiles: maintenanceMessages.tooManyPhotos,
  tooManyParts: maintenanceMessages.tooManyPhotos,
  notMultipart: maintenanceMessages.notMultipart,
  unreadable: maintenanceMessages.unreadable,
};

const dashboardUrl = (deps: MaintenanceDeps, id: string) =>
  `${deps.publicUrl}/admin-dashboard?tab=maintenance&request=${id}`;
/** The portal in the tenant's language. */
const portalUrl = (deps: MaintenanceDeps, lang: Locale) =>
  `${deps.publicUrl}${localizedPath("/tenant-portal", lang)}`;

/** Requests as people see them: with their photos (signed links) and comments, in order. */
async function toRequests(
  deps: Pick<MaintenanceDeps, "db" | "photoLinks">,
  rows: RequestRow[],
  db: Executor = deps.db,
): Promise<MaintenanceRequest[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [photos, comments] = await Promise.all([
    db
      .select()
      .from(maintenancePhotos)
      .where(inArray(maintenancePhotos.requestId, ids))
      .orderBy(asc(maintenancePhotos.position)),
    db
      .select()
      .from(maintenanceComments)
      .where(inArray(maintenanceComments.requestId, ids))
      .orderBy(asc(maintenanceComments.createdAt), asc(maintenanceComments.id)),
  ]);
  const photoPath = (token: string) => buildUrl(tenantPortalApi.photo, { token });
  const views = new Map<string, MaintenanceRequest["photos"]>();
  for (const photo of photos) {
    const list = views.get(photo.requestId) ?? [];
    list.push(await photoView(deps.photoLinks, photoPath, photo));
    views.set(photo.requestId, list);
  }
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category as MaintenanceRequest["category"],
    urgency: row.urgency,
    status: row.status,
    permissionToEnter: row.permissionToEnter,
    preferredTimes: row.preferredTimes,
    scheduledFor: row.scheduledFor,
    window: row.visitWindow,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    tenant: { id: row.tenantId, name: row.tenantName, email: row.tenantEmail },
    property: {
      id: row.propertyId,
      name: row.propertyName,
      unit: row.unitNumber,
      unitId: row.unitId,
    },
    photos: views.get(row.id) ?? [],
    comments: comments
      .filter((comment) => comment.requestId === row.id)
      .map((comment) => ({
        id: comment.id,
        body: comment.body,
        author: { name: comment.authorName, role: comment.authorRole },
        createdAt: comment.createdAt.toISOString(),
      })),
  }));
}

/** The tenant's unit and since when they are there: what they may see. */
async function tenancyOf(db: Executor, uid: string) {
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
  return { ...row, unitId: row.unitId, unitSince: row.unitSince };
}

/** A tenant sees their unit's requests made since they live there (a roommate's too). */
const visibleTo = (tenancy: { unitId: number; unitSince: Date }) =>
  and(
    eq(maintenanceRequests.unitId, tenancy.unitId),
    gte(maintenanceRequests.createdAt, tenancy.unitSince),
  );

export async function listForTenant(
  deps: MaintenanceDeps,
  user: SessionUser,
): Promise<MaintenanceRequest[]> {
  const tenancy = await tenancyOf(deps.db, user.uid);
  if (!tenancy) return [];
  const rows = await deps.db
    .select()
    .from(maintenanceRequests)
    .where(visibleTo(tenancy))
    .orderBy(desc(maintenanceRequests.createdAt), desc(maintenanceRequests.id));
  return toRequests(deps, rows);
}

/** In-app notices for the office's people, as each one's settings allow. */
async function staffEvents(db: Executor, event: Omit<NewEvent, "userId">): Promise<NewEvent[]> {
  const events: NewEvent[] = [];
  for (const userId of await staffIds(db)) {
    if ((await maintenanceChannels(db, userId)).inApp) events.push({ ...event, userId });
  }
  return events;
}

/**
 * Reads the form: its fields, and each photo checked and re-encoded as it arrives. Whatever
 * refuses the request afterwards, the photos it stored are removed.
 */
async function receiveRequest(
  store: ObjectStore,
  parts: AsyncIterableIterator<Multipart>,
): Promise<{ fields: Record<string, string>; photos: StoredPhoto[] }> {
  const fields: Record<string, string> = {};
  const photos: StoredPhoto[] = [];
  try {
    for await (const part of readParts(parts, photoMessages)) {
      if (part.type === "field") {
        if (typeof part.value === "string") fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== "photos") {
        throw badRequest(`Unexpected file field "${part.fieldname}": send photos as "photos".`);
      }
      if (photos.length >= MAINTENANCE_PHOTOS_MAX) {
        throw new AppError(413, "payload_too_large", maintenanceMessages.tooManyPhotos);
      }
      const bytes = await fileBytes(part, photoMessages);
      try {
        photos.push(await storePhoto(store, bytes));
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 415) {
          throw new AppError(415, error.code, maintenanceMessages.photoType);
        }
        throw error;
      }
    }
    return { fields, photos };
  } catch (error) {
    await Promise.all(photos.map((photo) => removePhoto(store, photo)));
    throw error;
  }
}

/** A tenant's new request: stored with its photos, the office e-mailed in the same transaction. */
export async function createRequest(
  deps: MaintenanceDeps,
  user: SessionUser,
  parts: AsyncIterableIterator<Multipart>,
): Promise<MaintenanceRequest> {
  const tenancy = await tenancyOf(deps.db, user.uid);
  if (!tenancy) throw noUnit();
  const now = deps.now();
  const [recent] = await deps.db
    .select({ n: count() })
    .from(maintenanceRequests)
    .where(
      and(
        eq(maintenanceRequests.tenantId, user.uid),
        gte(maintenanceRequests.createdAt, new Date(now.getTime() - 60 * 60 * 1000)),
      ),
    );
  if ((recent?.n ?? 0) >= MAINTENANCE_REQUESTS_PER_HOUR) {
    throw new RetryLaterError(
      429,
      "too_many_requests",
      maintenanceMessages.tooManyRequests,
      60 * 60,
    );
  }
  const { fields, photos } = await receiveRequest(deps.store, parts);
  try {
    const parsed = maintenanceFieldsSchema.safeParse(fields);
    if (!parsed.success) throw validationFailed(parsed.error.issues);
    const input = parsed.data;
    return await deps.mailQueue.transaction(async (tx) => {
      const [row] = await tx.db
        .insert(maintenanceRequests)
        .values({
          tenantId: user.uid,
          tenantName: tenancy.name?.trim() || user.email,
          tenantEmail: user.email,
          unitId: tenancy.unitId,
          propertyId: tenancy.propertyId,
          propertyName: tenancy.propertyName ?? "",
          unitNumber: tenancy.unitNumber ?? "",
          title: input.title,
          description: input.description,
          category: input.category,
          urgency: input.urgency,
          permissionToEnter: input.permissionToEnter,
          preferredTimes: input.preferredTimes,
        })
        .returning();
      if (photos.length > 0) {
        await tx.db.insert(maintenancePhotos).values(
          photos.map((photo, position) => ({
            requestId: row!.id,
            folder: photo.folder,
            variants: photo.variants,
            width: photo.width,
            height: photo.height,
            position,
          })),
        );
      }
      const [request] = await toRequests(deps, [row!], tx.db);
      await tx.queue(newRequestNotice(request!, dashboardUrl(deps, request!.id)));
      const emergency = request!.urgency === "emergency";
      await recordEvents(
        tx.db,
        await staffEvents(tx.db, {
          title: `${emergency ? "Emergency: " : "New maintenance request: "}${request!.title}`,
          message: `${request!.tenant.name}, ${request!.property.name} unit ${request!.property.unit}`,
          type: emergency ? "error" : "info",
          category: emergency ? "emergency" : "maintenance",
          priority: emergency ? "urgent" : request!.urgency === "urgent" ? "high" : "medium",
          actionUrl: `/admin-dashboard?tab=maintenance&request=${request!.id}`,
          actionLabel: "Open request",
        }),
      );
      return request!;
    });
  } catch (error) {
    await Promise.all(photos.map((photo) => removePhoto(deps.store, photo)));
    throw error;
  }
}

/** One request the tenant may see, locked for the rest of the transaction. */
async function lockVisible(db: Executor, uid: string, id: string): Promise<RequestRow> {
  if (!isUuid(id)) throw requestNotFound();
  const tenancy = await tenancyOf(db, uid);
  if (!tenancy) throw requestNotFound();
  const [row] = await db
    .select()
    .from(maintenanceRequests)
    .where(and(eq(maintenanceRequests.id, id), visibleTo(tenancy)))
    .for("update");
  if (!row) throw requestNotFound();
  return row;
}

const isClosed = (row: RequestRow) => row.status === "completed" || row.status === "cancelled";

export async function tenantComment(
  deps: MaintenanceDeps,
  user: SessionUser,
  id: string,
  body: string,
): Promise<MaintenanceRequest> {
  return deps.mailQueue.transaction(async (tx) => {
    const row = await lockVisible(tx.db, user.uid, id);
    if (isClosed(row)) throw closed();
    const author = user.displayName?.trim() || user.email;
    await tx.db.insert(maintenanceComments).values({
      requestId: id,
      authorId: user.uid,
      authorName: author,
      authorRole: "tenant",
      body,
    });
    const [updated] = await tx.db
      .update(maintenanceRequests)
      .set({ updatedAt: sql`now()` })
      .where(eq(maintenanceRequests.id, id))
      .returning();
    const [request] = await toRequests(deps, [updated!], tx.db);
    await tx.queue(tenantCommentNotice(request!, body, dashboardUrl(deps, id)));
    await recordEvents(
      tx.db,
      await staffEvents(tx.db, {
        title: `${author} wrote on "${request!.title}"`,
        message: body.slice(0, 500),
        type: "info",
        category: "maintenance",
        priority: "medium",
        actionUrl: `/admin-dashboard?tab=maintenance&request=${id}`,
        actionLabel: "Open request",
      }),
    );
    return request!;
  });
}

// ---- Staff ---------------------------------------------------------------------------------

const isOpen = sql`${maintenanceRequests.status} in ('submitted', 'scheduled', 'in_progress')`;

/** Open emergencies first, then the newest. */
export async function listForStaff(
  deps: MaintenanceDeps,
  query: MaintenanceQuery,
): Promise<MaintenanceRequest[]> {
  const rows = await deps.db
    .select()
    .from(maintenanceRequests)
    .where(
      and(
        query.status === "open"
          ? inArray(maintenanceRequests.status, [...openMaintenanceStatuses])
          : query.status
            ? eq(maintenanceRequests.status, query.status)
            : undefined,
        query.urgency ? eq(maintenanceRequests.urgency, query.urgency) : undefined,
        query.propertyId ? eq(maintenanceRequests.propertyId, query.propertyId) : undefined,
      ),
    )
    .orderBy(
      desc(sql`(${isOpen} and ${maintenanceRequests.urgency} = 'emergency')`),
      desc(maintenanceRequests.createdAt),
      desc(maintenanceRequests.id),
    )
    .limit(500);
  return toRequests(deps, rows);
}

export async function summaryForStaff(deps: { db: Db }) {
  const [row] = await deps.db
    .select({
      open: sql<number>`(count(*) filter (where ${isOpen}))::int`,
      emergencies: sql<number>`(count(*) filter (where ${isOpen} and ${maintenanceRequests.urgency} = 'emergency'))::int`,
    })
    .from(maintenanceRequests);
  return { open: row?.open ?? 0, emergencies: row?.emergencies ?? 0 };
}

async function lockForStaff(db: Executor, id: string): Promise<RequestRow> {
  if (!isUuid(id)) throw requestNotFound();
  const [row] = await db
    .select()
    .from(maintenanceRequests)
    .where(eq(maintenanceRequests.id, id))
    .for("update");
  if (!row) throw requestNotFound();
  return row;
}

export async function getForStaff(deps: MaintenanceDeps, id: string): Promise<MaintenanceRequest> {
  if (!isUuid(id)) throw requestNotFound();
  const rows = await deps.db
    .select()
    .from(maintenanceRequests)
    .where(eq(maintenanceRequests.id, id));
  if (rows.length === 0) throw requestNotFound();
  return (await toRequests(deps, rows))[0]!;
}

/** Tells the tenant (if they still have access), by e-mail and in the app as they chose. */
async function tellTenant(
  deps: MaintenanceDeps,
  tx: MailTransaction,
  request: MaintenanceRequest,
  news: TenantNews,
) {
  const tenantId = request.tenant.id;
  if (!tenantId) return;
  const [tenant] = await tx.db
    .select({ ended: users.accessEndedAt, language: users.language })
    .from(users)
    .where(eq(users.id, tenantId));
  if (!tenant || tenant.ended) return;
  const lang = tenant.language;
  const channels = await maintenanceChannels(tx.db, tenantId);
  if (channels.email) {
    await tx.queue(tenantUpdateEmail(request, news, portalUrl(deps, lang), lang));
  }
  if (channels.inApp) {
    const cancelled = news.kind === "status" && request.status === "cancelled";
    await recordEvents(tx.db, [
      {
        userId: tenantId,
        title: newsTitle(request, news, lang),
        message: newsText(request, news, lang).slice(0, 500),
        type: news.kind === "comment" ? "info" : cancelled ? "warning" : "success",
        category: "maintenance",
        priority: request.urgency === "emergency" ? "high" : "medium",
        actionUrl: localizedPath("/tenant-portal", lang),
        actionLabel: tenantNotificationAction[lang],
      },
    ]);
  }
}

/** Staff's change: status, and the visit's date and window (kept only while scheduled). */
export async function updateRequest(
  deps: MaintenanceDeps,
  id: string,
  update: MaintenanceUpdate,
): Promise<{ request: MaintenanceRequest; before: RequestRow }> {
  return deps.mailQueue.transaction(async (tx) => {
    const before = await lockForStaff(tx.db, id);
    const scheduled = update.status === "scheduled";
    const [row] = await tx.db
      .update(maintenanceRequests)
      .set({
        status: update.status,
        scheduledFor: scheduled ? (update.scheduledFor ?? null) : before.scheduledFor,
        visitWindow: scheduled ? (update.window ?? null) : before.visitWindow,
        updatedAt: sql`now()`,
      })
      .where(eq(maintenanceRequests.id, id))
      .returning();
    const [request] = await toRequests(deps, [row!], tx.db);
    const changed =
      before.status !== row!.status ||
      before.scheduledFor !== row!.scheduledFor ||
      before.visitWindow !== row!.visitWindow;
    if (changed) await tellTenant(deps, tx, request!, { kind: "status" });
    return { request: request!, before };
  });
}

export async function staffComment(
  deps: MaintenanceDeps,
  staff: SessionUser,
  id: string,
  body: string,
): Promise<MaintenanceRequest> {
  return deps.mailQueue.transaction(async (tx) => {
    await lockForStaff(tx.db, id);
    await tx.db.insert(maintenanceComments).values({
      requestId: id,
      authorId: staff.uid,
      // The tenant reads the office's name, not a colleague's address.
      authorName: staff.displayName?.trim() || OFFICE_AUTHOR_NAME,
      authorRole: "staff",
      body,
    });
    const [row] = await tx.db
      .update(maintenanceRequests)
      .set({ updatedAt: sql`now()` })
      .where(eq(maintenanceRequests.id, id))
      .returning();
    const [request] = await toRequests(deps, [row!], tx.db);
    await tellTenant(deps, tx, request!, { kind: "comment", body });
    return request!;
  });
}
