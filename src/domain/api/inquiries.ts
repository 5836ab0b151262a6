import {
  type AdminInquiry,
  type InquiriesResponse,
  inquiriesQuerySchema,
  inquiryUpdateSchema,
} from "#domain/admin-inquiries";
import { inquiryPayloadSchema } from "#domain/inquiries";
import { z } from "#domain/zod";
import { apiErrorSchema, defineApi, doneSchema, idParams } from "./contract";
import { cursorSchema, PAGE_LIMIT_MAX } from "./paging";

export const adminInquirySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  subject: z.string(),
  message: z.string(),
  property: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  unit: z.object({ id: z.number().int(), unitNumber: z.string() }).nullable(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
}) satisfies z.ZodType<AdminInquiry>;

const inquiriesResponseSchema = z.object({
  inquiries: z.array(adminInquirySchema).max(PAGE_LIMIT_MAX),
  unhandled: z.number().int(),
  nextCursor: cursorSchema.nullable(),
}) satisfies z.ZodType<InquiriesResponse>;

/**
 * Visitors' questions (the contact form and the Schedule Tour dialog) and the back office's
 * Inquiries tab, where staff read them and mark each handled.
 */
export const inquiriesApi = defineApi("inquiries", {
  send: {
    method: "POST",
    path: "/api/property-inquiry",
    summary: "A visitor's question, stored and e-mailed to the office (rate limited per address)",
    guard: "public",
    body: inquiryPayloadSchema,
    invalidates: ["inquiries"],
    responses: { 201: doneSchema },
  },
  list: {
    method: "GET",
    path: "/api/admin/inquiries",
    summary:
      "A page of inquiries, newest first, filtered by status, words and dates, and the count of unhandled ones (whatever the filter)",
    guard: "admin",
    reads: "inquiries",
    query: inquiriesQuerySchema,
    responses: { 200: inquiriesResponseSchema },
  },
  setHandled: {
    method: "PATCH",
    path: "/api/admin/inquiries/:id",
    summary: "Marks an inquiry handled or unhandled",
    guard: "admin",
    audit: "inquiry.updated",
    params: idParams,
    body: inquiryUpdateSchema,
    invalidates: ["inquiries"],
    responses: { 200: adminInquirySchema, 404: apiErrorSchema },
  },
});
