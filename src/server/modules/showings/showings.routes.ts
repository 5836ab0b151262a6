import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { showingsApi as api } from "#domain/api/showings";
import { parseId } from "#domain/listing-format";
import { SHOWING_BOOKINGS_PER_MINUTE, showingMessages } from "#domain/showings";
import { conflict, notFound } from "#server/http/errors";
import { type RouteRequest, route } from "#server/http/route";
import { actOn, followUp, listShowings, showingDetail } from "./showings.office.service";
import {
  book,
  cancelByToken,
  hoursFor,
  listSlots,
  moveByToken,
  type ShowingDeps,
  setHours,
} from "./showings.service";

/**
 * Showings booked online. A unit's slots and a booking are public (a booking rate limited per
 * client, like the other forms); the e-mailed link is the renter's key to cancel; a building's
 * hours are staff's.
 */
export const showingsRoutes =
  (deps: ShowingDeps): FastifyPluginAsync =>
  async (app) => {
    route(app, api.slots, (request) => slots(deps, request));
    route(app, api.book, (request, reply) => booking(deps, request, reply), {
      rateLimit: SHOWING_BOOKINGS_PER_MINUTE,
    });
    route(app, api.cancel, (request) => cancel(deps, request));
    route(app, api.move, (request, reply) => move(deps, request, reply), {
      rateLimit: SHOWING_BOOKINGS_PER_MINUTE,
    });
    route(app, api.getHours, (request) => hoursFor(deps, propertyIdOf(request.params.id)));
    route(app, api.putHours, (request) => saveHours(deps, request));
    route(app, api.list, (request) => listShowings(deps, request.query));
    route(app, api.get, (request) => showingDetail(deps, request.params.id));
    route(app, api.act, (request) => act(deps, request));
    route(app, api.followUp, (request) => follow(deps, request));
  };

async function act(deps: ShowingDeps, request: RouteRequest<typeof api.act>) {
  const { before, showing, message } = await actOn(deps, request.params.id, request.body.action);
  request.auditEntry = {
    targetType: "showing",
    targetId: showing.id,
    propertyId: showing.unit.propertyId,
    detail: { action: request.body.action },
    changes: { status: { before, after: showing.status } },
  };
  return { showing, message };
}

async function follow(deps: ShowingDeps, request: RouteRequest<typeof api.followUp>) {
  const { before, showing, message } = await followUp(
    deps,
    request.params.id,
    request.body.followUp,
  );
  request.auditEntry = {
    targetType: "showing",
    targetId: showing.id,
    propertyId: showing.unit.propertyId,
    detail: { followUp: request.body.followUp },
    changes: { followUp: { before, after: showing.followUp } },
  };
  return { showing, message };
}

const unitNotFound = () => notFound(showingMessages.unitNotFound);

/** 409 to a booking or a move whose time is gone: the words, and the next open times. */
const slotTaken = (reply: FastifyReply, slots: { start: string; end: string }[]) =>
  reply.code(409).send({ error: "slot_taken", message: showingMessages.slotTaken, slots });

function propertyIdOf(value: string): number {
  const id = parseId(value);
  if (id === null) throw notFound(showingMessages.propertyNotFound);
  return id;
}

async function slots(deps: ShowingDeps, request: RouteRequest<typeof api.slots>) {
  const id = parseId(request.params.id);
  const answer = id === null ? null : await listSlots(deps, id);
  if (!answer) throw unitNotFound();
  return answer;
}

async function booking(
  deps: ShowingDeps,
  request: RouteRequest<typeof api.book>,
  reply: FastifyReply,
) {
  const id = parseId(request.params.id);
  const result = id === null ? null : await book(deps, id, request.body);
  if (!result) throw unitNotFound();
  if ("noHours" in result) throw conflict(showingMessages.noHours);
  if ("taken" in result) return slotTaken(reply, result.taken);
  reply.code(201);
  return result.booked;
}

async function cancel(deps: ShowingDeps, request: RouteRequest<typeof api.cancel>) {
  if (!(await cancelByToken(deps, request.params.token)))
    throw notFound(showingMessages.linkInvalid);
  return { success: true as const, message: showingMessages.cancelled };
}

async function move(
  deps: ShowingDeps,
  request: RouteRequest<typeof api.move>,
  reply: FastifyReply,
) {
  const result = await moveByToken(deps, request.params.token, request.body.start);
  if (!result) throw notFound(showingMessages.linkInvalid);
  if ("taken" in result) return slotTaken(reply, result.taken);
  return {
    success: true as const,
    message: showingMessages.moved,
    path: `/showings/${result.moved}`,
  };
}

async function saveHours(deps: ShowingDeps, request: RouteRequest<typeof api.putHours>) {
  const propertyId = propertyIdOf(request.params.id);
  const { before, after } = await setHours(deps, propertyId, request.body);
  request.auditEntry = {
    targetType: "property",
    targetId: propertyId,
    propertyId,
    changes: { showingHours: { before, after: request.body } },
  };
  return after;
}
