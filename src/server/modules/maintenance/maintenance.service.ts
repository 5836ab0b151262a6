import type { SessionUser } from "#domain/auth";
import {
  MAINTENANCE_REQUESTS_PER_HOUR,
  type MaintenanceRequest,
  maintenanceFieldsSchema,
} from "#domain/maintenance";
import type { Db, Executor } from "#server/db/client";
import { decodeKey, toPage } from "#server/db/keyset";
import { validationFailed } from "#server/http/errors";
import type { MailQueue } from "#server/mail/mail-queue";
import {
  maintenanceChannels,
  type NewEvent,
  recordEvents,
  staffIds,
} from "#server/modules/notifications";
import { isUuid } from "#server/shared/uuid";
import type { ObjectStore } from "#server/storage/storage";
import { newRequestNotice, tenantCommentNotice } from "./maintenance.email";
import { noUnit, requestClosed, requestNotFound, tooManyRequests } from "./maintenance.errors";
import {
  countMadeSince,
  findTenancy,
  insertComment,
  insertPhotos,
  insertRequest,
  listVisible,
  lockVisible,
  type RequestRow,
  type Tenancy,
  touchRequest,
} from "./maintenance.repository";
import { toOneRequest, toRequests } from "./maintenance.views";
import { type PhotoLinks, removePhoto, type StoredPhoto } from "./maintenance-photos.service";

/**
 * Maintenance requests, the tenant's side: a tenant reports a repair (with photos) for their
 * unit and comments on it; the office is told at once, by e-mail and in the app (each of its
 * people as their settings say). The office's side is maintenance.staff.service.ts.
 */

export type MaintenanceDeps = {
  db: Db;
  mailQueue: MailQueue;
  store: ObjectStore;
  photoLinks: PhotoLinks;
  publicUrl: string;
  now: () => Date;
};

/** A new request's form as it arrived: its text fields, and its photos already stored. */
export type RequestForm = { fields: Record<string, string>; photos: StoredPhoto[] };

const HOUR_MS = 60 * 60 * 1000;

/** Where the office opens a request: its own link, in the e-mails and the in-app notices. */
/** Where a staff notice of a request leads: the request in the back office's Maintenance tab. */
export const dashboardPath = (id: string) => `/admin-dashboard?tab=maintenance&request=${id}`;

/** A page of the tenant's unit's requests, newest first; a cursor not made here is a 400. */
export async function listForTenant(
  deps: MaintenanceDeps,
  user: SessionUser,
  query: { limit: number; cursor?: string },
): Promise<{ requests: MaintenanceRequest[]; nextCursor: string | null }> {
  const after = query.cursor ? decodeKey(query.cursor, ["time", "uuid"]) : undefined;
  const tenancy = await findTenancy(deps, user.uid);
  if (!tenancy) return { requests: [], nextCursor: null };
  const rows = await listVisible(deps, tenancy, { after, limit: query.limit });
  const page = toPage(rows, query.limit, (row) => row.key);
  const requests = await toRequests(
    deps,
    page.items.map((item) => item.row),
    user.uid,
  );
  return { requests, nextCursor: page.nextCursor };
}

/**
 * A tenant's new request: stored with its photos, the office told in the same transaction. The
 * form is received (`receive`, which stores its photos) only once the tenant may send one, and
 * whatever refuses it afterwards removes the photos it stored.
 */
export async function createRequest(
  deps: MaintenanceDeps,
  user: SessionUser,
  receive: () => Promise<RequestForm>,
): Promise<MaintenanceRequest> {
  const tenancy = await findTenancy(deps, user.uid);
  if (!tenancy) throw noUnit();
  const since = new Date(deps.now().getTime() - HOUR_MS);
  if ((await countMadeSince(deps, user.uid, since)) >= MAINTENANCE_REQUESTS_PER_HOUR) {
    throw tooManyRequests();
  }
  const { fields, photos } = await receive();
  try {
    const parsed = maintenanceFieldsSchema.safeParse(fields);
    if (!parsed.success) throw validationFailed(parsed.error.issues);
    const input = parsed.data;
    return await deps.mailQueue.transaction(async (tx) => {
      const row = await insertRequest(tx, {
        tenantId: user.uid,
        tenantName: tenancy.name?.trim() || user.email,
        tenantEmail: user.email,
        ...placeOf(tenancy),
        title: input.title,
        description: input.description,
        category: input.category,
        urgency: input.urgency,
        permissionToEnter: input.permissionToEnter,
        preferredTimes: input.preferredTimes,
      });
      await insertPhotos(tx, row.id, photos);
      const request = await toOneRequest({ ...deps, db: tx.db }, row, user.uid);
      await tx.queue(newRequestNotice(request, `${deps.publicUrl}${dashboardPath(request.id)}`));
      await recordEvents(tx.db, await staffEvents(tx.db, newRequestEvent(request)));
      return request;
    });
  } catch (error) {
    await Promise.all(photos.map((photo) => removePhoto(deps.store, photo)));
    throw error;
  }
}

/** The unit and building a request is about, copied in so it stays readable once they go. */
const placeOf = (tenancy: Tenancy) => ({
  unitId: tenancy.unitId,
  propertyId: tenancy.propertyId,
  propertyName: tenancy.propertyName ?? "",
  unitNumber: tenancy.unitNumber ?? "",
});

/** The office's notice of a new request: an emergency is urgent and says so first. */
function newRequestEvent(request: MaintenanceRequest): Omit<NewEvent, "userId"> {
  const emergency = request.urgency === "emergency";
  return {
    title: `${emergency ? "Emergency: " : "New maintenance request: "}${request.title}`,
    message: `${request.tenant.name}, ${request.property.name} unit ${request.property.unit}`,
    type: emergency ? "error" : "info",
    category: emergency ? "emergency" : "maintenance",
    priority: emergency ? "urgent" : request.urgency === "urgent" ? "high" : "medium",
    actionUrl: dashboardPath(request.id),
    actionLabel: "Open request",
  };
}

/** In-app notices for the office's people, as each one's settings allow. */
async function staffEvents(db: Executor, event: Omit<NewEvent, "userId">): Promise<NewEvent[]> {
  const events: NewEvent[] = [];
  for (const userId of await staffIds(db)) {
    if ((await maintenanceChannels(db, userId)).inApp) events.push({ ...event, userId });
  }
  return events;
}

/** One request the tenant may see, locked for the rest of the transaction. */
async function lockVisibleRequest(db: Executor, uid: string, id: string): Promise<RequestRow> {
  if (!isUuid(id)) throw requestNotFound();
  const tenancy = await findTenancy({ db }, uid);
  if (!tenancy) throw requestNotFound();
  const row = await lockVisible({ db }, id, tenancy);
  if (!row) throw requestNotFound();
  return row;
}

const isClosed = (row: RequestRow) => row.status === "completed" || row.status === "cancelled";

/** The tenant writes on an open request; the office is told by e-mail and in the app. */
export async function tenantComment(
  deps: MaintenanceDeps,
  user: SessionUser,
  id: string,
  body: string,
): Promise<MaintenanceRequest> {
  return deps.mailQueue.transaction(async (tx) => {
    const row = await lockVisibleRequest(tx.db, user.uid, id);
    if (isClosed(row)) throw requestClosed();
    const author = user.displayName?.trim() || user.email;
    await insertComment(tx, {
      requestId: id,
      authorId: user.uid,
      authorName: author,
      authorRole: "tenant",
      body,
    });
    const request = await toOneRequest(
      { ...deps, db: tx.db },
      await touchRequest(tx, id),
      user.uid,
    );
    await tx.queue(tenantCommentNotice(request, body, `${deps.publicUrl}${dashboardPath(id)}`));
    const event: Omit<NewEvent, "userId"> = {
      title: `${author} wrote on "${request.title}"`,
      message: body.slice(0, 500),
      type: "info",
      category: "maintenance",
      priority: "medium",
      actionUrl: dashboardPath(id),
      actionLabel: "Open request",
    };
    await recordEvents(tx.db, await staffEvents(tx.db, event));
    return request;
  });
}
