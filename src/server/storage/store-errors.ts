/**
 * The object store could not be reached, or answered that it cannot serve now (a bucket's 5xx,
 * a dropped connection, a timeout): nothing the client did, and likely to pass. The error handler
 * answers it 503 with Retry-After; the original error is its cause, for the log.
 */
export class StorageUnavailableError extends Error {
  override name = "StorageUnavailableError";
  /** True when the store said nothing before the call's deadline (rather than refusing). */
  readonly timedOut: boolean;
  constructor(cause: unknown, { timedOut = false }: { timedOut?: boolean } = {}) {
    super(`The object store is unavailable: ${(cause as Error)?.message ?? String(cause)}`, {
      cause,
    });
    this.timedOut = timedOut;
  }
}
