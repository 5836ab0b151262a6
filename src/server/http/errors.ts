import { MAX_ERROR_DETAILS } from "#domain/api/contract";
import { messages } from "#domain/messages";

/**
 * Public errors: made by factories, carrying a code, a status and a message the client may show.
 * The error handler sends them as {error, message, details?}; anything else becomes a plain 500.
 */
export type ErrorDetail = { path: string; msg: string };
/** What a refusal may list: fields with their message, or richer records (each a plain object). */
type Details = ReadonlyArray<ErrorDetail | Readonly<Record<string, string>>>;

export class AppError extends Error {
  override name = "AppError";
  readonly details?: Details;
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    details?: Details,
  ) {
    super(message);
    this.details = details?.slice(0, MAX_ERROR_DETAILS);
  }
}

export const badRequest = (message: string, details?: ErrorDetail[]) =>
  new AppError(400, "bad_request", message, details);

/** A schema's issues (zod's shape) as the details a client shows beside each field. */
export type SchemaIssue = { path: PropertyKey[]; message: string };
export const issueDetails = (issues: SchemaIssue[]): ErrorDetail[] =>
  issues.map((issue) => ({ path: issue.path.join("."), msg: issue.message }));

/**
 * 400 for fields a schema refused where the route's own validation could not see them (e.g. the
 * text fields of a multipart body): the same answer as a refused JSON body.
 */
export function validationFailed(issues: SchemaIssue[]): AppError {
  const details = issueDetails(issues);
  return new AppError(400, "validation_failed", details[0]?.msg ?? "Invalid input", details);
}
export const unauthorized = (message: string = messages.server.signInRequired) =>
  new AppError(401, "unauthorized", message);
export const forbidden = (message = "You are not allowed to do that.") =>
  new AppError(403, "forbidden", message);
export const notFound = (message: string = messages.server.notFound) =>
  new AppError(404, "not_found", message);
export const conflict = (message: string) => new AppError(409, "conflict", message);
/** A refusal that will pass: 429 or 503, with the seconds to wait sent as Retry-After. */
export class RetryLaterError extends AppError {
  constructor(
    statusCode: 429 | 503,
    code: string,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(statusCode, code, message);
  }
}

export const tooManyRequests = (retryAfterSeconds?: number) =>
  new RetryLaterError(429, "too_many_requests", messages.server.tooManyRequests, retryAfterSeconds);

/** What a client is told to wait when a service the app needs is away (a restart takes seconds). */
export const UNAVAILABLE_RETRY_SECONDS = 5;

/** 503: the database or the object store is away for now; nothing was done. */
export const serviceUnavailable = (message: string = messages.server.unavailable) =>
  new RetryLaterError(503, "service_unavailable", message, UNAVAILABLE_RETRY_SECONDS);

/** 507: the disk has no room for what was sent; nothing was kept. */
export const insufficientStorage = () =>
  new AppError(507, "insufficient_storage", messages.server.storageFull);

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** The SQLSTATE of a PostgreSQL error, looked for through wrapping errors (Drizzle wraps pg's). */
export function sqlState(error: unknown): string | undefined {
  for (let e = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * Data the database refuses as such (a NUL character in text, a number out of range, an
 * impossible date): the request's fault, never a 500. Schemas refuse most of it first; this is
 * the net under them.
 */
const badDataStates = new Set(["22021", "22P05", "22003", "22P02", "22007", "22008", "22001"]);

export function isBadDataError(error: unknown): boolean {
  const state = sqlState(error);
  return state !== undefined && badDataStates.has(state);
}
