import { createHash } from "node:crypto";
import type { Redis } from "ioredis";

/**
 * Failed sign-ins per account: after `maxFailures` within `windowMs`, that account refuses
 * sign-in (even with the right password) until the window ends. Per-address limits are the rate
 * limiter's job; this stops a slow guess spread over many addresses. In memory for one instance;
 * in Redis (REDIS_URL) when several instances must share the count.
 */
export type LoginThrottle = {
  /** Seconds to wait before trying again, or 0 when the account may try now. */
  retryAfterSeconds(account: string): Promise<number>;
  recordFailure(account: string): Promise<void>;
  recordSuccess(account: string): Promise<void>;
};

type Options = { maxFailures?: number; windowMs?: number };

const DEFAULTS = { maxFailures: 5, windowMs: 15 * 60_000 };

export function createLoginThrottle(options: Options & { now?: () => number } = {}): LoginThrottle {
  const { maxFailures, windowMs } = { ...DEFAULTS, ...options };
  const now = options.now ?? Date.now;
  const failures = new Map<string, { count: number; since: number }>();

  const current = (account: string) => {
    const entry = failures.get(account);
    if (entry && now() - entry.since >= windowMs) {
      failures.delete(account);
      return undefined;
    }
    return entry;
  };

  return {
    async retryAfterSeconds(account) {
      const entry = current(account);
      if (!entry || entry.count < maxFailures) return 0;
      return Math.max(1, Math.ceil((entry.since + windowMs - now()) / 1000));
    },
    async recordFailure(account) {
      const entry = current(account);
      if (entry) entry.count++;
      else failures.set(account, { count: 1, since: now() });
    },
    async recordSuccess(account) {
      failures.delete(account);
    },
  };
}

/**
 * The same rule in Redis: one counter per account (its e-mail hashed, so the keys name nobody)
 * that expires `windowMs` after the first failure.
 *
 * While Redis does not answer (stopped, unreachable, past its command timeout), sign-in goes on:
 * failures are counted in this instance's memory instead, so an account under attack is still
 * held (per instance) rather than left open or made unable to sign in. Those counts keep
 * applying once Redis is back, until their window ends.
 */
export function createRedisLoginThrottle(redis: Redis, options: Options = {}): LoginThrottle {
  const { maxFailures, windowMs } = { ...DEFAULTS, ...options };
  const local = createLoginThrottle(options);
  const key = (account: string) =>
    `rentals:login-failures:${createHash("sha256").update(account).digest("hex")}`;

  async function sharedRetryAfterSeconds(account: string): Promise<number> {
    const [[, count], [, ttl]] = (await redis
      .multi()
      .get(key(account))
      .pttl(key(account))
      .exec()) as [[null, string | null], [null, number]];
    if (Number(count ?? 0) < maxFailures || ttl <= 0) return 0;
    return Math.max(1, Math.ceil(ttl / 1000));
  }

  return {
    async retryAfterSeconds(account) {
      const [shared, own] = await Promise.all([
        sharedRetryAfterSeconds(account).catch(() => 0),
        local.retryAfterSeconds(account),
      ]);
      return Math.max(shared, own);
    },
    async recordFailure(account) {
      try {
        // The window starts at the first failure: only a new counter gets the expiry (INCR keeps
        // it). SET NX PX rather than PEXPIRE NX, which needs Redis 7.
        await redis.multi().set(key(account), 0, "PX", windowMs, "NX").incr(key(account)).exec();
      } catch {
        await local.recordFailure(account);
      }
    },
    async recordSuccess(account) {
      await local.recordSuccess(account);
      await redis.del(key(account)).catch(() => undefined);
    },
  };
}
