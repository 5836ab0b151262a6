import { mkdirSync } from "node:fs";
import type { FastifyInstance } from "fastify";
import type { Resource } from "#domain/api/wire";
import {
  createGuards,
  createLoginThrottle,
  createRedisLoginThrottle,
  createSessionTokens,
  type Guards,
  loadJwtSecret,
} from "#server/modules/auth";
import { createSecondStepGate } from "#server/modules/mfa";
import type { AppDeps } from "./app-deps";
import { createAuditLog } from "./audit/audit-log";
import { createResponseCache } from "./http/response-cache";
import { createMailQueue, type MailQueue } from "./mail/mail-queue";
import { createMailer } from "./mail/mailer";
import { lineLog } from "./platform";
import { connectRedis, shareCacheInvalidations } from "./shared/redis";
import { createObjectStore, scratchDirectory } from "./storage/storage";

declare module "fastify" {
  interface FastifyInstance {
    /** The guards a contract names: `route()` runs them before the body is read (preParsing). */
    guards: Guards;
    /** Durable e-mail: services queue messages with their rows; tests wait for its delivery. */
    mailQueue: MailQueue;
  }
}

export type Services = Awaited<ReturnType<typeof createDependencies>>;

/**
 * What the modules are built from, each made once per app and closed with it: Redis (when
 * REDIS_URL is set), the mailer and the mail queue, the signing secret and session tokens, the guards, the public
 * response cache (and how writes empty it), the object store and a private scratch folder.
 * A test passes its own mailer, throttle, cache or store through AppDeps.
 */
export async function createDependencies(app: FastifyInstance, deps: AppDeps) {
  const { config, database } = deps;
  // Several instances share their counters and cache news through Redis (REDIS_URL).
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, lineLog(app)) : undefined;
  if (redis) app.addHook("onClose", () => redis.close());

  const mailer =
    deps.mailer ??
    createMailer({ dataDir: config.dataDir, smtpUrl: config.smtpUrl, from: config.mailFrom });

  const secret = await loadJwtSecret(config);
  // Every e-mail goes through the queue, committed with its row and sent by this worker.
  const mailQueue = await createMailQueue({
    database,
    mailer,
    secret,
    log: lineLog(app),
    options: {
      retryLimit: config.mailRetryLimit,
      retryDelaySeconds: config.mailRetryDelaySeconds,
    },
  });
  // The worker finishes the message it is sending before the mailer closes.
  app.addHook("onClose", async () => {
    await mailQueue.stop();
    await mailer.close();
  });
  app.decorate("mailQueue", mailQueue);
  const tokens = createSessionTokens(secret);
  // What sign-in asks of the second step, answered by the mfa module (auth never imports it).
  const secondStep = createSecondStepGate({ db: database.db, secret });
  const { mfaRequired } = config;
  app.decorate("guards", createGuards({ db: database.db, tokens, mfaRequired, secondStep }));
  const throttle =
    deps.loginThrottle ?? (redis ? createRedisLoginThrottle(redis.client) : createLoginThrottle());

  // Public listings and pages are cached; a successful write whose contract invalidates the
  // listings empties the cache before its response leaves, so everyone's next look is fresh.
  const cache = deps.cache ?? createResponseCache();
  if (redis) await shareCacheInvalidations(cache, redis, lineLog(app));
  app.decorate("invalidate", (resource: Resource) => {
    if (resource === "listings") cache.invalidate();
  });
  // Who did what: audited routes record through it (route.ts), and so do the sign-in calls.
  app.decorate("auditLog", createAuditLog(database.db));

  // Staff photos and tenants' documents: in DATA_DIR or in a bucket (see storage/storage.ts).
  const store = deps.store ?? createObjectStore(config);
  if (!deps.store) app.addHook("onClose", () => store.close());
  // Tenants' documents are received in a private local folder before they are stored, and are
  // never under a public URL: only a short-lived download link reaches them.
  const scratchDir = scratchDirectory(config.dataDir);
  mkdirSync(scratchDir, { recursive: true, mode: 0o700 });

  return { redis, mailQueue, secret, tokens, secondStep, throttle, cache, store, scratchDir };
}
