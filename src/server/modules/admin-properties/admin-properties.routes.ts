import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminMessages,
  imageAltSchema,
  propertyCreateSchema,
  propertyUpdateSchema,
  unitCreateSchema,
  unitUpdateSchema,
} from "#domain/admin";
import { parseId } from "#domain/listing-format";
import type { Db } from "#server/db/client";
import type { ObjectStore } from "#server/storage/storage";
import {
  adminImageSchema,
  adminPropertySchema,
  adminUnitSchema,
  doneSchema,
  errorSchema,
  idParams,
} from "./admin-properties.schemas";
import {
  createProperty,
  createUnit,
  deleteImage,
  deleteProperty,
  deleteUnit,
  imageNotFound,
  listAdminProperties,
  propertyNotFound,
  unitNotFound,
  updateImageAlt,
  updateProperty,
  updateUnit,
} from "./admin-properties.service";

/**
 * The spec's edit form does not send hasVacancy (PRODUCT-SPEC.md section 7) and the shared
 * schema defaults it to false; a PUT without it must keep the stored flag, so whether it was
 * sent is noted before validation fills in the default.
 */
const sentVacancy = new WeakSet<FastifyRequest>();
async function noteSentVacancy(request: FastifyRequest) {
  const body = request.body;
  if (typeof body === "object" && body !== null && "hasVacancy" in body) sentVacancy.add(request);
}

const propertyImageParams = z.object({ id: z.string(), imageId: z.string() });
const unitImageParams = z.object({ unitId: z.string(), imageId: z.string() });

/** Parses an id from the URL, or throws the given 404: a malformed id is never found. */
function idOr(value: string, missing: () => Error): number {
  const id = parseId(value);
  if (id === null) throw missing();
  return id;
}

/** The admin property, unit and image API (PRODUCT-SPEC.md section 7). Administrators only. */
export const adminPropertiesRoutes =
  (deps: { db: Db; store: ObjectStore }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/admin/properties/admin",
      { onRequest: app.guards.admin, schema: { response: { 200: z.array(adminPropertySchema) } } },
      async () => listAdminProperties(deps),
    );

    app.post(
      "/api/admin/properties",
      {
        onRequest: app.guards.admin,
        schema: { body: propertyCreateSchema, response: { 201: adminPropertySchema } },
      },
      async (request, reply) => reply.status(201).send(await createProperty(deps, request.body)),
    );

    app.put(
      "/api/admin/properties/:id",
      {
        preValidation: noteSentVacancy,
        onRequest: app.guards.admin,
        schema: {
          params: idParams,
          body: propertyUpdateSchema,
          response: { 200: adminPropertySchema, 404: errorSchema },
        },
      },
      async (request) => {
        const { hasVacancy, ...values } = request.body;
        return updateProperty(deps, idOr(request.params.id, propertyNotFound), {
          ...values,
          hasVacancy: sentVacancy.has(request) ? hasVacancy : undefined,
        });
      },
    );

    app.delete(
      "/api/admin/properties/admin/:id",
      {
        onRequest: app.guards.admin,
        schema: { params: idParams, response: { 200: doneSchema, 404: errorSchema } },
      },
      async (request) => {
        await deleteProperty(
          { ...deps, log: request.log },
          idOr(request.params.id, propertyNotFound),
        );
        return { success: true as const, message: adminMessages.propertyDeleted };
      },
    );

    app.delete(
      "/api/admin/properties/:id/images/:imageId",
      {
        onRequest: app.guards.admin,
        schema: { params: propertyImageParams, response: { 200: doneSchema, 404: errorSchema } },
      },
      async (request) => {
        const propertyId = idOr(request.params.id, propertyNotFound);
        const imageId = idOr(request.params.imageId, imageNotFound);
        await deleteImage({ ...deps, log: request.log }, imageId, { propertyId });
        return { success: true as const, message: adminMessages.imageRemoved };
      },
    );

    app.post(
      "/api/admin/units",
      {
        onRequest: app.guards.admin,
        schema: { body: unitCreateSchema, response: { 201: adminUnitSchema } },
      },
      async (request, reply) => {
        // The schema has refused a missing building (the type still says nullable); an id
        // beyond the database's integers is simply not found.
        const { propertyId, ...unit } = request.body;
        const id = propertyId === null ? null : parseId(String(propertyId));
        if (id === null) throw propertyNotFound();
        return reply.status(201).send(await createUnit(deps, { ...unit, propertyId: id }));
      },
    );

    app.put(
      "/api/admin/units/:id",
      {
        onRequest: app.guards.admin,
        schema: {
          params: idParams,
          body: unitUpdateSchema,
          response: { 200: adminUnitSchema, 404: errorSchema },
        },
      },
      async (request) => updateUnit(deps, idOr(request.params.id, unitNotFound), request.body),
    );

    app.delete(
      "/api/admin/units/:id",
      {
        onRequest: app.guards.admin,
        schema: { params: idParams, response: { 200: doneSchema, 404: errorSchema } },
      },
      async (request) => {
        await deleteUnit({ ...deps, log: request.log }, idOr(request.params.id, unitNotFound));
        return { success: true as const, message: adminMessages.unitDeleted };
      },
    );

    app.delete(
      "/api/admin/units/:unitId/images/:imageId",
      {
        onRequest: app.guards.admin,
        schema: {
          params: unitImageParams,
          response: { 200: doneSchema, 404: errorSchema },
        },
      },
      async (request) => {
        const unitId = idOr(request.params.unitId, unitNotFound);
        const imageId = idOr(request.params.imageId, imageNotFound);
        await deleteImage({ ...deps, log: request.log }, imageId, { unitId });
        return { success: true as const, message: adminMessages.imageRemoved };
      },
    );

    app.patch(
      "/api/admin/images/:id",
      {
        onRequest: app.guards.admin,
        schema: {
          params: idParams,
          body: imageAltSchema,
          response: { 200: adminImageSchema, 404: errorSchema },
        },
      },
      async (request) =>
        updateImageAlt(deps, idOr(request.params.id, imageNotFound), request.body.alt),
    );
  };
