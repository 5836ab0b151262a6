import { AUDIT_PAGE_SIZE, auditEventSchema, auditQuerySchema } from "#domain/audit";
import { z } from "#domain/zod";
import { defineApi } from "./contract";
import { cursorSchema, PAGE_LIMIT_MAX, pageQueryShape } from "./paging";
import { raw } from "./wire";

/** One page of the audit trail, and where the next one starts (null on the last). */
export const auditPageSchema = z.object({
  events: z.array(auditEventSchema).max(PAGE_LIMIT_MAX),
  nextCursor: cursorSchema.nullable(),
});

/** The back office's Activity tab: the audit trail, filtered, and its CSV export. */
export const auditApi = defineApi("audit", {
  list: {
    method: "GET",
    path: "/api/admin/audit",
    summary:
      "The audit trail, newest first, 50 a page (`limit` up to 100; the answer's `nextCursor` names the next), filtered by person (e-mail or id), action, building and days (both included); `format=csv` leads to the export with the same filters",
    guard: "admin",
    reads: "audit",
    query: auditQuerySchema.extend({
      ...pageQueryShape({ limit: AUDIT_PAGE_SIZE }),
      format: z.enum(["json", "csv"]).optional(),
    }),
    responses: {
      200: auditPageSchema,
      303: raw("", "With format=csv: to /api/admin/audit/export with the same filters."),
    },
  },
  export: {
    method: "GET",
    path: "/api/admin/audit/export",
    summary:
      "Every event the same filters match (up to 50,000), newest first, as a CSV attachment (UTF-8 with a byte-order mark, for spreadsheets)",
    guard: "admin",
    query: auditQuerySchema,
    responses: {
      200: raw("text/csv; charset=utf-8", "The events, one per line, after a header line."),
    },
  },
});
