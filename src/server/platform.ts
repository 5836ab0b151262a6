import zlib from "node:zlib";
import compress from "@fastify/compress";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import helmet from "helmet";
import type { Contract } from "#domain/api/contract";
import type { Guard } from "#domain/api/wire";
import { messages } from "#domain/messages";
import type { AppDeps } from "./app-deps";
import { type LimitCount, localWindowLimit } from "./http/app-wide-limit";
import { enforceBodyDeadline } from "./http/body-deadline";
import { checkAnswersAgainstContracts } from "./http/contract-check";
import { recordedSecurityHeaders, scriptNonce } from "./http/csp";
import { frameworkErrorHandler, registerErrorHandling } from "./http/error-handler";
import { badRequest, tooManyRequests } from "./http/errors";
import { registerJsonParser } from "./http/json-body";
import { TOKEN_SEGMENT } from "./http/token-paths";
import { answerEarlyRefusalsAfterTheBody } from "./http/unread-body";
import { YEAR_SECONDS } from "./http/web";
import type { SharedRedis } from "./shared/redis";
import { rememberLast } from "./shared/remember-last";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * The stop: `drain()` (on SIGTERM) makes readiness answer 503 and every answer close its
     * connection, while the instance keeps serving until it closes.
     */
    stopping: { readonly draining: boolean; drain(): void };
    /** Every route with its method, path and the guard its contract declares (tests read it). */
    routeTable: { method: string; url: string; guard: Guard | "none"; contract?: Contract }[];
  }
  interface FastifyReply {
    /**
     * This response's script nonce, for a page's inline scripts; its Content-Security-Policy
     * now names it (every other response's policy allows no inline script).
     */
    scriptNonce(): string;
    /** Inline scripts allowed by their hashes in this response's Content-Security-Policy. */
    allowScripts(sources: readonly string[]): void;
  }
}

/** The app's log for modules that write plain lines (shared state, the orphan sweep). */
export const lineLog = (app: FastifyInstance) => ({
  info: (message: string) => app.log.info(message),
  warn: (message: string) => app.log.warn(message),
  error: (message: string) => app.log.error(message),
});

/**
 * Links carry secrets in their URLs (upload, download, photo and alert tokens, reset codes,
 * verification and sign-in tokens): logs keep the route, never the secret.
 */
export function redactSecrets(url: string): string {
  return url
    .replace(TOKEN_SEGMENT, "$1[redacted]")
    .replace(/([?&](?:code|token|uid)=)[^&#]*/g, "$1[redacted]");
}

/**
 * The Fastify instance and what every request goes through before any module: logging without
 * secrets, the one error format, zod validation and serialization, connection handling on
 * shutdown, and the route table.
 */
export function createFastify(deps: AppDeps): FastifyInstance {
  const { config } = deps;
  // Whatever the destination (a test passes its own stream), request lines never carry secrets.
  const serializers = {
    req: (req: FastifyRequest) => ({
      method: req.method,
      url: redactSecrets(req.url),
      host: req.host,
      remoteAddress: req.ip,
    }),
  };
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(typeof deps.logger === "object" ? deps.logger : {}),
            serializers,
          },
    // Routes registered from a contract carry their own limit; this one is for the pages.
    bodyLimit: 1024 * 1024,
    // Slow senders: headers must arrive within HEADERS_TIMEOUT_SECONDS (checked every second,
    // not Node's default 30 s) and a body within its deadline (http/body-deadline.ts); a
    // connection on which nothing at all moves for a minute is closed.
    http: {
      headersTimeout: config.headersTimeoutSeconds * 1000,
      connectionsCheckingInterval: 1000,
    },
    connectionTimeout: Math.max(60, 2 * config.bodyTimeoutSeconds) * 1000,
    // Requests in flight finish on close; idle keep-alive sockets do not hold the shutdown.
    forceCloseConnections: "idle",
    // A request that still arrives on an open connection once closing has begun is served (with
    // `Connection: close`), not refused: a balancer that sent it may not be able to send it again.
    return503OnClosing: false,
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    // Download and upload links carry a signed token (a JWT of ~250 characters) in the path;
    // the router's default limit of 100 characters would answer them 404.
    routerOptions: { maxParamLength: 2048 },
    // A URL the router cannot decode is answered in the API's error format, not Fastify's.
    frameworkErrors: frameworkErrorHandler,
  });
  if (deps.onContractViolation) checkAnswersAgainstContracts(app, deps.onContractViolation);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerJsonParser(app);
  enforceBodyDeadline(app, config.bodyTimeoutSeconds * 1000);
  closeConnectionsWhenDone(app);

  const routeTable: FastifyInstance["routeTable"] = [];
  app.decorate("routeTable", routeTable);
  app.addHook("onRoute", (route) => {
    const contract = route.config?.contract;
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") {
        routeTable.push({ method, url: route.url, guard: contract?.guard ?? "none", contract });
      }
    }
  });
  return app;
}

function closeConnectionsWhenDone(app: FastifyInstance) {
  // An answer given before the body was read waits for the rest of it, or closes lingering.
  answerEarlyRefusalsAfterTheBody(app);
  // From the drain (SIGTERM) or the close on: every answer ends its connection, so clients and
  // load balancers open their next one elsewhere, and no kept-alive socket holds the stop.
  let stopping = false;
  app.decorate("stopping", {
    get draining() {
      return stopping;
    },
    drain() {
      stopping = true;
    },
  });
  app.addHook("preClose", async () => {
    stopping = true;
  });
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (stopping) reply.header("connection", "close");
    done(null, payload);
  });
}

/** The window of the app-wide limit and of the routes' own limits. */
const MINUTE_MS = 60_000;

/**
 * The plugins every route shares: security headers (a CSP that allows a page's own inline
 * scripts only, by nonce or hash), compression and the global rate limit (shared through Redis
 * when there is one).
 */
export async function registerPlatformPlugins(
  app: FastifyInstance,
  deps: AppDeps,
  redis: SharedRedis | undefined,
) {
  const { config, web = "none" } = deps;
  // One helmet, built once (@fastify/helmet built it again for every request), and its headers
  // recorded once: each response gets them in one loop; a page names its inline scripts.
  const securityHeaders = recordedSecurityHeaders(
    helmet({
      // Vite's development server injects inline scripts of its own.
      contentSecurityPolicy:
        web === "development"
          ? false
          : {
              directives: {
                defaultSrc: ["'self'"],
                // The nonce marks where a page's own script sources go (http/csp.ts); every
                // other answer's policy leaves it out.
                scriptSrc: [
                  "'self'",
                  (_req, res) =>
                    `'nonce-${scriptNonce(res as import("node:http").ServerResponse)}'`,
                ],
                styleSrc: ["'self'", "'unsafe-inline'"],
                imgSrc: ["'self'", "data:", "blob:"],
                fontSrc: ["'self'"],
                connectSrc: ["'self'"],
                objectSrc: ["'none'"],
                baseUri: ["'none'"],
                formAction: ["'self'"],
                frameAncestors: ["'none'"],
                upgradeInsecureRequests: null,
              },
            },
      // Only an https PUBLIC_URL means the site is served over TLS.
      strictTransportSecurity: config.publicUrl.startsWith("https:")
        ? { maxAge: YEAR_SECONDS, includeSubDomains: true }
        : false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      crossOriginEmbedderPolicy: false,
      frameguard: { action: "deny" },
    }),
  );
  app.addHook("onRequest", (_request, reply, done) => {
    securityHeaders.apply(reply);
    done();
  });
  app.decorateReply("scriptNonce", function (this: FastifyReply) {
    return securityHeaders.withNonce(this);
  });
  app.decorateReply("allowScripts", function (this: FastifyReply, sources: readonly string[]) {
    securityHeaders.withScripts(this, sources);
  });

  // Pages build their URL from the Host header: one that is not a host name is refused here,
  // in the API's format, before any page or route sees it.
  app.addHook("onRequest", (request, _reply, done) => {
    done(hostIsValid(request) ? undefined : badRequest(messages.server.badHost));
  });

  // Text responses (pages, JSON) are compressed on the fly; built assets come precompressed.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ["br", "gzip"],
    // Brotli's default quality (11) is for files compressed once; 4 suits per-request work.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  await app.register(rateLimit, {
    // Shared: a burst spread over instances meets one limit. If Redis is away, requests pass
    // unlimited (logged by the connection) rather than failing.
    ...(redis ? { redis: redis.client, nameSpace: "rentals:rate-limit:", skipOnError: true } : {}),
    // The plugin itself applies only the routes' own, smaller limits (sign-in, the inquiry
    // form...); the app-wide limit is the hook below.
    global: false,
    max: config.rateLimitPerMinute,
    timeWindow: MINUTE_MS,
    errorResponseBuilder: () => tooManyRequests(),
    onExceeded: logLimitHit,
  });

  // The app-wide limit, as a hook of the whole app: it runs before any route's own hooks, so
  // every request with a valid Host (the check above answers the others at once, for nothing)
  // counts, whatever becomes of it: refused by a guard (route() runs guards
  // after it), for an unknown path or asset, or also counted by a route's own limit. What one
  // person's view of a page brings along does not spend that budget, so that people sharing an
  // address (an office, a library, a phone carrier's) browse normally: the photos have a budget
  // of their own, and the files of the build none (content-hashed, each fetched once and kept a
  // year; a made-up name is the counted 404 route). What infrastructure probes is left out too:
  // the health checks (they answer from a result at most a second old) and metrics scrapes
  // (limited by their own count, which counts guesses too).
  const budgetOf = (request: FastifyRequest): "requests" | "photos" | null => {
    const config = request.routeOptions.config as
      | { appWideLimit?: false; file?: unknown }
      | undefined;
    if (config?.appWideLimit === false) return null;
    // @fastify/static names the file on each route it makes for one (the build's, served with
    // `wildcard: false`); its wildcard routes (the photos on disk) carry none.
    if (typeof config?.file === "string") return null;
    return request.routeOptions.url === "/uploads/*" ? "photos" : "requests";
  };
  const answer = (request: FastifyRequest, reply: FastifyReply, count: LimitCount) => {
    reply
      .header("x-ratelimit-limit", count.max)
      .header("x-ratelimit-remaining", count.remaining)
      .header("x-ratelimit-reset", count.resetSeconds);
    if (!count.exceeded) return undefined;
    logLimitHit(request);
    return tooManyRequests(count.resetSeconds);
  };
  if (redis) {
    // Shared through Redis by the plugin's store.
    const limits = {
      requests: app.createRateLimit(),
      photos: app.createRateLimit({
        max: config.photoRateLimitPerMinute,
        keyGenerator: (request) => `photos:${request.ip}`,
      }),
    };
    app.addHook("onRequest", async (request, reply) => {
      const budget = budgetOf(request);
      if (budget === null) return;
      const limit = await limits[budget](request);
      // Only an address on the plugin's allow list (none here) goes uncounted.
      if (limit.isAllowed) return;
      const refusal = answer(request, reply, {
        max: limit.max,
        remaining: limit.remaining,
        resetSeconds: limit.ttlInSeconds,
        exceeded: limit.isExceeded,
      });
      if (refusal) throw refusal;
    });
  } else {
    // One instance: counted here, synchronously (http/app-wide-limit.ts).
    const counts = {
      requests: localWindowLimit(config.rateLimitPerMinute, MINUTE_MS),
      photos: localWindowLimit(config.photoRateLimitPerMinute, MINUTE_MS),
    };
    app.addHook("onRequest", (request, reply, done) => {
      const budget = budgetOf(request);
      done(budget === null ? undefined : answer(request, reply, counts[budget](request.ip)));
    });
  }
}

/** A security event: who hit which limit (the route, never the secrets in a URL). */
function logLimitHit(request: FastifyRequest) {
  request.log.warn(
    { ip: request.ip, route: request.routeOptions.url ?? redactSecrets(request.url) },
    "rate limit hit",
  );
}

/** A host name, an IPv4 address or a bracketed IPv6 address, with an optional port. */
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9\-._~%!$&'()*+,;=]+)(?::\d{1,5})?$/;

/**
 * Whether `host` (a Host header's value) is one a URL can be built on. Nearly every request
 * names the same host: it is checked once.
 */
export const isValidHost = rememberLast(
  (host: string): boolean => HOST.test(host) && URL.canParse(`http://${host}`),
);

/**
 * Whether the request's host (its Host header, or X-Forwarded-Host from a trusted proxy) is one
 * a URL can be built on. An HTTP/1.0 request may carry none: the pages then use a default.
 */
export function hostIsValid(request: FastifyRequest): boolean {
  const host = request.host as string | undefined;
  if (host === undefined || host === "") return request.headers.host === undefined;
  return isValidHost(host);
}
