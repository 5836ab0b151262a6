import { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { LoadContext } from "../../web/load-context";
import { scriptNonce } from "./csp";
import type { WebServices } from "./web-services";

/** Turns a Fastify request into the Fetch API Request that React Router handles. */
function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const controller = new AbortController();
  reply.raw.on("close", () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
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

export function reactRouterHandler(
  build: ServerBuild | (() => Promise<ServerBuild>),
  mode: "production" | "development",
  services: WebServices,
) {
  const handle = createRequestHandler(build, mode);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const context: LoadContext = { cspNonce: scriptNonce(reply.raw), services };
    const response = await handle(toWebRequest(request, reply), context);
    return sendWebResponse(reply, response);
  };
}
