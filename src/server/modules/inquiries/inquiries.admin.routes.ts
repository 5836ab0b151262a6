import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  type AdminInquiry,
  type InquiriesResponse,
  inquiriesMessages,
  inquiriesQuerySchema,
  inquiryUpdateSchema,
} from "#domain/admin-inquiries";
import { parseId } from "#domain/listing-format";
import type { Db } from "#server/db/client";
import { notFound } from "#server/http/errors";
import { type AdminInquiryRow, createInquiriesRepository } from "./inquiries.repository";

const adminInquirySchema = z.object({
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
  inquiries: z.array(adminInquirySchema),
  unhandled: z.number().int(),
}) satisfies z.ZodType<InquiriesResponse>;

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

/**
 * The Inquiries tab: staff read what the contact forms collected and mark each handled. The
 * unhandled count is the tab's badge, so it ignores the list's filter.
 */
export const adminInquiriesRoutes =
  (deps: { db: Db; now?: () => Date }): FastifyPluginAsyncZod =>
  async (app) => {
    const repo = createInquiriesRepository(deps.db);

    app.get(
      "/api/admin/inquiries",
      {
        onRequest: app.guards.admin,
        schema: { querystring: inquiriesQuerySchema, response: { 200: inquiriesResponseSchema } },
      },
      async (request) => {
        const [rows, unhandled] = await Promise.all([
          repo.listForAdmin(request.query.status),
          repo.countUnhandled(),
        ]);
        return { inquiries: rows.map(toAdminInquiry), unhandled };
      },
    );

    app.patch(
      "/api/admin/inquiries/:id",
      {
        onRequest: app.guards.admin,
        schema: {
          params: z.object({ id: z.string() }),
          body: inquiryUpdateSchema,
          response: { 200: adminInquirySchema },
        },
      },
      async (request) => {
        const id = parseId(request.params.id);
        const now = deps.now?.() ?? new Date();
        if (id === null || !(await repo.setHandled(id, request.body.handled, now))) {
          throw notFound(inquiriesMessages.notFound);
        }
        const row = await repo.findForAdmin(id);
        if (!row) throw notFound(inquiriesMessages.notFound);
        return toAdminInquiry(row);
      },
    );
  };
