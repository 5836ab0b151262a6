import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import type { ResponseCache } from "../http/response-cache";

/**
 * Redis (REDIS_URL) holds what several instances must share: rate-limit counters, failed sign-ins
 * per account, and the news that the public listings changed. Commands fail at once while the
 * server is away (no offline queue): a request then goes on without the shared state rather than
 * hanging on it.
 */

export type SharedRedis = {
  /** Commands: counters, publishing. */
  client: Redis;
  /** A connection in subscriber mode can run nothing else. */
  subscriber: Redis;
  description: string;
  close(): Promise<void>;
};

type Log = { warn: (message: string) => void; info: (message: string) => void };

/** host:port/db, never the password. */
export function describeRedisUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || 6379}${parsed.pathname.length > 1 ? parsed.pathname : ""}`;
}

export class RedisUnreachableError extends Error {
  override name = "RedisUnreachableError";
}

/** Far above a healthy Redis's answer (under a millisecond nearby): a request waits no longer. */
export const COMMAND_TIMEOUT_MS = 1_000;

export async function connectRedis(url: string, log: Log): Promise<SharedRedis> {
  const description = describeRedisUrl(url);
  const options = {
    lazyConnect: true,
    connectTimeout: 5_000,
    // A Redis that keeps its connections but answers nothing (a hung host) must not hold every
    // request: each command gives up after this long, and the request goes on without it.
    commandTimeout: COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    // Reconnect for ever, at most every 2 s: the instance keeps serving meanwhile.
    retryStrategy: (attempt: number) => Math.min(attempt * 200, 2_000),
  };
  const client = new Redis(url, options);
  // The subscriber queues its SUBSCRIBE until connected, and re-subscribes after a reconnect.
  const subscriber = new Redis(url, { ...options, enableOfflineQueue: true });
  // Without a listener, a dropped connection would print an "Unhandled error event" per retry.
  let reported = false;
  for (const connection of [client, subscriber]) {
    connection.on("error", (error: Error) => {
      if (reported) return;
      reported = true;
      log.warn(`Redis at ${description}: ${error.message}; retrying.`);
    });
    connection.on("ready", () => {
      if (reported) log.info(`Redis at ${description}: connected again.`);
      reported = false;
    });
  }
  try {
    await Promise.all([client.connect(), subscriber.connect()]);
  } catch (error) {
    client.disconnect();
    subscriber.disconnect();
    throw new RedisUnreachableError(
      `the Redis server at ${description} is unreachable (${(error as Error).message}).`,
    );
  }
  return {
    client,
    subscriber,
    description,
    async close() {
      await Promise.allSettled([client.quit(), subscriber.quit()]);
    },
  };
}

const CACHE_CHANNEL = "rentals:listings-changed";

/**
 * Every instance's public cache forgets at once when any instance writes: the writer publishes,
 * the others invalidate on the message (within milliseconds). While this instance's subscription
 * is down it could miss such news, so it caches nothing until it is back.
 */
export async function shareCacheInvalidations(
  cache: ResponseCache,
  redis: SharedRedis,
  log: Log,
): Promise<void> {
  const instance = randomUUID();
  cache.onInvalidate(() => {
    redis.client.publish(CACHE_CHANNEL, instance).catch((error: Error) => {
      log.warn(`Could not tell other instances that the listings changed: ${error.message}`);
    });
  });
  redis.subscriber.on("message", (channel: string, from: string) => {
    if (channel === CACHE_CHANNEL && from !== instance) cache.invalidate({ broadcast: false });
  });
  redis.subscriber.on("close", () => cache.setBypass(true));
  redis.subscriber.on("ready", () => {
    // What changed while away is unknown: start afresh.
    cache.invalidate({ broadcast: false });
    cache.setBypass(false);
  });
  await redis.subscriber.subscribe(CACHE_CHANNEL);
}
