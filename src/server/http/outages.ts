import { messages } from "#domain/messages";
import { StorageUnavailableError } from "../storage/store-errors";
import { type AppError, insufficientStorage, serviceUnavailable, sqlState } from "./errors";

/**
 * Failures that are no one's fault in the request and that pass: a service the app needs is
 * away (PostgreSQL restarting, a dropped connection, the bucket unreachable) or the disk is
 * full. They become public errors (503 with Retry-After, or 507) instead of a 500, so a client
 * knows to try again, and a load balancer or a retrying client sees a clear signal.
 */

/** PostgreSQL's SQLSTATEs for a server that is away, going away or refusing connections. */
const unavailableStates = new Set([
  "08000", // connection_exception
  "08001", // sqlclient_unable_to_establish_sqlconnection
  "08003", // connection_does_not_exist
  "08004", // sqlserver_rejected_establishment_of_sqlconnection
  "08006", // connection_failure
  "57P01", // admin_shutdown (a fast or smart stop)
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up, shutting down, in recovery)
  "53300", // too_many_connections
  "57014", // query_canceled: the statement timeout, a server too slow to answer now
]);

/** A socket's errors: the peer is not there, went away or does not answer. */
const networkCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);

/** node-postgres says these in words: a connection that ended or never came within its timeout. */
const poolMessages = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Query read timeout/,
];

/** No room left on a disk (or in a quota): nothing can be written until space is freed. */
const diskFullCodes = new Set(["ENOSPC", "EDQUOT"]);

export type Outage = "unavailable" | "storage" | "disk_full";

/** The error and what it wraps (Drizzle wraps pg's errors; a failed connect may be an AggregateError). */
function* chain(error: unknown): Generator<Error> {
  const seen = new Set<unknown>();
  const queue = [error];
  while (queue.length > 0) {
    const e = queue.shift();
    if (!(e instanceof Error) || seen.has(e)) continue;
    seen.add(e);
    yield e;
    queue.push(e.cause);
    if (e instanceof AggregateError) queue.push(...e.errors);
  }
}

/** Which outage `error` comes from, if any. */
export function outageOf(error: unknown): Outage | undefined {
  let found: Outage | undefined;
  for (const e of chain(error)) {
    if (e instanceof StorageUnavailableError) return "storage";
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && diskFullCodes.has(code)) return "disk_full";
    if (
      (typeof code === "string" && networkCodes.has(code)) ||
      poolMessages.some((pattern) => pattern.test(e.message))
    ) {
      found ??= "unavailable";
    }
  }
  const state = sqlState(error);
  if (state !== undefined && unavailableStates.has(state)) found ??= "unavailable";
  return found;
}

/** The public error for an outage, or undefined when `error` is not one. */
export function outageError(error: unknown): AppError | undefined {
  switch (outageOf(error)) {
    case "storage":
      return serviceUnavailable(messages.server.storageUnavailable);
    case "disk_full":
      return insufficientStorage();
    case "unavailable":
      return serviceUnavailable();
    default:
      return undefined;
  }
}
