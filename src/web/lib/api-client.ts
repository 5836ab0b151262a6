import type { Contract, RequestInput, SuccessBody, WriteContract } from "#domain/api/contract";
import { buildUrl, isRaw } from "#domain/api/wire";
import { messages } from "#domain/messages";

/**
 * The one way the browser calls the API: JSON in, JSON out, and a failure as an ApiError carrying
 * the server's message and details ({error, message, details?}).
 */
export type ApiErrorDetail = { path: string; msg: string };

export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: number,
    message: string,
    readonly details: ApiErrorDetail[] = [],
    /** True when the message is the server's own words, not a stand-in. */
    readonly fromServer = false,
    /** The server's code for the refusal (`error` in its answer), e.g. "password_incorrect". */
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

/**
 * The session as the API client needs it, set by the auth feature (lib never imports a feature):
 * the token to send, and what to do when the API says the session is over.
 */
type SessionHooks = { token: () => string | null; onUnauthorized: () => void };
let session: SessionHooks = { token: () => null, onUnauthorized: () => {} };

export function connectSession(hooks: SessionHooks) {
  session = hooks;
}

export type RequestOptions = {
  signal?: AbortSignal;
  /** False for a call that handles a 401 itself (the session check at start). */
  signOutOn401?: boolean;
  /** The bearer token to send instead of the session's (sign-out, after the session is cleared). */
  token?: string;
};

export const connectionFailed =
  "Server connection failed. Please check your connection and try again.";

/**
 * Reads in flight with the session's token. Signing out cancels them before the server ends the
 * session: their answers no longer matter, and a read that reached the server after the sign-out
 * would only come back as a 401 the browser reports as a failed resource.
 */
const sessionReads = new Set<AbortController>();

export function abortSessionReads() {
  for (const controller of sessionReads) controller.abort();
  sessionReads.clear();
}

/** A signal that aborts with the caller's, and also when the session's reads are cancelled. */
function trackedRead(callerSignal: AbortSignal | undefined): AbortController {
  const controller = new AbortController();
  if (callerSignal?.aborted) controller.abort();
  callerSignal?.addEventListener("abort", () => controller.abort(), { once: true });
  sessionReads.add(controller);
  return controller;
}

/**
 * Calls the endpoint a contract describes: its path filled from `input.params`, its query and
 * JSON body, the session's bearer token. The answer is checked against the contract's schema for
 * its status, so what the caller gets is typed by the contract itself; a refusal becomes an
 * ApiError with the server's message and details.
 */
export async function request<C extends Contract>(
  contract: C,
  input: RequestInput<C>,
  options: RequestOptions = {},
): Promise<SuccessBody<C>> {
  return (await requestWithHeaders(contract, input, options)).body;
}

/**
 * `request`, with the answer's headers too: where a list whose answer is a bare array names its
 * next page (the `Link: <...>; rel="next"` header, or the back office's X-Next-Cursor).
 */
export async function requestWithHeaders<C extends Contract>(
  contract: C,
  input: RequestInput<C>,
  options: RequestOptions = {},
): Promise<{ body: SuccessBody<C>; headers: Headers }> {
  const { signOutOn401 = true } = options;
  const token = options.token ?? session.token();
  // A read that needs a session, with none: the server can only refuse it, so it is refused here
  // with the server's words, before the network. After a sign-out the screens still mounted under
  // 'Logging out...' refetch what the emptied cache lost; those reads never leave the browser.
  if (!token && contract.guard !== "public" && contract.method === "GET") {
    throw new ApiError(401, messages.server.signInRequired, [], true, "unauthorized");
  }
  const body = input.body;
  const read =
    contract.method === "GET" && token && !options.token ? trackedRead(options.signal) : null;
  const signal = read?.signal ?? options.signal;
  let response: Response;
  try {
    response = await fetch(buildUrl(contract, input.params, input.query), {
      method: contract.method,
      signal,
      headers: {
        Accept: "application/json",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    if (read) sessionReads.delete(read);
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiError(0, connectionFailed);
  }
  const payload: unknown = await response.json().catch(() => null);
  if (read) {
    sessionReads.delete(read);
    // Cancelled while its body was read: the same as cancelled before the answer.
    if (read.signal.aborted) throw new DOMException("The read was cancelled", "AbortError");
  }
  // A session the server no longer accepts (expired, password changed): sign out, go to /login.
  if (response.status === 401 && token && signOutOn401) session.onUnauthorized();
  return { body: answerOf(contract, response.status, payload), headers: response.headers };
}

/** The `cursor` of a `Link: <...>; rel="next"` header, or null when the answer names none. */
export function nextCursorOfLink(link: string | null): string | null {
  const target = link?.match(/<([^>]*)>\s*;\s*rel="next"/)?.[1];
  if (target === undefined) return null;
  return new URL(target, "http://link.invalid").searchParams.get("cursor");
}

/**
 * A file the API makes (an export): the body of a contract's raw answer as a Blob, with the
 * session's token; a POST's body is sent as JSON (an export whose input stays out of the URL).
 * A refusal is an ApiError with the server's message, as for `request`.
 */
export async function fetchFile<C extends Contract>(
  contract: C,
  input: RequestInput<C>,
): Promise<Blob> {
  const token = session.token();
  const body = (input as { body?: unknown }).body;
  let response: Response;
  try {
    response = await fetch(buildUrl(contract, input.params, input.query), {
      method: contract.method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, connectionFailed);
  }
  if (response.ok) return response.blob();
  const payload: unknown = await response.json().catch(() => null);
  if (response.status === 401 && token) session.onUnauthorized();
  throw refusal(response.status, payload);
}

/**
 * The line under a failure's title: the network's failure or the server's own words, which say
 * more than a status code; otherwise a plain "try again".
 */
export function failureDetail(error: unknown): string {
  if (error instanceof ApiError && (error.status === 0 || error.fromServer)) return error.message;
  return tryAgainLater;
}

/** What a failure without words of its own says. */
export const tryAgainLater = "Please try again in a moment.";

/** The typed success body, or the ApiError a refusal (or an answer the contract denies) means. */
function answerOf<C extends Contract>(
  contract: C,
  status: number,
  payload: unknown,
): SuccessBody<C> {
  if (status < 200 || status >= 300) throw refusal(status, payload);
  const schema = contract.responses[status];
  if (schema === undefined || isRaw(schema)) {
    throw new ApiError(status, `Unexpected answer (${status}) from ${contract.path}`);
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiError(status, `Unexpected answer (${status}) from ${contract.path}`);
  }
  // Parsed by the contract's own schema for this status: the cast only names the type that
  // TypeScript cannot follow through the generic contract.
  return parsed.data as SuccessBody<C>;
}

/**
 * A refusal in the API's error format keeps the server's message and details; anything else (a
 * proxy's page, an empty body) gets a stand-in. Checked by hand: this module is in every public
 * page's first view, where zod is not.
 */
function refusal(status: number, payload: unknown): ApiError {
  if (typeof payload !== "object" || payload === null) return standIn(status);
  const { error, message, details } = payload as {
    error?: unknown;
    message?: unknown;
    details?: unknown;
  };
  if (typeof message !== "string") return standIn(status);
  const detailList = Array.isArray(details)
    ? details.filter(
        (d): d is ApiErrorDetail =>
          typeof d === "object" &&
          d !== null &&
          typeof d.path === "string" &&
          typeof d.msg === "string",
      )
    : [];
  return new ApiError(status, message, detailList, true, typeof error === "string" ? error : null);
}

/** True when `error` is the API's refusal with this code. */
export function isRefusal(error: unknown, code: string): error is ApiError {
  return error instanceof ApiError && error.code === code;
}

const standIn = (status: number) => new ApiError(status, `Request failed with status ${status}`);

export type UploadProgress = { loaded: number; total: number; percent: number };

/**
 * A multipart upload with progress (fetch cannot report upload progress, XMLHttpRequest can) to
 * the endpoint a contract describes. Same rules as `request`: the session's bearer token, the
 * answer checked against the contract, an ApiError on failure (status 0 when the network
 * failed), an AbortError when `signal` aborts it.
 */
export function upload<C extends WriteContract>(
  contract: C,
  input: Pick<RequestInput<C>, "params">,
  form: FormData,
  { onProgress, signal }: { onProgress?: (p: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<SuccessBody<C>> {
  return new Promise<SuccessBody<C>>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(contract.method, buildUrl(contract, input.params));
    xhr.responseType = "text";
    xhr.setRequestHeader("Accept", "application/json");
    const token = session.token();
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable || !onProgress) return;
      onProgress({
        loaded: event.loaded,
        total: event.total,
        percent: event.total > 0 ? (event.loaded / event.total) * 100 : 0,
      });
    };
    xhr.onload = () => {
      let payload: unknown = null;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        payload = null;
      }
      if (xhr.status === 401 && token) session.onUnauthorized();
      try {
        const answer = answerOf(contract, xhr.status, payload);
        onProgress?.({ loaded: 1, total: 1, percent: 100 });
        resolve(answer);
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new ApiError(0, connectionFailed));
    xhr.onabort = () => reject(new DOMException("The upload was aborted.", "AbortError"));
    if (signal) {
      if (signal.aborted) {
        xhr.abort();
        return;
      }
      signal.addEventListener("abort", () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
