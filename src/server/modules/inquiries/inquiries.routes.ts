import type { FastifyPluginAsync } from "fastify";
import { inquiriesApi } from "#domain/api/inquiries";
import { contactMessages } from "#domain/inquiries";
import type { Db } from "#server/db/client";
import { type RouteRequest, route } from "#server/http/route";
import type { MailQueue } from "#server/mail/mail-queue";
import { createInquiry } from "./inquiries.service";

type Deps = { db: Db; mailQueue: MailQueue; publicUrl: string; perMinute: number };

/** Public, rate limited: bursts from one address are refused (a person needs no more). */
export const inquiriesRoutes =
  (deps: Deps): FastifyPluginAsync =>
  async (app) => {
    route(app, inquiriesApi.send, (request) => sendInquiry(deps, request), {
      rateLimit: deps.perMinute,
    });
  };

async function sendInquiry(deps: Deps, request: RouteRequest<typeof inquiriesApi.send>) {
  await createInquiry(deps, request.body);
  return { success: true as const, message: contactMessages.sentDefault };
}
