import { pageQueryShape } from "./api/paging";
import { z } from "./zod";

/** The Inquiries tab (added to the original product): staff read what the contact forms collect. */

export const inquiryStatuses = ["all", "unhandled", "handled"] as const;
export type InquiryStatus = (typeof inquiryStatuses)[number];

/** A day as the date inputs write it (YYYY-MM-DD, UTC); `to` includes its whole day. */
const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "A date as YYYY-MM-DD.");

export const inquiriesQuerySchema = z.object({
  status: z.enum(inquiryStatuses).default("all").catch("all"),
  /** Words the name, e-mail, subject or message start with (each word a prefix, all of them). */
  q: z.string().trim().max(200).optional(),
  from: daySchema.optional(),
  to: daySchema.optional(),
  ...pageQueryShape(),
});
export type InquiriesQuery = z.infer<typeof inquiriesQuerySchema>;

export const inquiryUpdateSchema = z.object({ handled: z.boolean() });

export type AdminInquiry = {
  id: number;
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  property: { id: number; title: string } | null;
  unit: { id: number; unitNumber: string } | null;
  /** ISO timestamps. */
  createdAt: string;
  handledAt: string | null;
};

/** GET /api/admin/inquiries: newest first, and the unread (unhandled) count for the tab. */
export type InquiriesResponse = {
  inquiries: AdminInquiry[];
  unhandled: number;
  /** The next page's cursor (null on the last page). */
  nextCursor: string | null;
};

export const inquiriesMessages = {
  loading: "Loading inquiries...",
  empty: "No inquiries yet",
  emptyFiltered: "No inquiries match this filter",
  searchLabel: "Search inquiries",
  loadFailed: "Failed to load inquiries",
  markedHandled: "Inquiry marked as handled",
  markedUnhandled: "Inquiry marked as not handled",
  updateFailed: "Failed to update inquiry",
  notFound: "This inquiry no longer exists.",
} as const;
