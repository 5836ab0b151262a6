import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { MAX_ERROR_DETAILS } from "#domain/api/contract";
import { messages } from "#domain/messages";
import { type AppError, isAppError, isBadDataError, RetryLaterError } from "./errors";
import { outageError } from "./outages";

type ErrorBody = { error: string; message: string; details?: AppError["details"] };

/** Fastify's own 4xx codes, named for clients (the message itself is Fastify's and safe). */
const fastifyCodes: Record<number, string> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  406: "not_acceptable",
  413: "payload_too_large",
  414: "uri_too_long",
  415: "unsupported_media_type",
  429: "too_many_requests",
};

function pathOf(instancePath: string): string {
  return instancePath.replace(/^\//, "").replaceAll("/", ".");
}

/**
 * Fastify's `frameworkErrors` option: errors raised before any route is chosen (a URL whose
 * percent-escapes do not decode, such as `/api/properties/%zz`; a parameter over the router's
 * length limit) skip setErrorHandler, and Fastify would answer them in its own shape
 * ({error: "Bad Request", code, statusCode}, echoing the URL). They get the API's format too.
 * No route's hooks run for them (helmet's neither), so the headers a JSON error needs are set here.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const status = error.statusCode ?? 500;
  reply
    .header("x-content-type-options", "nosniff")
    .header(
      "content-security-policy",
      "default-src 'none'; base-uri 'none'; object-src 'none'; frame-ancestors 'none'",
    )
    .header("x-frame-options", "DENY")
    .header("referrer-policy", "strict-origin-when-cross-origin");
  if (status >= 500) {
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send({ error: "internal", message: messages.server.internal });
  }
  const code = fastifyCodes[status] ?? "bad_request";
  request.log.info({ status, code }, "request refused");
  return reply.status(status).send({ error: code, message: messages.server.badRequest });
}

/**
 * One place decides what a client sees of an error: public errors as {error, message, details?},
 * validation failures as 400 with one detail per problem, a service away as 503 with Retry-After
 * and a full disk as 507 (outages.ts), everything else as a plain 500 logged with its request
 * id. No stack, SQL or internal message ever reaches a response.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // An answer already on its way (a download whose client left mid-stream, a store that
    // failed mid-body): nothing more can be said to the client, so nothing is sent again (that
    // would be "Reply was already sent", logged with the URL and its token); the connection ends.
    if (reply.sent || reply.raw.headersSent) {
      const clientLeft = request.raw.destroyed || error.code === "ERR_STREAM_PREMATURE_CLOSE";
      if (clientLeft)
        request.log.info({ route: request.routeOptions.url }, "client left mid-answer");
      else request.log.warn({ err: error, route: request.routeOptions.url }, "answer cut short");
      reply.raw.destroy();
      return;
    }
    let status = 500;
    let body: ErrorBody = { error: "internal", message: messages.server.internal };
    // A service away or a full disk: a 503 to retry or a 507, never a 500 (see outages.ts).
    const publicError = isAppError(error) ? error : outageError(error);

    if (publicError) {
      status = publicError.statusCode;
      if (publicError instanceof RetryLaterError && publicError.retryAfterSeconds) {
        reply.header("retry-after", String(publicError.retryAfterSeconds));
      }
      body = {
        error: publicError.code,
        message: publicError.message,
        details: publicError.details,
      };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      const details = error.validation.slice(0, MAX_ERROR_DETAILS).map((issue) => ({
        path: pathOf(issue.instancePath),
        msg: issue.message ?? "Invalid value",
      }));
      body = { error: "validation_failed", message: details[0]?.msg ?? "Invalid input", details };
    } else if (isBadDataError(error)) {
      status = 400;
      body = { error: "bad_request", message: messages.server.badData };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { error: fastifyCodes[status] ?? "bad_request", message: error.message };
    }

    if (status >= 500) request.log.error({ err: error }, "request failed");
    else request.log.info({ status, code: body.error }, "request refused");

    if (body.details === undefined) delete body.details;
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler((_request, reply) => {
    reply.status(404).send({ error: "not_found", message: messages.server.notFound });
  });
}
