import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { adminMessages } from "#domain/admin";
import { adminPropertiesApi as api, NEXT_CURSOR_HEADER } from "#domain/api/admin-properties";
import { parseId } from "#domain/listing-format";
import type { Db } from "#server/db/client";
import { type RouteRequest, route } from "#server/http/route";
import type { ObjectStore } from "#server/storage/object-store";
import { imageNotFound, propertyNotFound, unitNotFound } from "./admin-properties.errors";
import * as service from "./admin-properties.service";

type Deps = { db: Db; store: ObjectStore };

/** The back office's buildings, units and photos. */
export const adminPropertiesRoutes =
  (deps: Deps): FastifyPluginAsync =>
  async (app) => {
    route(app, api.list, (request, reply) => listProperties(deps, request, reply));
    route(app, api.stats, () => service.propertyStats(deps));
    route(app, api.choices, (request) => service.buildingChoices(deps, request.query));
    route(app, api.unitsToConfirm, (request) => service.unitsToConfirm(deps, request.query));
    route(app, api.createProperty, (request) => createProperty(deps, request));
    route(app, api.updateProperty, (request) => updateProperty(deps, request), {
      preValidation: noteSentVacancy,
    });
    route(app, api.deleteProperty, (request) => deleteProperty(deps, request));
    route(app, api.deletePropertyImage, (request) => deletePropertyImage(deps, request));
    route(app, api.createUnit, (request) => createUnit(deps, request));
    route(app, api.updateUnit, (request) => updateUnit(deps, request));
    route(app, api.confirmAvailability, (request) => confirmAvailability(deps, request));
    route(app, api.deleteUnit, (request) => deleteUnit(deps, request));
    route(app, api.deleteUnitImage, (request) => deleteUnitImage(deps, request));
    route(app, api.updateImageAlt, (request) => updateImageAlt(deps, request));
  };

/**
 * The edit form does not send hasVacancy and the shared schema defaults it to false; a PUT
 * without it must keep the stored flag, so whether it was sent is noted before validation fills
 * in the default.
 */
const sentVacancy = new WeakSet<FastifyRequest>();
async function noteSentVacancy(request: FastifyRequest) {
  const body = request.body;
  if (typeof body === "object" && body !== null && "hasVacancy" in body) sentVacancy.add(request);
}

/**
 * A page of buildings: the answer is the bare array, and the next page's address goes in the
 * headers (X-Next-Cursor with the cursor alone, Link rel="next" with the whole address).
 */
async function listProperties(
  deps: Deps,
  request: RouteRequest<typeof api.list>,
  reply: FastifyReply,
) {
  const page = await service.listAdminProperties(deps, request.query);
  if (page.nextCursor !== null) {
    const next = new URLSearchParams();
    if (request.query.q) next.set("q", request.query.q);
    next.set("limit", String(request.query.limit));
    next.set("cursor", page.nextCursor);
    reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
    reply.header("link", `<${api.list.path}?${next}>; rel="next"`);
  }
  return page.items;
}

/** An id from the URL or the body, or the given 404: a malformed id is never found. */
function idOr(value: string, missing: () => Error): number {
  const id = parseId(value);
  if (id === null) throw missing();
  return id;
}

/** The signed-in administrator, as a fair-housing review names who acknowledged it. */
const actorOf = (request: FastifyRequest) => request.user?.email ?? "unknown";

const done = (message: string) => ({ success: true as const, message });

async function createProperty(deps: Deps, request: RouteRequest<typeof api.createProperty>) {
  const save = { values: request.body, actor: actorOf(request) };
  const { property, audit } = await service.createProperty(deps, save);
  request.auditEntry = audit;
  return property;
}

async function updateProperty(deps: Deps, request: RouteRequest<typeof api.updateProperty>) {
  const id = idOr(request.params.id, propertyNotFound);
  const { body } = request;
  const values = { ...body, hasVacancy: sentVacancy.has(request) ? body.hasVacancy : undefined };
  const { property, audit } = await service.updateProperty(deps, id, {
    values,
    actor: actorOf(request),
  });
  request.auditEntry = audit;
  return property;
}

async function deleteProperty(deps: Deps, request: RouteRequest<typeof api.deleteProperty>) {
  const id = idOr(request.params.id, propertyNotFound);
  const { audit } = await service.deleteProperty({ ...deps, log: request.log }, id);
  request.auditEntry = audit;
  return done(adminMessages.propertyDeleted);
}

async function deletePropertyImage(
  deps: Deps,
  request: RouteRequest<typeof api.deletePropertyImage>,
) {
  const propertyId = idOr(request.params.id, propertyNotFound);
  const imageId = idOr(request.params.imageId, imageNotFound);
  const fileDeps = { ...deps, log: request.log };
  const { audit } = await service.deleteImage(fileDeps, imageId, { propertyId });
  request.auditEntry = audit;
  return done(adminMessages.imageRemoved);
}

/** The schema has refused a missing building; an id beyond the database's is not found. */
async function createUnit(deps: Deps, request: RouteRequest<typeof api.createUnit>) {
  const { propertyId, ...values } = request.body;
  const id = idOr(String(propertyId), propertyNotFound);
  const { unit, audit } = await service.createUnit(deps, id, { values, actor: actorOf(request) });
  request.auditEntry = audit;
  return unit;
}

async function updateUnit(deps: Deps, request: RouteRequest<typeof api.updateUnit>) {
  const id = idOr(request.params.id, unitNotFound);
  const save = { values: request.body, actor: actorOf(request) };
  const { unit, audit } = await service.updateUnit(deps, id, save);
  request.auditEntry = audit;
  return unit;
}

async function confirmAvailability(
  deps: Deps,
  request: RouteRequest<typeof api.confirmAvailability>,
) {
  const id = idOr(request.params.id, unitNotFound);
  const { unit, audit } = await service.confirmAvailability(deps, id);
  request.auditEntry = audit;
  return unit;
}

async function deleteUnit(deps: Deps, request: RouteRequest<typeof api.deleteUnit>) {
  const id = idOr(request.params.id, unitNotFound);
  const { audit } = await service.deleteUnit({ ...deps, log: request.log }, id);
  request.auditEntry = audit;
  return done(adminMessages.unitDeleted);
}

async function deleteUnitImage(deps: Deps, request: RouteRequest<typeof api.deleteUnitImage>) {
  const unitId = idOr(request.params.unitId, unitNotFound);
  const imageId = idOr(request.params.imageId, imageNotFound);
  const fileDeps = { ...deps, log: request.log };
  const { audit } = await service.deleteImage(fileDeps, imageId, { unitId });
  request.auditEntry = audit;
  return done(adminMessages.imageRemoved);
}

async function updateImageAlt(deps: Deps, request: RouteRequest<typeof api.updateImageAlt>) {
  const id = idOr(request.params.id, imageNotFound);
  const { image, audit } = await service.updateImageAlt(deps, id, request.body, actorOf(request));
  request.auditEntry = audit;
  return image;
}
