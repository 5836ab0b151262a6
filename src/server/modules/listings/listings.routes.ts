import etag from "@fastify/etag";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { parseId } from "../../../domain/listing-format";
import {
  buildingDetailSchema,
  buildingFiltersSchema,
  buildingSchema,
  unitSchema,
} from "../../../domain/listings";
import type { Db } from "../../db/client";
import {
  buildingNotFound,
  getBuilding,
  getUnit,
  listBuildings,
  unitNotFound,
} from "./listings.service";

/** Browsers and proxies may reuse a listing briefly, then revalidate it with its ETag. */
const PUBLIC_CACHE = "public, max-age=60, stale-while-revalidate=300";

const errorSchema = z.object({ error: z.string(), message: z.string() });
const idParams = z.object({ id: z.string() });

/** The public listing API of PRODUCT-SPEC.md section 7. Public: no guard. */
export const listingsRoutes =
  (deps: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(etag);

    app.get(
      "/api/properties/buildings",
      {
        schema: { querystring: buildingFiltersSchema, response: { 200: z.array(buildingSchema) } },
      },
      async (request, reply) => {
        const { buildings } = await listBuildings(deps, request.query);
        reply.header("cache-control", PUBLIC_CACHE);
        return buildings;
      },
    );

    app.get(
      "/api/properties/buildings/:id",
      { schema: { params: idParams, response: { 200: buildingDetailSchema, 404: errorSchema } } },
      async (request, reply) => {
        const id = parseId(request.params.id);
        if (id === null) throw buildingNotFound();
        const { building } = await getBuilding(deps, id);
        reply.header("cache-control", PUBLIC_CACHE);
        return building;
      },
    );

    app.get(
      "/api/properties/:id",
      { schema: { params: idParams, response: { 200: unitSchema, 404: errorSchema } } },
      async (request, reply) => {
        const id = parseId(request.params.id);
        if (id === null) throw unitNotFound();
        const { unit } = await getUnit(deps, id);
        reply.header("cache-control", PUBLIC_CACHE);
        return unit;
      },
    );
  };
