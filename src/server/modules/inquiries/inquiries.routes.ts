import type { FastifyPluginAsync } from "fastify";
import { inquiriesApi } from "#domain/api/inquiries";
import { contactMessages } from "#domain/inquiries";
import type { Db } from "#server/db/client";
import { route } from "#server/http/route";
import type { MailQueue } from "#server/mail/mail-queue";
import { createInquiry } from "./inquiries.service";

/** A question is a few fields a person types: nothing near this size. */
const INQUIRY_BODY_LIMIT = 16 * 1024;

/** Public, rate limited: bursts from one address are refused (a person needs no more). */
export const inquiriesRoutes =
  (deps: {
    db: Db;
    mailQueue: MailQueue;
    publicUrl: string;
    perMinute: number;
  }): FastifyPluginAsync =>
  async (app) => {
    route(
      app,
      inquiriesApi.send,
      async (request) => {
        await createInquiry(deps, request.body);
        return { success: true as const, message: contactMessages.sentDefault };
      },
      { bodyLimit: INQUIRY_BODY_LIMIT, rateLimit: deps.perMinute },
    );
  };
