import type { AdminInquiry, InquiriesQuery, InquiriesResponse } from "#domain/admin-inquiries";
import { parseId } from "#domain/listing-format";
import { type AuditEntry, changesOf } from "#server/audit/audit-log";
import type { Db } from "#server/db/client";
import { decodeKey, toPage } from "#server/db/keyset";
import { inquiryNotFound } from "./inquiries.errors";
import { type AdminInquiryRow, createInquiriesRepository } from "./inquiries.repository";

type Deps = { db: Db; now?: () => Date };

function toAdminInquiry(row: AdminInquiryRow): AdminInquiry {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    property: row.property,
    unit: row.unit,
    createdAt: row.createdAt.toISOString(),
    handledAt: row.handledAt?.toISOString() ?? null,
  };
}

/** A page of the list the tab shows, and the unhandled count for its badge (whatever the filter). */
export async function listInquiries(
  deps: Deps,
  { limit, cursor, ...filter }: InquiriesQuery,
): Promise<InquiriesResponse> {
  const repo = createInquiriesRepository(deps.db);
  const after = cursor === undefined ? null : decodeKey(cursor, ["time", "integer"]);
  const [rows, unhandled] = await Promise.all([
    repo.listPageForAdmin(filter, limit, after),
    repo.countUnhandled(),
  ]);
  const page = toPage(rows, limit, (row) => row.key, toAdminInquiry);
  return { inquiries: page.items, unhandled, nextCursor: page.nextCursor };
}

/**
 * Marks an inquiry handled (now) or unhandled; an id that is not one is simply not found. The
 * audit trail notes when it had been handled before.
 */
export async function setInquiryHandled(
  deps: Deps,
  rawId: string,
  handled: boolean,
): Promise<{ inquiry: AdminInquiry; audit: Partial<Omit<AuditEntry, "action">> }> {
  const repo = createInquiriesRepository(deps.db);
  const id = parseId(rawId);
  const now = deps.now?.() ?? new Date();
  const before = id === null ? null : await repo.findForAdmin(id);
  if (id === null || !before || !(await repo.setHandled(id, handled, now))) {
    throw inquiryNotFound();
  }
  const row = await repo.findForAdmin(id);
  if (!row) throw inquiryNotFound();
  const inquiry = toAdminInquiry(row);
  const was = toAdminInquiry(before);
  return {
    inquiry,
    audit: {
      propertyId: inquiry.property?.id ?? null,
      changes: changesOf({ handledAt: was.handledAt }, { handledAt: inquiry.handledAt }),
    },
  };
}
