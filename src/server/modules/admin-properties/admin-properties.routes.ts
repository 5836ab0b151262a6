import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { adminMessages } from "#domain/admin";
import { adminPropertiesApi as api } from "#domain/api/admin-properties";
import type { ListingWording } from "#domain/fair-housing";
import { parseId } from "#domain/listing-format";
import { changesOf } from "#server/audit/audit-log";
import type { Db } from "#server/db/client";
import { route } from "#server/http/route";
import type { ObjectStore } from "#server/storage/storage";
import type { ImageRow } from "../properties/properties.queries";
import { imageNotFound, propertyNotFound, unitNotFound } from "./admin-properties.errors";
import {
  confirmAvailability,
  createProperty,
  createUnit,
  deleteImage,
  deleteProperty,
  deleteUnit,
  getAdminProperty,
  getAdminUnit,
  listAdminProperties,
  updateImageAlt,
  updateProperty,
  updateUnit,
} from "./admin-properties.service";
import { reviewWording } from "./fair-housing-review";

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

/**
 * The fair-housing review of a save, by the signed-in administrator. An edit that leaves the
 * Spanish description out keeps the stored one, so that one is checked as it stands.
 */
function reviewOf(
  request: FastifyRequest,
  acknowledged: boolean | undefined,
  wording: ListingWording,
  before?: { descriptionEs: string | null } | null,
) {
  const descriptionEs =
    wording.descriptionEs === undefined ? before?.descriptionEs : wording.descriptionEs;
  return reviewWording(
    { ...wording, descriptionEs },
    acknowledged,
    request.user?.email ?? "unknown",
  );
}

/**
 * A building's or a unit's own fields, as the audit trail compares them: not its photos, units
 * or timestamps (a photo has events of its own, and every save moves the timestamps).
 */
function fieldsOf(record: object): Record<string, unknown> {
  const skipped = new Set(["id", "images", "units", "createdAt", "updatedAt"]);
  return Object.fromEntries(Object.entries(record).filter(([key]) => !skipped.has(key)));
}

const imageRemoved = (image: ImageRow, propertyId: number) => ({
  targetType: "image",
  targetId: image.id,
  propertyId,
  changes: changesOf({ filename: image.filename, alt: image.alt }, null),
});

/** The back office's buildings, units and photos. */
export const adminPropertiesRoutes =
  (deps: { db: Db; store: ObjectStore }): FastifyPluginAsync =>
  async (app) => {
    route(app, api.list, async () => listAdminProperties(deps));

    route(app, api.createProperty, async (request) => {
      const { fairHousingAcknowledged, ...values } = request.body;
      const fairHousingReview = reviewOf(request, fairHousingAcknowledged, {
        ...values,
        lines: { field: "amenities", values: values.amenities },
      });
      const created = await createProperty(deps, { ...values, fairHousingReview });
      request.auditEntry = {
        targetId: created.id,
        propertyId: created.id,
        changes: changesOf(null, fieldsOf(created)),
      };
      return created;
    });

    route(
      app,
      api.updateProperty,
      async (request) => {
        const id = idOr(request.params.id, propertyNotFound);
        const { hasVacancy, fairHousingAcknowledged, ...values } = request.body;
        const before = await getAdminProperty(deps, id);
        const fairHousingReview = reviewOf(
          request,
          fairHousingAcknowledged,
          { ...values, lines: { field: "amenities", values: values.amenities } },
          before,
        );
        const after = await updateProperty(deps, id, {
          ...values,
          fairHousingReview,
          hasVacancy: sentVacancy.has(request) ? hasVacancy : undefined,
        });
        request.auditEntry = {
          propertyId: id,
          changes: changesOf(before && fieldsOf(before), fieldsOf(after)),
        };
        return after;
      },
      { preValidation: noteSentVacancy },
    );

    route(app, api.deleteProperty, async (request) => {
      const id = idOr(request.params.id, propertyNotFound);
      const before = await getAdminProperty(deps, id);
      await deleteProperty({ ...deps, log: request.log }, id);
      request.auditEntry = {
        propertyId: id,
        changes: before && changesOf(fieldsOf(before), null),
        detail: before && { units: before.units.length, images: before.images.length },
      };
      return done(adminMessages.propertyDeleted);
    });

    route(app, api.deletePropertyImage, async (request) => {
      const propertyId = idOr(request.params.id, propertyNotFound);
      const imageId = idOr(request.params.imageId, imageNotFound);
      const { image } = await deleteImage({ ...deps, log: request.log }, imageId, { propertyId });
      request.auditEntry = imageRemoved(image, propertyId);
      return done(adminMessages.imageRemoved);
    });

    route(app, api.createUnit, async (request) => {
      // The schema has refused a missing building (the type still says nullable); an id
      // beyond the database's integers is simply not found.
      const { propertyId, fairHousingAcknowledged, ...unit } = request.body;
      const id = propertyId === null ? null : parseId(String(propertyId));
      if (id === null) throw propertyNotFound();
      const fairHousingReview = reviewOf(request, fairHousingAcknowledged, {
        ...unit,
        lines: { field: "features", values: unit.features },
      });
      const created = await createUnit(deps, { ...unit, fairHousingReview, propertyId: id });
      request.auditEntry = {
        targetId: created.id,
        propertyId: id,
        changes: changesOf(null, fieldsOf(created)),
      };
      return created;
    });

    route(app, api.updateUnit, async (request) => {
      const id = idOr(request.params.id, unitNotFound);
      const { fairHousingAcknowledged, ...unit } = request.body;
      const before = await getAdminUnit(deps, id);
      const fairHousingReview = reviewOf(
        request,
        fairHousingAcknowledged,
        { ...unit, lines: { field: "features", values: unit.features } },
        before,
      );
      const after = await updateUnit(deps, id, { ...unit, fairHousingReview });
      request.auditEntry = {
        propertyId: after.propertyId,
        changes: changesOf(before && fieldsOf(before), fieldsOf(after)),
      };
      return after;
    });

    route(app, api.confirmAvailability, async (request) => {
      const id = idOr(request.params.id, unitNotFound);
      const { unit, previous } = await confirmAvailability(deps, id);
      request.auditEntry = {
        propertyId: unit.propertyId,
        changes: changesOf(
          { availabilityConfirmedAt: previous },
          { availabilityConfirmedAt: unit.availabilityConfirmedAt },
        ),
      };
      return unit;
    });

    route(app, api.deleteUnit, async (request) => {
      const id = idOr(request.params.id, unitNotFound);
      const before = await getAdminUnit(deps, id);
      await deleteUnit({ ...deps, log: request.log }, id);
      request.auditEntry = {
        propertyId: before?.propertyId ?? null,
        changes: before && changesOf(fieldsOf(before), null),
      };
      return done(adminMessages.unitDeleted);
    });

    route(app, api.deleteUnitImage, async (request) => {
      const unitId = idOr(request.params.unitId, unitNotFound);
      const imageId = idOr(request.params.imageId, imageNotFound);
      const { image, propertyId } = await deleteImage({ ...deps, log: request.log }, imageId, {
        unitId,
      });
      request.auditEntry = { ...imageRemoved(image, propertyId), detail: { unitId } };
      return done(adminMessages.imageRemoved);
    });

    route(app, api.updateImageAlt, async (request) => {
      const id = idOr(request.params.id, imageNotFound);
      const { image, previousAlt, propertyId } = await updateImageAlt(deps, id, request.body.alt);
      request.auditEntry = {
        propertyId,
        changes: changesOf({ alt: previousAlt }, { alt: image.alt }),
      };
      return image;
    });
  };
