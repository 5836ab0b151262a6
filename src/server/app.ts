import type { AppDeps } from "./app-deps";
import { createDependencies } from "./dependencies";
import { registerWeb } from "./http/web";
import { createWebServices } from "./http/web-services";
import { registerMetrics } from "./metrics/metrics";
import { registerModules } from "./modules";
import { createFastify, registerPlatformPlugins } from "./platform";

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
  const { alertPages, privacyPages, showingPages, waitlistPages, applicationPages } =
    await registerModules(app, deps, services);
  const { database, config, web = "none" } = deps;
  await registerWeb(
    app,
    web,
    createWebServices({
      db: database.db,
      publicUrl: config.publicUrl,
      cache: services.cache,
      alerts: alertPages,
      privacyRequests: privacyPages,
      showings: showingPages,
      waitlists: waitlistPages,
      applications: applicationPages,
    }),
    services.cache,
  );
  return app;
}
