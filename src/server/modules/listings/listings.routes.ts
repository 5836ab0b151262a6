import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { listingsApi } from "#domain/api/listings";
import { buildingFiltersKey, parseId } from "#domain/listing-format";
import type { Db } from "#server/db/client";
import { type ResponseCache, represent, sendRepresentation } from "#server/http/response-cache";
import { route } from "#server/http/route";
import { buildingNotFound, unitNotFound } from "./listings.errors";
import { getBuilding, getUnit, listBuildings } from "./listings.service";

/** Browsers and proxies may reuse a listing briefly, then revalidate it with its ETag. */
const PUBLIC_CACHE = "public, max-age=60, stale-while-revalidate=300";

/**
 * The cached answers carry their compressed forms (sendRepresentation picks one): the
 * compression plugin's three hooks would only look at each answer and leave it as it is. What
 * else these routes answer (a 404, a refused query) is a small JSON, below its threshold.
 */
const PRECOMPRESSED = { compress: false } as const;

/**
 * The public listings. Answers come from the response cache (emptied by every write that
 * invalidates the listings), with an ETag for 304s.
 */
export const listingsRoutes =
  (deps: { db: Db; cache: ResponseCache }): FastifyPluginAsync =>
  async (app) => {
    /** The cached representation under `key` (computed on a miss), with its ETag for 304s. */
    const answer = async (
      request: FastifyRequest,
      reply: FastifyReply,
      key: string,
      compute: () => Promise<unknown>,
    ) => {
      const body = await deps.cache.get(key, async () =>
        represent(JSON.stringify(await compute())),
      );
      return sendRepresentation(request, reply, body, PUBLIC_CACHE);
    };

    route(
      app,
      listingsApi.listBuildings,
      async (request, reply) =>
        answer(request, reply, `api:buildings:${buildingFiltersKey(request.query)}`, async () => {
          return (await listBuildings(deps, request.query)).buildings;
        }),
      PRECOMPRESSED,
    );

    route(
      app,
      listingsApi.getBuilding,
      async (request, reply) => {
        const id = parseId(request.params.id);
        if (id === null) throw buildingNotFound();
        return answer(request, reply, `api:building:${id}`, async () => {
          return (await getBuilding(deps, id)).building;
        });
      },
      PRECOMPRESSED,
    );

    route(
      app,
      listingsApi.getUnit,
      async (request, reply) => {
        const id = parseId(request.params.id);
        if (id === null) throw unitNotFound();
        return answer(request, reply, `api:unit:${id}`, async () => (await getUnit(deps, id)).unit);
      },
      PRECOMPRESSED,
    );
  };
