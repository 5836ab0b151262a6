import type { IncomingMessage } from "node:http";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { messages } from "#domain/messages";
import { AppError } from "./errors";

declare module "fastify" {
  interface FastifyRequest {
    /** Set when the body did not arrive in time: its rest is not waited for. */
    bodyTimedOut?: boolean;
    /** Set once an answer is on its way (its onSend hooks run): no other may start. */
    answering?: boolean;
    /** Set once the handler runs: it may be reading the body itself (an upload, a page). */
    handling?: boolean;
  }
}

/** Emitted on the raw request when its body's time is up (a drain under way stops waiting). */
export const BODY_TIMED_OUT = "rentals:body-timed-out";

/**
 * Whether the request declared a body and part of it is still unread. A request without
 * Content-Length or Transfer-Encoding has no body (HTTP/1.1), nor has one of length 0.
 */
export function hasUnreadBody(raw: IncomingMessage): boolean {
  if (raw.complete || raw.readableEnded) return false;
  const length = raw.headers["content-length"];
  return raw.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

/** An upload's extra time: a second for every this many bytes it declares. */
export const UPLOAD_BYTES_PER_SECOND = 64 * 1024;

/** Uploads are the routes whose body may be larger than any JSON form (a multipart body). */
const UPLOAD_THRESHOLD = 1024 * 1024;

/**
 * How long the body of `request` may take to arrive: `baseMs`, and for an upload that declares
 * its length (browsers always do) a second more per 64 KB of it, up to its route's limit, so a
 * renter sending a 20 MB document from a slow phone is not cut off while a body sent a byte at
 * a time is. A body of undeclared length (chunked) gets `baseMs` only.
 */
export function bodyDeadlineMs(request: FastifyRequest, baseMs: number): number {
  const limit = request.routeOptions.bodyLimit ?? 0;
  if (limit <= UPLOAD_THRESHOLD) return baseMs;
  const declared = Number(request.headers["content-length"]);
  if (!Number.isFinite(declared) || declared <= 0) return baseMs;
  return baseMs + Math.ceil(Math.min(declared, limit) / UPLOAD_BYTES_PER_SECOND) * 1000;
}

/**
 * A body must arrive in time (slow bodies hold a connection and a request open for as long as
 * the sender likes). When its time is up and it is still incomplete:
 * - before the handler runs (the body is being read for it), the request is answered 408 in the
 *   API's format and its connection closes without waiting for the rest (see unread-body.ts,
 *   which also stops waiting when an earlier answer, such as a guard's 401, waits for the body);
 *   Fastify runs no handler for a request already answered;
 * - once the handler runs, it is the one reading the body (an upload's parts, a page's form):
 *   the connection is cut, and the handler finds its client gone, as when a visitor closes the
 *   tab mid-upload (nothing it started is kept). A 408 sent then could cross an answer the
 *   handler is about to give, or tell the client "try again" about files that get stored.
 */
export function enforceBodyDeadline(app: FastifyInstance, baseMs: number) {
  app.addHook("onRequest", (request, reply, done) => {
    const raw = request.raw;
    // Most requests (every GET) carry no body: nothing to wait for, no timer to keep.
    if (!hasUnreadBody(raw)) return done();
    const timer = setTimeout(
      () => {
        if (raw.complete || raw.destroyed) return;
        request.bodyTimedOut = true;
        request.log.info({ route: request.routeOptions.url }, "request body timed out");
        raw.emit(BODY_TIMED_OUT);
        if (request.answering || reply.sent) return;
        if (request.handling) {
          raw.destroy();
          return;
        }
        try {
          reply
            .code(408)
            .header("connection", "close")
            .send(new AppError(408, "request_timeout", messages.server.bodyTimeout));
        } catch (error) {
          request.log.warn({ err: error }, "could not answer a body that timed out");
          raw.destroy();
        }
      },
      bodyDeadlineMs(request, baseMs),
    );
    timer.unref();
    const stop = () => clearTimeout(timer);
    raw.once("end", stop);
    raw.once("close", stop);
    reply.raw.once("close", stop);
    done();
  });
  // Both run for every request: callback hooks, which cost less than a promise each.
  app.addHook("preHandler", (request, _reply, done) => {
    request.handling = true;
    done();
  });
  app.addHook("onSend", (request, _reply, payload, done) => {
    request.answering = true;
    done(null, payload);
  });
}
