import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { contactMessages, inquiryPayloadSchema } from "#domain/inquiries";
import type { Db } from "#server/db/client";
import type { Mailer } from "#server/mail/mailer";
import { createInquiry } from "./inquiries.service";

const INQUIRY_BODY_LIMIT = 16 * 1024;

const sentSchema = z.object({ success: z.literal(true), message: z.string() });

/** POST /api/property-inquiry (PRODUCT-SPEC.md section 7). Public, rate limited. */
export const inquiriesRoutes =
  (deps: { db: Db; mailer: Mailer; publicUrl: string; perMinute: number }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/api/property-inquiry",
      {
        bodyLimit: INQUIRY_BODY_LIMIT,
        // Bursts from one address are refused: a form a person fills needs no more than this.
        config: { rateLimit: { max: deps.perMinute, timeWindow: "1 minute" } },
        schema: { body: inquiryPayloadSchema, response: { 201: sentSchema } },
      },
      async (request, reply) => {
        await createInquiry({ ...deps, log: request.log }, request.body);
        return reply.status(201).send({ success: true, message: contactMessages.sentDefault });
      },
    );
  };
