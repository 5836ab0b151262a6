import type { AdminInquiry, InquiriesResponse, InquiryStatus } from "#domain/admin-inquiries";
import { parseId } from "#domain/listing-format";
import type { Db } from "#server/db/client";
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

/** The list the tab shows, and the unhandled count for its badge (whatever the filter). */
export async function listInquiries(deps: Deps, status: InquiryStatus): Promise<InquiriesResponse> {
  const repo = createInquiriesRepository(deps.db);
  const [rows, unhandled] = await Promise.all([repo.listForAdmin(status), repo.countUnhandled()]);
  return { inquiries: rows.map(toAdminInquiry), unhandled };
}

/** Marks an inquiry handled (now) or unhandled; an id that is not one is simply not found. */
export async function setInquiryHandled(
  deps: Deps,
  rawId: string,
  handled: boolean,
): Promise<{ inquiry: AdminInquiry; before: AdminInquiry }> {
  const repo = createInquiriesRepository(deps.db);
  const id = parseId(rawId);
  const now = deps.now?.() ?? new Date();
  const before = id === null ? null : await repo.findForAdmin(id);
  if (id === null || !before || !(await repo.setHandled(id, handled, now))) {
    throw inquiryNotFound();
  }
  const row = await repo.findForAdmin(id);
  if (!row) throw inquiryNotFound();
  return { inquiry: toAdminInquiry(row), before: toAdminInquiry(before) };
}
