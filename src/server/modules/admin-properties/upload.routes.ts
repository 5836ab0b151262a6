import type { FastifyPluginAsync } from "fastify";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import type { Db } from "#server/db/client";
import { route } from "#server/http/route";
import type { ObjectStore } from "#server/storage/storage";
import { uploadImages } from "./upload.service";

/** Photos of a building or a unit, one multipart request of up to 20 files. */
export const uploadRoutes =
  (deps: { db: Db; store: ObjectStore }): FastifyPluginAsync =>
  async (app) => {
    route(app, adminPropertiesApi.uploadImages, async (request) => {
      const { answer, owner, propertyId } = await uploadImages(
        deps,
        request.parts({ limits: adminPropertiesApi.uploadImages.multipart.limits }),
      );
      request.auditEntry = {
        targetType: "unitId" in owner ? "unit" : "property",
        targetId: "unitId" in owner ? owner.unitId : owner.propertyId,
        propertyId,
        detail: { count: answer.files.length, imageIds: answer.files.map((file) => file.id) },
      };
      return answer;
    });
  };
