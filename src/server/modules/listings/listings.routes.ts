import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { listingsApi } from "#domain/api/listings";
import { parseId } from "#domain/listing-format";
import type { Db } from "#server/db/client";
import { type ResponseCache, sendRepresentation } from "#server/http/response-cache";
import { type RouteRequest, route } from "#server/http/route";
import { cachedBuilding, cachedBuildingsPage, cachedUnit } from "./listings.cache";
import { buildingNotFound, unitNotFound } from "./listings.errors";

type Deps = { db: Db; cache: ResponseCache };

/** Browsers and proxies may reuse a listing briefly, then revalidate it with its ETag. */
const PUBLIC_CACHE = "public, max-age=60, stale-while-revalidate=300";

/**
 * The cached answers carry their compressed forms (sendRepresentation picks one): the
 * compression plugin's three hooks would only look at each answer and leave it as it is. What
 * else these routes answer (a 404, a refused query) is a small JSON, below its threshold.
 */
const PRECOMPRESSED = { compress: false } as const;

/**
 * The public listings. Answers come from the listing cache the pages read too (emptied by every
 * write that invalidates the listings), with an ETag for 304s.
 */
export const listingsRoutes =
  (deps: Deps): FastifyPluginAsync =>
  async (app) => {
    route(
      app,
      listingsApi.listBuildings,
      (request, reply) => sendBuildings(deps, request, reply),
      PRECOMPRESSED,
    );
    route(
      app,
      listingsApi.getBuilding,
      (request, reply) => sendBuilding(deps, request, reply),
      PRECOMPRESSED,
    );
    route(
      app,
      listingsApi.getUnit,
      (request, reply) => sendUnit(deps, request, reply),
      PRECOMPRESSED,
    );
  };

async function sendBuildings(
  deps: Deps,
  request: RouteRequest<typeof listingsApi.listBuildings>,
  reply: FastifyReply,
) {
  const page = await cachedBuildingsPage(deps, request.query);
  if (page.nextCursor) reply.header("link", nextLink(request, page.nextCursor));
  return sendRepresentation(request, reply, page.json(), PUBLIC_CACHE);
}

/** The same question with the next page's cursor: `<path?query>; rel="next"`. */
function nextLink(request: RouteRequest<typeof listingsApi.listBuildings>, cursor: string) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query)) {
    if (value !== undefined && name !== "cursor") query.set(name, String(value));
  }
  query.set("cursor", cursor);
  return `<${listingsApi.listBuildings.path}?${query}>; rel="next"`;
}

/** A malformed id is never found. */
async function sendBuilding(
  deps: Deps,
  request: RouteRequest<typeof listingsApi.getBuilding>,
  reply: FastifyReply,
) {
  const id = parseId(request.params.id);
  const building = id === null ? null : await cachedBuilding(deps, id);
  if (!building) throw buildingNotFound();
  return sendRepresentation(request, reply, building.json(), PUBLIC_CACHE);
}

async function sendUnit(
  deps: Deps,
  request: RouteRequest<typeof listingsApi.getUnit>,
  reply: FastifyReply,
) {
  const id = parseId(request.params.id);
  const unit = id === null ? null : await cachedUnit(deps, id);
  if (!unit) throw unitNotFound();
  return sendRepresentation(request, reply, unit.json(), PUBLIC_CACHE);
}
