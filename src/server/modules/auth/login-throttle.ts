import { createHash } from "node:crypto";
import type { Redis } from "ioredis";

/**
 * Sign-in attempts, counted in buckets (an account, an account on a known browser, an address)
 * with growing delays rather than a lock. Each bucket lets `free` attempts through at once; after
 * that, each further attempt must wait, twice as long each time, up to `maxMs`. A bucket is
 * forgotten after `idleMs` without attempts.
 *
 * An attempt is taken BEFORE the password is checked, on all of its buckets at once or on none:
 * twenty simultaneous guesses check at most `free` passwords, not twenty. A wrong password
 * leaves the attempt counted; a right one forgives the account's bucket and gives the attempt
 * back to the others.
 *
 * In memory for one instance; in Redis (REDIS_URL) when several instances must share the count,
 * one Lua script per step, so the check and the count are one atomic step there too.
 */
export type DelayRule = {
  readonly free: number;
  readonly baseMs: number;
  readonly maxMs: number;
  readonly idleMs: number;
};

export type Bucket = { readonly name: string; readonly rule: DelayRule };

/** Per account (or per account on one known browser): 5 at once, then 1 s, 2 s, 4 s ... 15 min. */
export const ACCOUNT_RULE: DelayRule = {
  free: 5,
  baseMs: 1_000,
  maxMs: 15 * 60_000,
  idleMs: 24 * 3_600_000,
};

/** Per address, over every account it tries: 20 at once, then the same growing delays. */
export const ADDRESS_RULE: DelayRule = {
  free: 20,
  baseMs: 1_000,
  maxMs: 15 * 60_000,
  idleMs: 3_600_000,
};

export type LoginThrottle = {
  /**
   * Takes one attempt on every bucket, or on none: 0 when taken, else the seconds until every
   * bucket allows one.
   */
  take(buckets: readonly Bucket[]): Promise<number>;
  /** After a right password: `forgive` buckets start over, `refund` buckets get the attempt back. */
  settle(outcome: { forgive: readonly Bucket[]; refund: readonly Bucket[] }): Promise<void>;
};

/** The wait after the `count`-th attempt of a bucket. */
export function delayAfter(count: number, rule: DelayRule): number {
  if (count < rule.free) return 0;
  return Math.min(rule.maxMs, rule.baseMs * 2 ** (count - rule.free));
}

/** The most buckets kept in memory: the oldest are dropped first (an address flood stays bounded). */
const MEMORY_BUCKETS = 100_000;

export function createLoginThrottle(options: { now?: () => number } = {}): LoginThrottle {
  const now = options.now ?? Date.now;
  // Insertion order is last-use order: a used bucket is deleted and set again.
  const buckets = new Map<string, { count: number; next: number; touched: number }>();

  const current = (bucket: Bucket) => {
    const entry = buckets.get(bucket.name);
    if (entry && now() - entry.touched >= bucket.rule.idleMs) {
      buckets.delete(bucket.name);
      return undefined;
    }
    return entry;
  };

  return {
    async take(wanted) {
      // No await between the check and the count: one step for this instance.
      const at = now();
      const wait = Math.max(0, ...wanted.map((b) => (current(b)?.next ?? 0) - at));
      if (wait > 0) return Math.ceil(wait / 1000);
      for (const bucket of wanted) {
        const count = (current(bucket)?.count ?? 0) + 1;
        buckets.delete(bucket.name);
        buckets.set(bucket.name, { count, next: at + delayAfter(count, bucket.rule), touched: at });
      }
      while (buckets.size > MEMORY_BUCKETS) buckets.delete(buckets.keys().next().value!);
      return 0;
    },
    async settle({ forgive, refund }) {
      for (const bucket of forgive) buckets.delete(bucket.name);
      for (const bucket of refund) {
        const entry = current(bucket);
        if (entry) entry.count = Math.max(0, entry.count - 1);
      }
    },
  };
}

// KEYS: the buckets; ARGV: free, baseMs, maxMs, idleMs for each. Time is the Redis server's, so
// instances whose clocks differ still agree.
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local wait = 0
for i, key in ipairs(KEYS) do
  local nxt = tonumber(redis.call('HGET', key, 'next') or '0')
  if nxt - now > wait then wait = nxt - now end
end
if wait > 0 then return wait end
for i, key in ipairs(KEYS) do
  local a = (i - 1) * 4
  local free, base, max, idle = tonumber(ARGV[a + 1]), tonumber(ARGV[a + 2]), tonumber(ARGV[a + 3]), tonumber(ARGV[a + 4])
  local count = redis.call('HINCRBY', key, 'count', 1)
  local delay = 0
  if count >= free then delay = math.min(max, base * 2 ^ (count - free)) end
  redis.call('HSET', key, 'next', now + delay)
  redis.call('PEXPIRE', key, idle)
end
return 0
`;

const REFUND = `
for i, key in ipairs(KEYS) do
  if tonumber(redis.call('HGET', key, 'count') or '0') > 0 then
    redis.call('HINCRBY', key, 'count', -1)
  end
end
return 0
`;

/**
 * The same rule in Redis: one hash per bucket (its name hashed, so the keys name nobody).
 *
 * Each instance also counts in its own memory, first. While Redis does not answer (stopped,
 * unreachable, past its command timeout), sign-in goes on with those counts alone, so an account
 * under attack is still slowed (per instance) rather than left open or made unable to sign in;
 * and what was counted meanwhile keeps slowing it once Redis is back.
 */
export function createRedisLoginThrottle(redis: Redis): LoginThrottle {
  const local = createLoginThrottle();
  const key = (bucket: Bucket) =>
    `rentals:login:${createHash("sha256").update(bucket.name).digest("hex")}`;

  return {
    async take(wanted) {
      // This instance counts too: what it counted while Redis was away still slows afterwards.
      const own = await local.take(wanted);
      if (own > 0) return own;
      const args = wanted.flatMap(({ rule }) => [rule.free, rule.baseMs, rule.maxMs, rule.idleMs]);
      try {
        const waitMs = Number(await redis.eval(TAKE, wanted.length, ...wanted.map(key), ...args));
        return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
      } catch {
        return 0;
      }
    },
    async settle(outcome) {
      await local.settle(outcome);
      try {
        if (outcome.forgive.length > 0) await redis.del(...outcome.forgive.map(key));
        if (outcome.refund.length > 0)
          await redis.eval(REFUND, outcome.refund.length, ...outcome.refund.map(key));
      } catch {
        // Redis away: the attempt stays counted there, which only slows, never opens.
      }
    },
  };
}
