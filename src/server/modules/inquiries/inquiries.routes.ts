import type { FastifyPluginAsync } from "fastify";
import { inquiriesApi } from "#domain/api/inquiries";
import { contactMessages } from "#domain/inquiries";
import type { Db } from "#server/db/client";
import { route } from "#server/http/route";
import type { MailQueue } from "#server/mail/mail-queue";
import { createInquiry } from "./inquiries.service";

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
      { rateLimit: deps.perMinute },
    );
  };
