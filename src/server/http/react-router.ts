import { createHash, randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import { isbot } from "isbot";
import { createRequestHandler, type ServerBuild } from "react-router";
import { listPageCursor, listPageFilters, listPageQuery } from "#domain/listings";
import type { LoadContext } from "#server/http/load-context";
import { UNAVAILABLE_RETRY_SECONDS } from "./errors";
import { outageOf } from "./outages";
import {
  type Representation,
  type ResponseCache,
  represent,
  sendRepresentation,
} from "./response-cache";
import { isTokenPage } from "./token-paths";
import type { WebServices } from "./web-services";

/**
 * Turns a Fastify request into the Fetch API Request that React Router handles, for `path` (the
 * request's own path and query unless told otherwise).
 */
function toWebRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  abortable = true,
  path = request.url,
): Request {
  // An HTTP/1.0 request may name no host (a malformed one never gets here: see platform.ts).
  const url = new URL(path, `${request.protocol}://${request.host || "localhost"}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const controller = new AbortController();
  // A render shared through the cache must finish even if its first asker leaves.
  if (abortable) {
    reply.raw.on("close", () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
  }
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    body: hasBody ? (Readable.toWeb(request.raw) as ReadableStream) : undefined,
    // Node's fetch requires this for a streamed request body.
    ...(hasBody ? { duplex: "half" } : {}),
  } as RequestInit);
}

/**
 * The services for one request, noting whether a call failed because a service was away (the
 * database restarting): the pages catch such failures and show their error panel with a 500,
 * which `answerStatus` turns into a 503 with Retry-After, as the API answers.
 */
function watchOutages(services: WebServices) {
  const seen = { outage: false };
  const watch =
    <A extends unknown[], T>(call: (...args: A) => Promise<T>) =>
    async (...args: A): Promise<T> => {
      try {
        return await call(...args);
      } catch (error) {
        if (outageOf(error)) seen.outage = true;
        throw error;
      }
    };
  const { listings } = services;
  const watched: WebServices = {
    ...services,
    listings: {
      listBuildings: watch(listings.listBuildings),
      listBuildingsPage: watch(listings.listBuildingsPage),
      countBuildings: watch(listings.countBuildings),
      findBuilding: watch(listings.findBuilding),
      findUnit: watch(listings.findUnit),
    },
  };
  return { seen, services: watched };
}

/** A page that failed because a service was away says so: 503, and when to try again. */
function answerStatus(status: number, seen: { outage: boolean }) {
  return seen.outage && status >= 500
    ? { status: 503, retryAfter: String(UNAVAILABLE_RETRY_SECONDS) }
    : { status, retryAfter: undefined };
}

async function sendWebResponse(reply: FastifyReply, response: Response, seen: { outage: boolean }) {
  const { status, retryAfter } = answerStatus(response.status, seen);
  reply.status(status);
  if (retryAfter) reply.header("retry-after", retryAfter);
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream));
}

/**
 * The public pages, in English and in Spanish (`/es/...`): the same HTML for every visitor (the
 * session lives in the browser and is applied after hydration), so their rendering is cached, as
 * is their navigation data (`.data`; the home pages' is `/_root.data` and `/es.data`).
 */
const PUBLIC_PAGE =
  /^(?:\/(?:_root|es)?|(?:\/es)?\/(?:properties|services|contact|accessibility|privacy|terms|properties\/[^/]+|buildings\/[^/]+))(?:\.data)?$/;
const MAX_CACHED_URL = 300;

const LISTING_PAGE = /^(?:\/es)?\/properties(?:\.data)?$/;

/**
 * A public page's address as the page reads it, the key of its cached copy and the address it is
 * rendered for. Only the building list reads a query, its filters (written back as the list
 * understands them: `beds=02` is `beds=2`, a value it ignores is dropped, as are
 * `available=false`, which filters nothing, and `limit`, which the page does not use) and the
 * `cursor` of a later page;
 * navigation data (`.data`) keeps React Router's `_routes` too. Anything else in an address (a
 * campaign's `utm_source`, a social network's `fbclid`, a made-up parameter) changes nothing on
 * the page, so such addresses share the page's one copy instead of each being rendered and kept
 * apart (the cache keeps 1,000 answers, the least recently read going first). What still makes
 * copies of its own: each distinct filter value, each set of the app's routes in `_routes` and
 * each address answered 404, all within the rate limit. `undefined`: an address not worth
 * keeping (navigation data asking for no route of the app), rendered as sent. The HTML's links
 * carry the page's own query; once hydrated, the language switch writes the browser's address
 * (the same page either way).
 */
export function pageAddress(url: string, routeIds?: ReadonlySet<string>): string | undefined {
  const question = url.indexOf("?");
  if (question < 0) return url;
  const pathname = url.slice(0, question);
  const given = new URLSearchParams(url.slice(question + 1));
  const kept = LISTING_PAGE.test(pathname)
    ? listPageQuery(listPageFilters(given), listPageCursor(given))
    : new URLSearchParams();
  const routes = given.get("_routes");
  // An empty `_routes` is read as none given (every route's data): dropped, as if absent.
  if (pathname.endsWith(".data") && routes) {
    // The routes whose data is asked for, as React Router reads them: a set of ids, of which
    // only the app's own count. Written sorted, without repeats or ids of no route.
    const ids = [...new Set(routes.split(","))].filter((id) => routeIds?.has(id) ?? true).sort();
    // Asking for no known route is an answer with no data: not kept (an empty `_routes` would
    // mean every route's data).
    if (ids.length === 0) return undefined;
    kept.set("_routes", ids.join(","));
  }
  const query = kept.toString();
  return query === "" ? pathname : `${pathname}?${query}`;
}

type RenderedPage = { status: number; headers: [string, string][]; body: string };

/**
 * A public page prepared once: the HTML with no nonce in it, the hashes of its inline scripts
 * for the Content-Security-Policy (a hash allows exactly that script, as a nonce would), and
 * its compressed forms. The same bytes serve every visitor until the next write, with an ETag.
 */
type CachedPage = {
  status: number;
  headers: [string, string][];
  representation: Representation;
  scriptHashes: string[];
};

/** Thrown out of a cache computation so that a page that must not be kept is not. */
class NotCacheable extends Error {
  constructor(readonly page: RenderedPage) {
    super("not cacheable");
  }
}

async function renderPage(response: Response): Promise<RenderedPage> {
  return {
    status: response.status,
    headers: [...response.headers],
    body: await response.text(),
  };
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
const NOT_EXECUTED = /\btype="application\/(?:ld\+)?json"/;

/** The CSP sources that allow exactly the inline scripts of `html`. */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", content = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc=/.test(attributes) || NOT_EXECUTED.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(content).digest("base64")}'`);
  }
  return [...hashes];
}

function preparePage(rendered: RenderedPage, placeholder: string): CachedPage | null {
  const body = rendered.body.replaceAll(` nonce="${placeholder}"`, "");
  // A nonce anywhere else (inside a script's text, say) cannot be hashed away: not kept.
  if (body.includes(placeholder)) return null;
  const contentType =
    rendered.headers.find(([name]) => name === "content-type")?.[1] ?? "text/html; charset=utf-8";
  return {
    status: rendered.status,
    headers: rendered.headers.filter(
      ([name]) => !["content-length", "content-type", "content-encoding", "etag"].includes(name),
    ),
    representation: represent(body, contentType),
    scriptHashes: contentType.startsWith("text/html") ? inlineScriptHashes(body) : [],
  };
}

/** A page that could not be kept: its nonce placeholder becomes this response's nonce. */
function sendFresh(reply: FastifyReply, page: RenderedPage, placeholder: string) {
  reply.status(page.status);
  for (const [name, value] of page.headers) {
    if (name !== "content-length") reply.header(name, value);
  }
  return reply.send(page.body.replaceAll(placeholder, reply.scriptNonce()));
}

function sendCached(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
  for (const [name, value] of page.headers) reply.header(name, value);
  reply.allowScripts(page.scriptHashes);
  // Browsers keep the page and ask again each time; an unchanged page is a 304.
  return sendRepresentation(request, reply, page.representation, "no-cache", page.status);
}

export function reactRouterHandler(
  build: ServerBuild | (() => Promise<ServerBuild>),
  mode: "production" | "development",
  services: WebServices,
  cache?: ResponseCache,
) {
  const handle = createRequestHandler(build, mode);
  // Unguessable, so no text a page shows can contain it.
  const placeholder = `nonce-${randomBytes(18).toString("base64url")}`;
  // The routes navigation data may name (the development build changes: all of them then).
  const routeIds = typeof build === "function" ? undefined : new Set(Object.keys(build.routes));

  return async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split("?")[0]!;
    const address =
      request.method === "GET" && PUBLIC_PAGE.test(pathname)
        ? pageAddress(request.url, routeIds)
        : undefined;
    if (cache === undefined || address === undefined || address.length > MAX_CACHED_URL) {
      const { seen, services: watched } = watchOutages(services);
      const context: LoadContext = { cspNonce: reply.scriptNonce(), services: watched };
      // A page opened from an e-mailed link carries its secret in the address: no cache along
      // the way or on the device keeps it (a page may still say otherwise for itself).
      if (isTokenPage(pathname)) reply.header("cache-control", "no-store");
      return sendWebResponse(reply, await handle(toWebRequest(request, reply), context), seen);
    }

    const reader = isbot(request.headers["user-agent"] ?? "") ? "bot" : "browser";
    try {
      const page = await cache.get(`page:${reader}:${address}`, async () => {
        const { seen, services: watched } = watchOutages(services);
        const context: LoadContext = { cspNonce: placeholder, services: watched };
        const rendered = await renderPage(
          await handle(toWebRequest(request, reply, false, address), context),
        );
        const { status, retryAfter } = answerStatus(rendered.status, seen);
        if (retryAfter) {
          rendered.status = status;
          rendered.headers.push(["retry-after", retryAfter]);
        }
        // A page made while a service was away (the home page shows the failure in place, with
        // a 200) is sent fresh to whoever asked meanwhile, never kept for the next visitors.
        if (seen.outage) throw new NotCacheable(rendered);
        const kept =
          (rendered.status === 200 || rendered.status === 404) &&
          !rendered.headers.some(([name]) => name === "set-cookie");
        const prepared = kept ? preparePage(rendered, placeholder) : null;
        if (!prepared) throw new NotCacheable(rendered);
        return prepared;
      });
      return sendCached(request, reply, page);
    } catch (error) {
      if (error instanceof NotCacheable) return sendFresh(reply, error.page, placeholder);
      throw error;
    }
  };
}
