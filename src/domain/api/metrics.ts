import { apiErrorSchema, defineApi } from "./contract";
import { raw } from "./wire";

/**
 * Prometheus's scrape of this instance. Served only when METRICS_TOKEN is set (otherwise the
 * path is an ordinary not-found). Its guard is `public` because the caller is no signed-in user:
 * the route itself asks for `Authorization: Bearer <METRICS_TOKEN>`, a shared secret of the
 * monitoring system, not a session, and answers anything else 401.
 */
export const metricsApi = defineApi("metrics", {
  scrape: {
    method: "GET",
    path: "/metrics",
    summary:
      "Prometheus metrics of this instance; only when METRICS_TOKEN is set, and only with Authorization: Bearer <METRICS_TOKEN> (not a session)",
    guard: "public",
    responses: {
      200: raw("text/plain", "The Prometheus text exposition format, version 0.0.4."),
      401: apiErrorSchema,
    },
  },
});
