import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { adminMessages } from "#domain/admin";
import { adminPropertiesApi as api } from "#domain/api/admin-properties";
import { parseId } from "#domain/listing-format";
import type { Db } from "#server/db/client";
import { route } from "#server/http/route";
import type { ObjectStore } from "#server/storage/storage";
import { imageNotFound, propertyNotFound, unitNotFound } from "./admin-properties.errors";
import {
  createProperty,
  createUnit,
  deleteImage,
  deleteProperty,
  deleteUnit,
  listAdminProperties,
  updateImageAlt,
  updateProperty,
  updateUnit,
} from "./admin-properties.service";

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

/** Parses an id from the URL, or throws the given 404: a malformed id is never found. */
function idOr(value: string, missing: () => Error): number {
  const id = parseId(value);
  if (id === null) throw missing();
  return id;
}

const done = (message: string) => ({ success: true as const, message });

/** The back office's buildings, units and photos. */
export const adminPropertiesRoutes =
  (deps: { db: Db; store: ObjectStore }): FastifyPluginAsync =>
  async (app) => {
    route(app, api.list, async () => listAdminProperties(deps));

    route(app, api.createProperty, async (request) => createProperty(deps, request.body));

    route(
      app,
      api.updateProperty,
      async (request) => {
        const { hasVacancy, ...values } = request.body;
        return updateProperty(deps, idOr(request.params.id, propertyNotFound), {
          ...values,
          hasVacancy: sentVacancy.has(request) ? hasVacancy : undefined,
        });
      },
      { preValidation: noteSentVacancy },
    );

    route(app, api.deleteProperty, async (request) => {
      const id = idOr(request.params.id, propertyNotFound);
      await deleteProperty({ ...deps, log: request.log }, id);
      return done(adminMessages.propertyDeleted);
    });

    route(app, api.deletePropertyImage, async (request) => {
      const propertyId = idOr(request.params.id, propertyNotFound);
      const imageId = idOr(request.params.imageId, imageNotFound);
      await deleteImage({ ...deps, log: request.log }, imageId, { propertyId });
      return done(adminMessages.imageRemoved);
    });

    route(app, api.createUnit, async (request) => {
      // The schema has refused a missing building (the type still says nullable); an id
      // beyond the database's integers is simply not found.
      const { propertyId, ...unit } = request.body;
      const id = propertyId === null ? null : parseId(String(propertyId));
      if (id === null) throw propertyNotFound();
      return createUnit(deps, { ...unit, propertyId: id });
    });

    route(app, api.updateUnit, async (request) =>
      updateUnit(deps, idOr(request.params.id, unitNotFound), request.body),
    );

    route(app, api.deleteUnit, async (request) => {
      await deleteUnit({ ...deps, log: request.log }, idOr(request.params.id, unitNotFound));
      return done(adminMessages.unitDeleted);
    });

    route(app, api.deleteUnitImage, async (request) => {
      const unitId = idOr(request.params.unitId, unitNotFound);
      const imageId = idOr(request.params.imageId, imageNotFound);
      await deleteImage({ ...deps, log: request.log }, imageId, { unitId });
      return done(adminMessages.imageRemoved);
    });

    route(app, api.updateImageAlt, async (request) =>
      updateImageAlt(deps, idOr(request.params.id, imageNotFound), request.body.alt),
    );
  };
