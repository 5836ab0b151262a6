import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { contactMessages, inquiryPayloadSchema } from "../../../domain/inquiries";
import type { Db } from "../../db/client";
import type { Mailer } from "../../mail/mailer";
import { createInquiry } from "./inquiries.service";

/** Bursts from one address are refused: a form a person fills needs no more than this. */
export const INQUIRY_RATE_LIMIT = { max: 5, timeWindow: "1 minute" };
const INQUIRY_BODY_LIMIT = 16 * 1024;

const sentSchema = z.object({ success: z.literal(true), message: z.string() });

/** POST /api/property-inquiry (PRODUCT-SPEC.md section 7). Public, rate limited. */
export const inquiriesRoutes =
  (deps: { db: Db; mailer: Mailer; publicUrl: string }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/api/property-inquiry",
      {
        bodyLimit: INQUIRY_BODY_LIMIT,
        config: { rateLimit: INQUIRY_RATE_LIMIT },
        schema: { body: inquiryPayloadSchema, response: { 201: sentSchema } },
      },
      async (request, reply) => {
        await createInquiry({ ...deps, log: request.log }, request.body);
        return reply.status(201).send({ success: true, message: contactMessages.sentDefault });
      },
    );
  };
