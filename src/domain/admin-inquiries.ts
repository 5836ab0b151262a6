import { z } from "./zod";

/** The Inquiries tab (added to the original product): staff read what the contact forms collect. */

export const inquiryStatuses = ["all", "unhandled", "handled"] as const;
export type InquiryStatus = (typeof inquiryStatuses)[number];

export const inquiriesQuerySchema = z.object({
  status: z.enum(inquiryStatuses).default("all").catch("all"),
});

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
export type InquiriesResponse = { inquiries: AdminInquiry[]; unhandled: number };

export const inquiriesMessages = {
  loading: "Loading inquiries...",
  empty: "No inquiries yet",
  emptyFiltered: "No inquiries match this filter",
  loadFailed: "Failed to load inquiries",
  markedHandled: "Inquiry marked as handled",
  markedUnhandled: "Inquiry marked as not handled",
  updateFailed: "Failed to update inquiry",
  notFound: "This inquiry no longer exists.",
} as const;
