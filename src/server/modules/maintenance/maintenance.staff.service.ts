import type { SessionUser } from "#domain/auth";
import { localizedPath } from "#domain/locale";
import {
  MAINTENANCE_COMMENTS_IN_LIST,
  type MaintenanceQuery,
  type MaintenanceRequest,
  type MaintenanceUpdate,
  OFFICE_AUTHOR_NAME,
} from "#domain/maintenance";
import type { Db } from "#server/db/client";
import { decodeKey, toPage } from "#server/db/keyset";
import type { MailTransaction } from "#server/mail/mail-queue";
import { maintenanceChannels, recordEvents } from "#server/modules/notifications";
import { isUuid } from "#server/shared/uuid";
import {
  newsText,
  newsTitle,
  type TenantNews,
  tenantNotificationAction,
  tenantUpdateEmail,
} from "./maintenance.email";
import { requestNotFound } from "./maintenance.errors";
import {
  countOpen,
  findRequest,
  findTenantAccess,
  insertComment,
  listForStaff as listRequests,
  lockRequest,
  type RequestRow,
  touchRequest,
  updateRequestStatus,
} from "./maintenance.repository";
import type { MaintenanceDeps } from "./maintenance.service";
import { toOneRequest, toRequests } from "./maintenance.views";

/**
 * Maintenance requests, the office's side: the Maintenance tab lists them, schedules a visit,
 * changes a status and comments; the tenant is told, by e-mail and in the app as they chose.
 */

/** A cursor's key: [open emergency (0 or 1), created, id]; anything else is a 400. */
const requestKey = (cursor: string) => decodeKey(cursor, ["rank", "time", "uuid"]);

/** A page: open emergencies first, then the newest, each with its newest few comments. */
export async function listForStaff(
  deps: MaintenanceDeps,
  staff: SessionUser,
  query: MaintenanceQuery,
): Promise<{ requests: MaintenanceRequest[]; nextCursor: string | null }> {
  const after = query.cursor ? requestKey(query.cursor) : undefined;
  const rows = await listRequests(deps, query, after);
  const page = toPage(rows, query.limit, (row) => row.key);
  const requests = await toRequests(
    deps,
    page.items.map((item) => item.row),
    staff.uid,
    MAINTENANCE_COMMENTS_IN_LIST,
  );
  return { requests, nextCursor: page.nextCursor };
}

export const summaryForStaff = (deps: { db: Db }) => countOpen(deps);

export async function getForStaff(
  deps: MaintenanceDeps,
  staff: SessionUser,
  id: string,
): Promise<MaintenanceRequest> {
  const row = isUuid(id) ? await findRequest(deps, id) : null;
  if (!row) throw requestNotFound();
  return toOneRequest(deps, row, staff.uid);
}

/** One request, locked for the rest of the transaction. */
async function lockForStaff(tx: MailTransaction, id: string): Promise<RequestRow> {
  const row = isUuid(id) ? await lockRequest(tx, id) : null;
  if (!row) throw requestNotFound();
  return row;
}

/** Staff's change: status, and the visit's date and window (kept only while scheduled). */
export async function updateRequest(
  deps: MaintenanceDeps,
  staff: SessionUser,
  id: string,
  update: MaintenanceUpdate,
): Promise<{ request: MaintenanceRequest; before: RequestRow }> {
  return deps.mailQueue.transaction(async (tx) => {
    const before = await lockForStaff(tx, id);
    const scheduled = update.status === "scheduled";
    const row = await updateRequestStatus(tx, id, {
      status: update.status,
      scheduledFor: scheduled ? (update.scheduledFor ?? null) : before.scheduledFor,
      visitWindow: scheduled ? (update.window ?? null) : before.visitWindow,
    });
    const request = await toOneRequest({ ...deps, db: tx.db }, row, staff.uid);
    const changed =
      before.status !== row.status ||
      before.scheduledFor !== row.scheduledFor ||
      before.visitWindow !== row.visitWindow;
    if (changed) await tellTenant(deps, tx, request, { kind: "status" });
    return { request, before };
  });
}

export async function staffComment(
  deps: MaintenanceDeps,
  staff: SessionUser,
  id: string,
  body: string,
): Promise<MaintenanceRequest> {
  return deps.mailQueue.transaction(async (tx) => {
    await lockForStaff(tx, id);
    await insertComment(tx, {
      requestId: id,
      authorId: staff.uid,
      // The tenant reads the office's name, not a colleague's address.
      authorName: staff.displayName?.trim() || OFFICE_AUTHOR_NAME,
      authorRole: "staff",
      body,
    });
    const request = await toOneRequest(
      { ...deps, db: tx.db },
      await touchRequest(tx, id),
      staff.uid,
    );
    await tellTenant(deps, tx, request, { kind: "comment", body });
    return request;
  });
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
  const tenant = await findTenantAccess(tx, tenantId);
  if (!tenant || tenant.ended) return;
  const lang = tenant.language;
  const portalPath = localizedPath("/tenant-portal", lang);
  const channels = await maintenanceChannels(tx.db, tenantId);
  if (channels.email) {
    await tx.queue(tenantUpdateEmail(request, news, `${deps.publicUrl}${portalPath}`, lang));
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
        actionUrl: portalPath,
        actionLabel: tenantNotificationAction[lang],
      },
    ]);
  }
}
