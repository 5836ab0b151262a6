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
    route(app, adminPropertiesApi.uploadImages, async (request) =>
      uploadImages(
        deps,
        request.parts({ limits: adminPropertiesApi.uploadImages.multipart.limits }),
      ),
    );
  };
