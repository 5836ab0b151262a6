import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preValidationHookHandler,
} from "fastify";
import type { Contract, ParsedInput, SuccessBody } from "#domain/api/contract";
import { isRaw, type Resource, successStatus } from "#domain/api/wire";
import type { z } from "#domain/zod";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The contract a route was registered from (absent on the app's few non-API routes). */
    contract?: Contract;
  }
  interface FastifyInstance {
    /** Empties what the server caches for a family of data (set up by buildApp). */
    invalidate: (resource: Resource) => void;
  }
}

export type RouteRequest<C extends Contract> = FastifyRequest<{
  Params: ParsedInput<C>["params"];
  Querystring: ParsedInput<C>["query"];
  Body: ParsedInput<C>["body"];
}>;

/**
 * A handler returns the body of its contract's success answer (sent with that status), or the
 * reply itself when it answered on its own (a stream, a redirect, a 304, another status).
 */
export type RouteHandler<C extends Contract> = (
  request: RouteRequest<C>,
  reply: FastifyReply,
) => Promise<SuccessBody<C> | FastifyReply>;

/** How a route is served, beyond its API shape: limits and transport. */
export type RouteOptions = {
  /** Requests per minute from one address; false exempts the route from the global limit. */
  rateLimit?: number | false;
  bodyLimit?: number;
  /** False for bytes that go out as they are (a file download keeps its Content-Length). */
  compress?: false;
  preValidation?: preValidationHookHandler;
};

/**
 * Registers a route from its contract: its method and path, its guard (run onRequest, before the
 * body is read, so a refused upload is never parsed), the schemas that validate its input and
 * serialize its answers, and, for a write that succeeds, the invalidation of what it names
 * before the answer leaves.
 */
export function route<C extends Contract>(
  app: FastifyInstance,
  contract: C,
  handler: RouteHandler<C>,
  options: RouteOptions = {},
): void {
  const status = successStatus(contract);
  const response: Record<number, z.ZodType> = {};
  for (const [code, spec] of Object.entries(contract.responses)) {
    if (!isRaw(spec)) response[Number(code)] = spec;
  }
  const invalidates = contract.method === "GET" ? [] : contract.invalidates;
  app.route({
    method: contract.method,
    url: contract.path,
    onRequest: guardOf(app, contract),
    preValidation: options.preValidation,
    bodyLimit: options.bodyLimit,
    ...(options.compress === false ? { compress: false as const } : {}),
    config: {
      contract,
      ...(options.rateLimit === undefined
        ? {}
        : {
            rateLimit:
              options.rateLimit === false
                ? false
                : { max: options.rateLimit, timeWindow: "1 minute" },
          }),
    },
    schema: {
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      response,
    },
    onSend:
      invalidates.length === 0
        ? undefined
        : async (_request, reply, payload) => {
            if (reply.statusCode < 400)
              for (const resource of invalidates) app.invalidate(resource);
            return payload;
          },
    handler: async (request, reply) => {
      const result = await handler(request as RouteRequest<C>, reply);
      // A reply is thenable: a handler that returned it is awaited until it was sent, and gives
      // back undefined, not the reply. Sending again would only log "Reply was already sent".
      if (result === reply || reply.sent) return reply;
      return reply.status(status).send(result);
    },
  });
}

function guardOf(app: FastifyInstance, contract: Contract): onRequestHookHandler | undefined {
  switch (contract.guard) {
    case "public":
      return undefined;
    case "user":
      return app.guards.user;
    case "tenant":
      return app.guards.tenant;
    case "admin":
      return app.guards.admin;
  }
}
