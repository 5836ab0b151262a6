import type { Database } from "#server/db/client";
import type { SharedRedis } from "#server/shared/redis";
import type { ObjectStore } from "#server/storage/object-store";
import { pingDatabase } from "./health.repository";

/** A check that has not answered in this long counts as down: a probe must not hang. */
export const READINESS_TIMEOUT_MS = 2_000;

/** The key a storage probe asks about: any answer, found or not, means the store is reachable. */
const PROBE_KEY = "uploads/.readiness-probe";

type Service = "database" | "storage" | "redis";

type HealthDeps = { database: Database; store: ObjectStore; redis?: SharedRedis };

/** How often, at most, the health checks ask the services themselves (per instance). */
export const HEALTH_CHECK_INTERVAL_MS = 1_000;

/**
 * `ask`, asked at most once every `maxAgeMs`: calls in between (and calls while it is being
 * asked) share the latest answer, so a flood of health checks costs the database one query a
 * second. `ask` must not reject.
 */
export function atMostEvery<T>(
  maxAgeMs: number,
  ask: () => Promise<T>,
  now: () => number = Date.now,
): () => Promise<T> {
  let latest: { at: number; answer: Promise<T> } | undefined;
  return () => {
    const at = now();
    if (!latest || at - latest.at >= maxAgeMs) latest = { at, answer: ask() };
    return latest.answer;
  };
}

async function answers(probe: () => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([probe().then(() => true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this instance can serve: PostgreSQL answers a query, the object store answers a HEAD,
 * and Redis (when configured) answers a PING, each within the timeout, checked at once.
 */
export async function readiness(deps: HealthDeps & { timeoutMs?: number }) {
  const timeoutMs = deps.timeoutMs ?? READINESS_TIMEOUT_MS;
  const probes: [Service, () => Promise<unknown>][] = [
    ["database", () => pingDatabase(deps.database)],
    ["storage", () => deps.store.head(PROBE_KEY)],
  ];
  const redis = deps.redis;
  if (redis) probes.push(["redis", () => redis.client.ping()]);
  const results = await Promise.all(
    probes.map(async ([name, probe]) => [name, await answers(probe, timeoutMs)] as const),
  );
  const state = (name: Service) =>
    results.some(([n, up]) => n === name && up) ? ("up" as const) : ("down" as const);
  const checks = {
    database: state("database"),
    storage: state("storage"),
    ...(redis ? { redis: state("redis") } : {}),
  };
  const failing = results.filter(([, up]) => !up).map(([name]) => name);
  return {
    status: failing.length === 0 ? ("ready" as const) : ("not_ready" as const),
    checks,
    failing,
  };
}

export type Readiness = Awaited<ReturnType<typeof readiness>>;

/**
 * What the probes ask, each at most once every HEALTH_CHECK_INTERVAL_MS for this instance:
 * liveness is about this process and its database, readiness about every service it needs.
 */
export function healthChecks(deps: HealthDeps): {
  databaseUp: () => Promise<boolean>;
  ready: () => Promise<Readiness>;
} {
  return {
    databaseUp: atMostEvery(HEALTH_CHECK_INTERVAL_MS, () =>
      pingDatabase(deps.database).then(
        () => true,
        () => false,
      ),
    ),
    ready: atMostEvery(HEALTH_CHECK_INTERVAL_MS, () => readiness(deps)),
  };
}
