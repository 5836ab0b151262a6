import { mkdirSync } from "node:fs";
import zlib from "node:zlib";
import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import Fastify, {
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Contract, Guard, Resource } from "#domain/api/contract";
import { VERIFICATION_CODE_MINUTES } from "#domain/auth";
import { TENANT_FILE_MAX_BYTES, TENANT_FILES_PER_REQUEST_MAX } from "#domain/tenant-files";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { scriptNonce } from "./http/csp";
import { frameworkErrorHandler, registerErrorHandling } from "./http/error-handler";
import { notFound, tooManyRequests } from "./http/errors";
import { createResponseCache, type ResponseCache } from "./http/response-cache";
import { registerWeb, type WebMode, YEAR_SECONDS } from "./http/web";
import { createWebServices } from "./http/web-services";
import { createMailer, type Mailer } from "./mail/mailer";
import { adminPropertiesRoutes } from "./modules/admin-properties/admin-properties.routes";
import { uploadRoutes } from "./modules/admin-properties/upload.routes";
import { accountRoutes } from "./modules/auth/account.routes";
import { createGuards, type Guards } from "./modules/auth/auth.guard";
import { authRoutes } from "./modules/auth/auth.routes";
import { loadJwtSecret } from "./modules/auth/auth.secret";
import { createLinkTokens, createSessionTokens } from "./modules/auth/auth.tokens";
import { createCodeHasher } from "./modules/auth/code-hash";
import {
  createLoginThrottle,
  createRedisLoginThrottle,
  type LoginThrottle,
} from "./modules/auth/login-throttle";
import { healthRoutes } from "./modules/health/health.routes";
import { adminInquiriesRoutes } from "./modules/inquiries/inquiries.admin.routes";
import { inquiriesRoutes } from "./modules/inquiries/inquiries.routes";
import { listingsRoutes } from "./modules/listings/listings.routes";
import { seoRoutes } from "./modules/seo/seo.routes";
import { tenantFilesRoutes } from "./modules/tenant-files/tenant-files.routes";
import { connectRedis, shareCacheInvalidations } from "./shared/redis";
import { createObjectStore, type ObjectStore, scratchDirectory } from "./storage/storage";
import { serveUploads } from "./storage/uploads-routes";

declare module "fastify" {
  interface FastifyInstance {
    guards: Guards;
    /** Every route with its method, path and the guard its contract declares (tests read it). */
    routeTable: { method: string; url: string; guard: Guard | "none"; contract?: Contract }[];
  }
}

export type AppDeps = {
  config: Config;
  database: Database;
  /** Defaults to the configured one: the outbox in DATA_DIR, or SMTP. */
  mailer?: Mailer;
  /** Failed sign-ins per account; tests pass one with their own clock. */
  loginThrottle?: LoginThrottle;
  web?: WebMode;
  logger?: FastifyServerOptions["logger"];
  /** The public response cache; tests may pass one to watch it. */
  cache?: ResponseCache;
  /** Where photos and tenant files live; defaults to the configured one (fs or s3). */
  store?: ObjectStore;
};

/** The app's log for modules that write plain lines (shared state, the orphan sweep). */
export const lineLog = (app: FastifyInstance) => ({
  info: (message: string) => app.log.info(message),
  warn: (message: string) => app.log.warn(message),
  error: (message: string) => app.log.error(message),
});

/**
 * Links carry secrets in their URLs (upload and download tokens, reset codes, verification
 * tokens): logs keep the route, never the secret.
 */
export function redactSecrets(url: string): string {
  return url
    .replace(/(\/(?:upload|api\/upload-requests|api\/files\/download)\/)[^/?#]+/g, "$1[redacted]")
    .replace(/([?&](?:code|token|uid)=)[^&#]*/g, "$1[redacted]");
}

export async function buildApp(deps: AppDeps) {
  const { config, database, web = "none" } = deps;
  const mailer =
    deps.mailer ??
    createMailer({ dataDir: config.dataDir, smtpUrl: config.smtpUrl, from: config.mailFrom });
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
    bodyLimit: 1024 * 1024,
    // Requests in flight finish on close; idle keep-alive sockets do not hold the shutdown.
    forceCloseConnections: "idle",
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    // Download and upload links carry a signed token (a JWT of ~250 characters) in the path;
    // the router's default limit of 100 characters would answer them 404.
    routerOptions: { maxParamLength: 2048 },
    // A URL the router cannot decode is answered in the API's error format, not Fastify's.
    frameworkErrors: frameworkErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  // Once closing starts, every response ends its connection: a keep-alive socket that becomes
  // idle after close() was called would otherwise hold the shutdown until it times out.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", async (request, reply, payload) => {
    if (closing) reply.header("connection", "close");
    // An answer sent before the whole body arrived (a failed guard, a refused file or link):
    // the client may still be sending the rest, which nobody reads now. Closing after the
    // answer, as Fastify does for a refused body, keeps the connection (and the server's
    // shutdown) from hanging on it.
    if (request.method !== "GET" && request.method !== "HEAD" && !request.raw.complete) {
      reply.header("connection", "close");
    }
    return payload;
  });

  await app.register(helmet, {
    // Vite's development server injects inline scripts of its own.
    contentSecurityPolicy:
      web === "development"
        ? false
        : {
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: [
                "'self'",
                (_req, res) => `'nonce-${scriptNonce(res as import("node:http").ServerResponse)}'`,
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
  });

  // Text responses (pages, JSON) are compressed on the fly; built assets come precompressed.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ["br", "gzip"],
    // Brotli's default quality (11) is for files compressed once; 4 suits per-request work.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  // Several instances share their counters and cache news through Redis (REDIS_URL).
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, lineLog(app)) : undefined;
  if (redis) app.addHook("onClose", () => redis.close());

  await app.register(rateLimit, {
    // Shared: a burst spread over instances meets one limit. If Redis is away, requests pass
    // unlimited (logged by the connection) rather than failing.
    ...(redis ? { redis: redis.client, nameSpace: "rentals:rate-limit:", skipOnError: true } : {}),
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: "1 minute",
    // Hashed static assets are cheap and a page needs many of them.
    allowList: (request) => request.url.startsWith("/assets/"),
    errorResponseBuilder: () => tooManyRequests(),
    // A security event: who hit which limit (the route, never the secrets in a URL).
    onExceeded: (request) => {
      request.log.warn(
        { ip: request.ip, route: request.routeOptions.url ?? redactSecrets(request.url) },
        "rate limit hit",
      );
    },
  });

  const secret = await loadJwtSecret(config);
  const tokens = createSessionTokens(secret);
  const guards = createGuards({ db: database.db, tokens });
  // Every module declares its routes' guard from here: app.guards.admin, app.guards.user.
  app.decorate("guards", guards);
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
  await app.register(healthRoutes(database));
  if (config.benchBaseline) {
    // The benchmark's baseline: the cheapest route this process can serve, through the same
    // hooks (helmet, rate limit, compression) as every other, so ratios to it are fair.
    app.get("/api/bench/baseline", async () => ({ ok: true, service: "rentals" }));
  }
  await app.register(
    authRoutes({
      db: database.db,
      tokens,
      throttle:
        deps.loginThrottle ??
        (redis ? createRedisLoginThrottle(redis.client) : createLoginThrottle()),
      attemptsPerMinute: config.authAttemptsPerMinute,
    }),
  );
  await app.register(
    accountRoutes({
      db: database.db,
      mailer,
      tokens,
      verifyLinks: createLinkTokens(secret, "rentals:verify-email", VERIFICATION_CODE_MINUTES, [
        "uid",
        "codeId",
      ]),
      hasher: createCodeHasher(secret),
      publicUrl: config.publicUrl,
      attemptsPerMinute: config.authAttemptsPerMinute,
    }),
  );
  // Public listings and pages are cached; a successful write whose contract invalidates the
  // listings empties the cache before its response leaves, so everyone's next look is fresh.
  const cache = deps.cache ?? createResponseCache();
  if (redis) await shareCacheInvalidations(cache, redis, lineLog(app));
  app.decorate("invalidate", (resource: Resource) => {
    if (resource === "listings") cache.invalidate();
  });
  await app.register(listingsRoutes({ db: database.db, cache }));
  await app.register(seoRoutes({ db: database.db, publicUrl: config.publicUrl }));
  await app.register(
    inquiriesRoutes({
      db: database.db,
      mailer,
      publicUrl: config.publicUrl,
      perMinute: config.inquiriesPerMinute,
    }),
  );

  // Multipart bodies (photos, tenant documents). These are the outer bounds; each route sets
  // its own smaller file size and count when it reads the parts.
  await app.register(multipart, {
    limits: {
      fileSize: TENANT_FILE_MAX_BYTES,
      files: TENANT_FILES_PER_REQUEST_MAX,
      parts: TENANT_FILES_PER_REQUEST_MAX + 20,
      fields: 20,
      fieldSize: 16 * 1024,
      headerPairs: 200,
    },
  });

  // Staff photos and tenants' documents: in DATA_DIR or in a bucket (see storage/storage.ts).
  const store = deps.store ?? createObjectStore(config);
  if (!deps.store) app.addHook("onClose", () => store.close());
  // Tenants' documents are received in a private local folder before they are stored, and are
  // never under a public URL: only a short-lived download link reaches them.
  const scratchDir = scratchDirectory(config.dataDir);
  mkdirSync(scratchDir, { recursive: true, mode: 0o700 });
  await app.register(adminPropertiesRoutes({ db: database.db, store }));
  await app.register(uploadRoutes({ db: database.db, store }));
  await app.register(
    tenantFilesRoutes({
      db: database.db,
      mailer,
      secret,
      store,
      scratchDir,
      publicUrl: config.publicUrl,
    }),
  );
  await app.register(adminInquiriesRoutes({ db: database.db }));
  await serveUploads(app, store);

  // An unknown API path is a JSON 404, never the web app's HTML page.
  app.all("/api/*", async () => {
    throw notFound();
  });

  app.addHook("onClose", () => mailer.close());
  await registerWeb(
    app,
    web,
    createWebServices({ db: database.db, publicUrl: config.publicUrl, cache }),
    cache,
  );
  return app;
}
