import { tenantPortalApi } from "#domain/api/tenant-portal";
import { buildUrl } from "#domain/api/wire";
import { MAINTENANCE_COMMENTS_SHOWN, type MaintenanceRequest } from "#domain/maintenance";
import type { Executor } from "#server/db/client";
import {
  type CommentRow,
  commentsOf,
  type PhotoRow,
  photosOf,
  type RequestRow,
} from "./maintenance.repository";
import { type PhotoLinks, photoView } from "./maintenance-photos.service";

/**
 * Requests as `viewer` (a user id) sees them: with their photos (signed links made for them, at
 * most the upload's limit) and their newest `commentsEach` comments in order, with how many
 * there are.
 */
export async function toRequests(
  deps: { db: Executor; photoLinks: PhotoLinks },
  rows: RequestRow[],
  viewer: string,
  commentsEach: number = MAINTENANCE_COMMENTS_SHOWN,
): Promise<MaintenanceRequest[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [photos, thread] = await Promise.all([
    photosOf(deps, ids),
    commentsOf(deps, ids, commentsEach),
  ]);
  const views = await photoViews(deps.photoLinks, photos, viewer);
  return rows.map((row) => ({
    ...toRequest(row, views.get(row.id) ?? [], thread.comments),
    commentCount: thread.counts.get(row.id) ?? 0,
  }));
}

/** One request as people see it; a single row is always found. */
export async function toOneRequest(
  deps: { db: Executor; photoLinks: PhotoLinks },
  row: RequestRow,
  viewer: string,
): Promise<MaintenanceRequest> {
  const [request] = await toRequests(deps, [row], viewer);
  return request!;
}

/** Each request's photos as signed links, by request. */
async function photoViews(links: PhotoLinks, photos: PhotoRow[], viewer: string) {
  const photoPath = (token: string) => buildUrl(tenantPortalApi.photo, { token });
  const views = new Map<string, MaintenanceRequest["photos"]>();
  for (const photo of photos) {
    const list = views.get(photo.requestId) ?? [];
    list.push(await photoView(links, photoPath, photo, viewer));
    views.set(photo.requestId, list);
  }
  return views;
}

function toRequest(
  row: RequestRow,
  photos: MaintenanceRequest["photos"],
  comments: CommentRow[],
): Omit<MaintenanceRequest, "commentCount"> {
  return {
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
    photos,
    comments: comments
      .filter((comment) => comment.requestId === row.id)
      .map((comment) => ({
        id: comment.id,
        body: comment.body,
        author: { name: comment.authorName, role: comment.authorRole },
        createdAt: comment.createdAt.toISOString(),
      })),
  };
}
