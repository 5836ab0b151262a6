import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ServerBuild } from "react-router";
import { NO_BODY_LIMIT } from "#domain/api/contract";
import { APPLICATION_STARTS_PER_MINUTE } from "#domain/applications";
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

/**
 * The pages that e-mail with their own POST, each with the limit of its API route: the privacy
 * page's "Ask for your data" (POST /api/privacy/requests); a unit's booking page and a showing's
 * page, which book, move or cancel (the API's booking limit); a building's waiting-list form and
 * the link's page (the join limit); a unit's Apply Now page with APPLY_NOW=online.
 */
const mailingPagePosts = [
  { paths: ["/privacy"], max: PRIVACY_REQUESTS_PER_MINUTE },
  { paths: ["/properties/:id/showing", "/showings/:token"], max: SHOWING_BOOKINGS_PER_MINUTE },
  { paths: ["/buildings/:id/waitlist", "/waitlist/:token"], max: WAITLIST_JOINS_PER_MINUTE },
  { paths: ["/properties/:id/apply"], max: APPLICATION_STARTS_PER_MINUTE },
];

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
    // Pages whose own POST (the browser's form, or React Router's `.data` request) e-mails
    // someone have the limit of the API route they stand for, per client and minute.
    for (const { paths, max } of mailingPagePosts) {
      for (const page of paths) {
        for (const url of [page, `${page}.data`, `/es${page}`, `/es${page}.data`]) {
          web.route({
            method: "POST",
            url,
            handler,
            config: { rateLimit: { max, timeWindow: "1 minute" } },
          });
        }
      }
    }
  });
}
