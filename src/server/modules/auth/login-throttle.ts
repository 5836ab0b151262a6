/**
 * Failed sign-ins per account: after `maxFailures` within `windowMs`, that account refuses
 * sign-in (even with the right password) until the window ends. Per-address limits are the rate
 * limiter's job; this stops a slow guess spread over many addresses. Kept in memory, like the
 * rate-limit counters (DESIGN.md section 7: to become Redis for several instances).
 */
export type LoginThrottle = {
  /** Seconds to wait before trying again, or 0 when the account may try now. */
  retryAfterSeconds(account: string): number;
  recordFailure(account: string): void;
  recordSuccess(account: string): void;
};

export function createLoginThrottle(
  options: { maxFailures?: number; windowMs?: number; now?: () => number } = {},
): LoginThrottle {
  const { maxFailures = 5, windowMs = 15 * 60_000, now = Date.now } = options;
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
    retryAfterSeconds(account) {
      const entry = current(account);
      if (!entry || entry.count < maxFailures) return 0;
      return Math.max(1, Math.ceil((entry.since + windowMs - now()) / 1000));
    },
    recordFailure(account) {
      const entry = current(account);
      if (entry) entry.count++;
      else failures.set(account, { count: 1, since: now() });
    },
    recordSuccess(account) {
      failures.delete(account);
    },
  };
}
