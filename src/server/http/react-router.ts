import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import { isbot } from "isbot";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { LoadContext } from "../../web/load-context";
import { scriptNonce } from "./csp";
import type { ResponseCache } from "./response-cache";
import type { WebServices } from "./web-services";

/** Turns a Fastify request into the Fetch API Request that React Router handles. */
function toWebRequest(request: FastifyRequest, reply: FastifyReply, abortable = true): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
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

async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
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
 * The public pages: the same HTML for every visitor (the session lives in the browser and is
 * applied after hydration), so their rendering is cached, as is their navigation data (`.data`).
 */
const PUBLIC_PAGE =
  /^\/(?:|properties|services|contact|accessibility|privacy|terms|_root|properties\/[^/]+|buildings\/[^/]+)(?:\.data)?$/;
const MAX_CACHED_URL = 300;

type RenderedPage = { status: number; headers: [string, string][]; body: string };

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

function sendPage(reply: FastifyReply, page: RenderedPage, placeholder: string) {
  reply.status(page.status);
  for (const [name, value] of page.headers) {
    if (name !== "content-length") reply.header(name, value);
  }
  // The cached HTML carries a placeholder where this response's nonce goes (the CSP header
  // names the fresh one): a nonce is never reused across responses.
  return reply.send(page.body.replaceAll(placeholder, scriptNonce(reply.raw)));
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

  return async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split("?")[0]!;
    const cacheable =
      cache !== undefined &&
      request.method === "GET" &&
      request.url.length <= MAX_CACHED_URL &&
      PUBLIC_PAGE.test(pathname);
    if (!cacheable) {
      const context: LoadContext = { cspNonce: scriptNonce(reply.raw), services };
      return sendWebResponse(reply, await handle(toWebRequest(request, reply), context));
    }

    const reader = isbot(request.headers["user-agent"] ?? "") ? "bot" : "browser";
    try {
      const page = await cache.get(`page:${reader}:${request.url}`, async () => {
        const context: LoadContext = { cspNonce: placeholder, services };
        const rendered = await renderPage(
          await handle(toWebRequest(request, reply, false), context),
        );
        const kept =
          (rendered.status === 200 || rendered.status === 404) &&
          !rendered.headers.some(([name]) => name === "set-cookie");
        if (!kept) throw new NotCacheable(rendered);
        return rendered;
      });
      return sendPage(reply, page, placeholder);
    } catch (error) {
      if (error instanceof NotCacheable) return sendPage(reply, error.page, placeholder);
      throw error;
    }
  };
}
