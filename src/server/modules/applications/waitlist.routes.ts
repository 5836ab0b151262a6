import type { FastifyPluginAsync } from "fastify";
import { waitlistsApi as api } from "#domain/api/waitlists";
import { parseId } from "#domain/listing-format";
import { WAITLIST_JOINS_PER_MINUTE, waitlistMessages } from "#domain/waitlists";
import { notFound } from "#server/http/errors";
import { route } from "#server/http/route";
import {
  confirmByToken,
  inviteNext,
  join,
  leaveByToken,
  listWaitlist,
  move,
  viewByToken,
  type WaitlistDeps,
} from "./waitlist.service";

const idOf = (value: string, message: string) => {
  const id = parseId(value);
  if (id === null) throw notFound(message);
  return id;
};

/** Waiting lists: the renter's join and link (public), the office's lists, moves and invites. */
export const waitlistRoutes =
  (deps: WaitlistDeps): FastifyPluginAsync =>
  async (app) => {
    route(
      app,
      api.join,
      async (request, reply) => {
        await join(deps, idOf(request.params.id, waitlistMessages.buildingNotFound), request.body);
        reply.code(202);
        return { success: true as const, message: waitlistMessages.checkEmail };
      },
      { rateLimit: WAITLIST_JOINS_PER_MINUTE },
    );
    route(app, api.view, (request) => viewByToken(deps, request.params.token));
    route(app, api.confirm, (request) => confirmByToken(deps, request.params.token), {
      rateLimit: WAITLIST_JOINS_PER_MINUTE * 6,
    });
    route(app, api.leave, (request) => leaveByToken(deps, request.params.token), {
      rateLimit: WAITLIST_JOINS_PER_MINUTE * 6,
    });
    route(app, api.list, (request) => listWaitlist(deps, request.query));
    route(app, api.move, async (request) => {
      const { from, to, propertyId } = await move(deps, request.params.id, request.body);
      request.auditEntry = {
        targetType: "waitlist_entry",
        targetId: request.params.id,
        propertyId,
        changes: { position: { before: from, after: to } },
        detail: { reason: request.body.reason },
      };
      return { from, to, message: `Moved from place ${from} to place ${to}.` };
    });
    route(app, api.inviteNext, async (request, reply) => {
      const unitId = idOf(request.params.id, "This unit was not found.");
      const { propertyId, invited } = await inviteNext(
        deps,
        unitId,
        request.body.count,
        request.user?.uid ?? null,
      );
      request.auditEntry = {
        targetType: "unit",
        targetId: String(unitId),
        propertyId,
        detail: { invited: invited.length, applications: invited.map((i) => i.applicationId) },
      };
      reply.code(201);
      return {
        invited,
        message: `${invited.length} ${invited.length === 1 ? "person" : "people"} invited to apply.`,
      };
    });
  };
