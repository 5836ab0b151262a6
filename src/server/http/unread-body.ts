import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import { BODY_TIMED_OUT, hasUnreadBody } from "./body-deadline";

/**
 * Answers given before the request's body was read (a guard's 401 or 403, a 413, a 415, a 429, a
 * refused file part) must reach the client. A client sends its whole body before it reads the
 * answer; a server that answers and closes while the client is still sending makes the client's
 * next write fail (EPIPE, a reset) and the answer is lost: an administrator whose session ended
 * during a photo upload would see a network error, not "please sign in again".
 *
 * So, before such an answer leaves:
 * - a body no larger than the route's own limit is read and dropped (within `drainMs`), then the
 *   answer goes out and the connection stays open;
 * - a body larger than the limit (declared or found), or one that does not arrive in time, gets
 *   the answer with `Connection: close`, and the connection closes lingering, as nginx's
 *   lingering close does: the server stops sending, keeps reading and dropping what still
 *   arrives for a while, and only then closes, so the close never resets the answer away.
 */
export type UnreadBodyTimes = {
  /** How long reading the rest of a body may take before the answer goes anyway. */
  drainMs: number;
  /** After the answer, how long without any byte from the client ends the lingering read. */
  lingerIdleMs: number;
  /** The most a lingering read lasts in all. */
  lingerMaxMs: number;
};

export const unreadBodyTimes: UnreadBodyTimes = {
  drainMs: 10_000,
  lingerIdleMs: 5_000,
  lingerMaxMs: 30_000,
};

type Drained = "complete" | "too_large" | "too_slow" | "gone";

/** Reads and drops the rest of the body: at most `limit` bytes, within `ms`. */
function drain(raw: IncomingMessage, limit: number, ms: number): Promise<Drained> {
  const declared = Number(raw.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve("too_large");
  // A parser that stopped reading (a refused file part) lets go of the stream first.
  raw.unpipe();
  return new Promise((resolve) => {
    let read = 0;
    const done = (outcome: Drained) => {
      clearTimeout(timer);
      raw.off("data", onData);
      raw.off("end", onEnd);
      raw.off("close", onClose);
      raw.off(BODY_TIMED_OUT, onTimedOut);
      if (outcome !== "complete") raw.pause();
      resolve(outcome);
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > limit) done("too_large");
    };
    const onEnd = () => done("complete");
    const onClose = () => done(raw.complete ? "complete" : "gone");
    const onTimedOut = () => done("too_slow");
    const timer = setTimeout(() => done("too_slow"), ms);
    raw.on("data", onData);
    raw.once("end", onEnd);
    raw.once("close", onClose);
    raw.once(BODY_TIMED_OUT, onTimedOut);
    raw.resume();
  });
}

/**
 * Node ends a `Connection: close` answer with `socket.destroySoon()`: it closes the socket as
 * soon as the answer is written, and unread bytes from the client turn that close into a reset.
 * This socket instead stops writing (FIN), drops what still arrives until the client closes its
 * side, goes quiet for `idleMs`, or `maxMs` pass, and then closes.
 */
function closeLingering(socket: Socket, times: UnreadBodyTimes) {
  socket.destroySoon = function lingeringClose(this: Socket) {
    if (this.destroyed) return;
    const close = () => {
      clearTimeout(total);
      this.destroy();
    };
    const total = setTimeout(close, times.lingerMaxMs);
    this.setTimeout(times.lingerIdleMs, close);
    this.once("end", close);
    this.once("close", () => clearTimeout(total));
    this.end();
    // The HTTP parser still reads the socket and drops the rest of the body it belongs to; a
    // socket the parser has already left is read here.
    if (this.listenerCount("data") === 0) this.on("data", () => undefined);
    this.resume();
  };
}

/** The onSend hook that makes every early answer arrive (see the top of this file). */
export function answerEarlyRefusalsAfterTheBody(
  app: FastifyInstance,
  times: UnreadBodyTimes = unreadBodyTimes,
) {
  // A callback hook: almost every answer has no unread body, and then costs no promise.
  app.addHook("onSend", (request, reply, payload, done) => {
    const raw = request.raw;
    if (!hasUnreadBody(raw)) return done(null, payload);
    const limit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 1024 * 1024;
    // A body that already missed its deadline (body-deadline.ts) is not waited for again.
    const drained: Promise<Drained> = request.bodyTimedOut
      ? Promise.resolve("too_slow")
      : drain(raw, limit, times.drainMs);
    void drained.then((outcome) => {
      try {
        if (outcome === "complete") {
          // Fastify asks for a close after a refused body; read to its end, the connection
          // can stay.
          reply.removeHeader("connection");
        } else {
          reply.header("connection", "close");
          if (outcome !== "gone") closeLingering(raw.socket, times);
        }
        done(null, payload);
      } catch (error) {
        done(error as Error);
      }
    });
  });
}
