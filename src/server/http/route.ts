import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preParsingHookHandler,
  preValidationHookHandler,
} from "fastify";
import type { Contract, ParsedInput, SuccessBody } from "#domain/api/contract";
import { isRaw, type Resource, successStatus } from "#domain/api/wire";
import { messages } from "#domain/messages";
import type { z } from "#domain/zod";
import { type AuditEntry, type AuditLog, audit } from "#server/audit/audit-log";
import { AppError } from "./errors";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The contract a route was registered from (absent on the app's few non-API routes). */
    contract?: Contract;
    /** False: not counted by the app-wide rate limit (see RouteOptions). */
    appWideLimit?: false;
  }
  interface FastifyInstance {
    /** Empties what the server caches for a family of data (set up by buildApp). */
    invalidate: (resource: Resource) => void;
    /** The audit trail (set up by buildApp). */
    auditLog: AuditLog;
  }
  interface FastifyRequest {
    /** What an audited route's handler notes for its event: the record, what changed. */
    auditEntry?: Partial<Omit<AuditEntry, "action">>;
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
  /**
   * False leaves the route out of the app-wide limit (it keeps its own `rateLimit`): for what
   * infrastructure probes, such as a metrics scraper, which must not be locked out because its
   * address is busy. A route with `rateLimit: false` is left out of both.
   */
  appWideLimit?: false;
  /**
   * False for bytes that go out as they are (a file download keeps its Content-Length), or that
   * are compressed already (the response cache's answers).
   */
  compress?: false;
  preValidation?: preValidationHookHandler;
};

/**
 * Registers a route from its contract: its method and path, its body limit, its guard, the
 * schemas that validate its input and serialize its answers, and, for a write that succeeds,
 * the invalidation of what it names before the answer leaves.
 *
 * The guard runs preParsing: after the rate limit (onRequest) has counted the request, so that
 * refused requests count too, and before the body is read, so that a refused upload is never
 * parsed.
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
  // What a write answers (a session's token, say), what a guarded read answers (personal data)
  // and what a link's token opens (an alert's address and criteria) is never stored by a browser
  // or a proxy; a handler may still say otherwise.
  const noStore =
    contract.method !== "GET" || contract.guard !== "public" || contract.path.includes(":token");
  app.route({
    method: contract.method,
    url: contract.path,
    preParsing: [guardOf(app, contract), declaredSizeCheck(contract)].filter(
      (hook): hook is preParsingHookHandler => hook !== undefined,
    ),
    preValidation: options.preValidation,
    bodyLimit: contract.bodyLimit,
    ...(options.compress === false ? { compress: false as const } : {}),
    config: {
      contract,
      ...(options.appWideLimit === false || options.rateLimit === false
        ? { appWideLimit: false as const }
        : {}),
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
    // A success is audited and invalidates what it names before its answer leaves: also when
    // the handler sent the answer itself (a stream, whose end the handler would wait for), so
    // that nobody who has the answer can look and not find its audit event.
    onSend:
      invalidates.length === 0 && !contract.audit
        ? undefined
        : async (request, reply, payload) => {
            if (reply.statusCode >= 400) return payload;
            if (contract.audit) await recordAudit(contract, request);
            for (const resource of invalidates) app.invalidate(resource);
            return payload;
          },
    handler: async (request, reply) => {
      if (noStore) reply.header("cache-control", "no-store");
      const result = await handler(request as RouteRequest<C>, reply);
      // A reply is thenable: a handler that returned it is awaited until it was sent, and gives
      // back undefined, not the reply. Sending again would only log "Reply was already sent"
      // (with the URL, token and all): so too for a stream whose client left mid-way, whose
      // headers went out but which never ended.
      if (result === reply || reply.sent || reply.raw.headersSent) return reply;
      return reply.status(status).send(result);
    },
  });
}

function guardOf(app: FastifyInstance, contract: Contract): preParsingHookHandler | undefined {
  if (contract.guard === "public") return undefined;
  const guard = app.guards[contract.guard];
  return async (request, _reply, payload) => {
    await guard(request);
    return payload;
  };
}

/**
 * An upload's parts are read by the handler, not by Fastify's body parser, which is what applies
 * a route's body limit to a declared length: for an upload, a body that declares more than its
 * contract's limit is refused 413 here, before a byte of it is read. (Its parts are bounded by
 * the parser's own limits as they arrive.)
 */
function declaredSizeCheck(contract: Contract): preParsingHookHandler | undefined {
  if (!contract.multipart || contract.bodyLimit === undefined) return undefined;
  const limit = contract.bodyLimit;
  return async (request, _reply, payload) => {
    const declared = Number(request.headers["content-length"]);
    if (Number.isFinite(declared) && declared > limit) {
      throw new AppError(413, "payload_too_large", messages.server.bodyTooLarge);
    }
    return payload;
  };
}

/**
 * One audit event for a success of an audited route (a refusal is thrown before this): the
 * contract's action, the signed-in actor (an administrator's write, or a person's own sessions), the record (the path's id unless the handler named
 * another) and what the handler noted in `request.auditEntry` (the changes, the building).
 */
async function recordAudit(contract: Contract, request: FastifyRequest) {
  const action = contract.audit!;
  const params = request.params as Record<string, string> | undefined;
  await audit(request, {
    action,
    actor: { id: request.user?.uid ?? null, email: request.user?.email ?? null },
    // "unit.updated" concerns a unit; a handler names another kind when the action does not.
    targetType: action.split(".")[0],
    targetId: params?.id ?? null,
    ...request.auditEntry,
  });
}
