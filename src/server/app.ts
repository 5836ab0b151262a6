import type { FastifyServerOptions } from "fastify";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { createDependencies } from "./dependencies";
import type { ResponseCache } from "./http/response-cache";
import { registerWeb, type WebMode } from "./http/web";
import { createWebServices } from "./http/web-services";
import type { Mailer } from "./mail/mailer";
import { registerMetrics } from "./metrics/metrics";
import { registerModules } from "./modules";
import type { LoginThrottle } from "./modules/auth/login-throttle";
import { createFastify, registerPlatformPlugins } from "./platform";
import type { ObjectStore } from "./storage/storage";

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
  /**
   * Tests: told of every answer its route's contract does not declare (the answer becomes a
   * 500). Production relies on the response schemas alone.
   */
  onContractViolation?: (message: string) => void;
  /** The listing alerts' clock (the daily summary's hour); tests pass a fixed one. */
  clock?: () => Date;
};

/**
 * The whole server in four steps: the platform every request goes through (platform.ts), the
 * services the modules share (dependencies.ts), the API modules registered from their contracts
 * (modules.ts), then the web app for every other path.
 */
export async function buildApp(deps: AppDeps) {
  const app = createFastify(deps);
  const services = await createDependencies(app, deps);
  await registerPlatformPlugins(app, deps, services.redis);
  // app.metrics for every module; with METRICS_TOKEN, GET /metrics and the per-request measure.
  registerMetrics(app, { config: deps.config, pool: deps.database.pool, cache: services.cache });
  const { alertPages } = await registerModules(app, deps, services);
  const { database, config, web = "none" } = deps;
  await registerWeb(
    app,
    web,
    createWebServices({
      db: database.db,
      publicUrl: config.publicUrl,
      cache: services.cache,
      alerts: alertPages,
    }),
    services.cache,
  );
  return app;
}
