import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { parseId } from "#domain/listing-format";
import {
  buildingDetailSchema,
  buildingFiltersSchema,
  buildingSchema,
  unitSchema,
} from "#domain/listings";
import type { Db } from "#server/db/client";
import { idParams } from "#server/http/params";
import { type ResponseCache, represent, sendRepresentation } from "#server/http/response-cache";
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

/**
 * The public listing API of PRODUCT-SPEC.md section 7. Public: no guard. Answers come from the
 * response cache (emptied by every write to buildings, units or photos), with an ETag for 304s.
 */
export const listingsRoutes =
  (deps: { db: Db; cache: ResponseCache }): FastifyPluginAsyncZod =>
  async (app) => {
    const cached = (key: string, compute: () => Promise<unknown>) =>
      deps.cache.get(key, async () => represent(JSON.stringify(await compute())));

    app.get(
      "/api/properties/buildings",
      {
        schema: { querystring: buildingFiltersSchema, response: { 200: z.array(buildingSchema) } },
      },
      async (request, reply) => {
        const filters = request.query;
        const key = `api:buildings:${JSON.stringify([filters.limit, filters.beds, filters.maxRent, filters.available])}`;
        const body = await cached(key, async () => (await listBuildings(deps, filters)).buildings);
        return sendRepresentation(request, reply, body, PUBLIC_CACHE);
      },
    );

    app.get(
      "/api/properties/buildings/:id",
      { schema: { params: idParams, response: { 200: buildingDetailSchema, 404: errorSchema } } },
      async (request, reply) => {
        const id = parseId(request.params.id);
        if (id === null) throw buildingNotFound();
        const body = await cached(
          `api:building:${id}`,
          async () => (await getBuilding(deps, id)).building,
        );
        return sendRepresentation(request, reply, body, PUBLIC_CACHE);
      },
    );

    app.get(
      "/api/properties/:id",
      { schema: { params: idParams, response: { 200: unitSchema, 404: errorSchema } } },
      async (request, reply) => {
        const id = parseId(request.params.id);
        if (id === null) throw unitNotFound();
        const body = await cached(`api:unit:${id}`, async () => (await getUnit(deps, id)).unit);
        return sendRepresentation(request, reply, body, PUBLIC_CACHE);
      },
    );
  };
