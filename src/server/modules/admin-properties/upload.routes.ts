import type { FastifyPluginAsync } from "fastify";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import type { Db } from "#server/db/client";
import { type RouteRequest, route } from "#server/http/route";
import type { ObjectStore } from "#server/storage/object-store";
import { uploadParts } from "./upload.parts";
import * as service from "./upload.service";

type Deps = { db: Db; store: ObjectStore };

/** Photos of a building or a unit, one multipart request of up to 20 files. */
export const uploadRoutes =
  (deps: Deps): FastifyPluginAsync =>
  async (app) => {
    route(app, adminPropertiesApi.uploadImages, (request) => uploadImages(deps, request));
  };

async function uploadImages(
  deps: Deps,
  request: RouteRequest<typeof adminPropertiesApi.uploadImages>,
) {
  const parts = request.parts({ limits: adminPropertiesApi.uploadImages.multipart.limits });
  const { answer, audit } = await service.uploadImages(deps, uploadParts(parts));
  request.auditEntry = audit;
  return answer;
}
