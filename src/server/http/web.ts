import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ServerBuild } from "react-router";
import { NO_BODY_LIMIT } from "#domain/api/contract";
import { PRIVACY_REQUESTS_PER_MINUTE } from "#domain/privacy";
import { SHOWING_BOOKINGS_PER_MINUTE } from "#domain/showings";
import { WAITLIST_JOINS_PER_MINUTE } from "#domain/waitlists";
import { clientBuildDir, projectRoot, serverBuildFile } from "../paths";
import { reactRouterHandler } from "./react-router";
import type { ResponseCache } from "./response-cache";
import type { WebServices } from "./web-services";

/**
 * `production`: the built client assets and the built server bundle (npm run build).
 * `development`: Vite in middleware mode, with hot reload. `none`: API only (API tests).
 */
export type WebMode = "production" | "development" | "none";

export class WebBuildMissingError extends Error {
  override name = "WebBuildMissingError";
}

export const YEAR_SECONDS = 365 * 24 * 60 * 60;

function cacheHeaders(reply: FastifyReply, filePath: string) {
  // Hashed file names change with their content: cache them for a year.
  const hashed = filePath.includes("/assets/");
  reply.header(
    "cache-control",
    hashed ? `public, max-age=${YEAR_SECONDS}, immutable` : "public, max-age=3600",
  );
}

async function productionHandler(
  web: FastifyInstance,
  services: WebServices,
  cache: ResponseCache,
) {
  if (!existsSync(serverBuildFile) || !existsSync(clientBuildDir)) {
    throw new WebBuildMissingError(
      "The web app is not built (build/ is missing): run npm run build.",
    );
  }
  await web.register(fastifyStatic, {
    root: clientBuildDir,
    wildcard: false,
    preCompressed: true,
    // build/client/.vite/ holds the build manifest: not for visitors.
    dotfiles: "deny",
    cacheControl: false,
    setHeaders: cacheHeaders,
  });
  // A file of the build that does not exist: a small 404, not the not-found page (65 KB to
  // render), so that requests for made-up asset names cost next to nothing. They count toward
  // the rate limit like every request.
  web.route({
    method: "GET",
    url: "/assets/*",
    bodyLimit: NO_BODY_LIMIT,
    handler: async (_request, reply) =>
      reply.code(404).header("cache-control", "no-store").type("text/plain").send("Not found"),
  });
  const build = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
  return reactRouterHandler(build, "production", services, cache);
}

async function developmentHandler(web: FastifyInstance, services: WebServices) {
  const [{ createServer }, { default: middie }] = await Promise.all([
    import("vite"),
    import("@fastify/middie"),
  ]);
  const vite = await createServer({
    root: projectRoot,
    server: { middlewareMode: true },
    appType: "custom",
  });
  web.addHook("onClose", () => vite.close());
  await web.register(middie);
  web.use(vite.middlewares);
  return reactRouterHandler(
    () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    "development",
    services,
  );
}

/** Production pages are cached in `cache`; development renders every request afresh. */
export async function registerWeb(
  app: FastifyInstance,
  mode: WebMode,
  services: WebServices,
  cache: ResponseCache,
) {
  if (mode === "none") return;
  await app.register(async (web) => {
    // React Router actions read the request body themselves, as a stream.
    web.removeAllContentTypeParsers();
    web.addContentTypeParser("*", (_request, _payload, done) => done(null));
    const handler =
      mode === "production"
        ? await productionHandler(web, services, cache)
        : await developmentHandler(web, services);
    web.route({ method: ["GET", "POST", "PUT", "PATCH", "DELETE"], url: "/*", handler });
    // The privacy page's "Ask for your data" sent as the page's own POST (the browser's form, or
    // React Router's `.data` request): each e-mails a link, so it has the API route's limit of
    // requests a minute per client, as POST /api/privacy/requests has.
    for (const url of ["/privacy", "/privacy.data", "/es/privacy", "/es/privacy.data"]) {
      web.route({
        method: "POST",
        url,
        handler,
        config: { rateLimit: { max: PRIVACY_REQUESTS_PER_MINUTE, timeWindow: "1 minute" } },
      });
    }
    // A unit's booking page books with its own POST, and a showing's page moves or cancels it:
    // each e-mails the renter, so each has the limit of the API's booking route per client.
    for (const url of [
      "/properties/:id/showing",
      "/properties/:id/showing.data",
      "/es/properties/:id/showing",
      "/es/properties/:id/showing.data",
      "/showings/:token",
      "/showings/:token.data",
      "/es/showings/:token",
      "/es/showings/:token.data",
    ]) {
      web.route({
        method: "POST",
        url,
        handler,
        config: { rateLimit: { max: SHOWING_BOOKINGS_PER_MINUTE, timeWindow: "1 minute" } },
      });
    }
    // A building's waiting-list form e-mails its link, and the link's page answers: each has the
    // API's join limit per client.
    for (const url of [
      "/buildings/:id/waitlist",
      "/buildings/:id/waitlist.data",
      "/es/buildings/:id/waitlist",
      "/es/buildings/:id/waitlist.data",
      "/waitlist/:token",
      "/waitlist/:token.data",
      "/es/waitlist/:token",
      "/es/waitlist/:token.data",
    ]) {
      web.route({
        method: "POST",
        url,
        handler,
        config: { rateLimit: { max: WAITLIST_JOINS_PER_MINUTE, timeWindow: "1 minute" } },
      });
    }
  });
}
