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
  ) {
    super(message);
  }
}

type Options = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
  /** False for a call that handles a 401 itself (the session check at start). */
  signOutOn401?: boolean;
};

/**
 * The session as the API client needs it, set by the auth feature (lib never imports a feature):
 * the token to send, and what to do when the API says the session is over.
 */
type SessionHooks = { token: () => string | null; onUnauthorized: () => void };
let session: SessionHooks = { token: () => null, onUnauthorized: () => {} };

export function connectSession(hooks: SessionHooks) {
  session = hooks;
}

export async function apiRequest<T>(
  path: string,
  { method = "GET", body, signal, signOutOn401 = true }: Options = {},
): Promise<T> {
  const token = session.token();
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      signal,
      headers: {
        Accept: "application/json",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiError(0, "Server connection failed. Please check your connection and try again.");
  }
  const payload = (await response.json().catch(() => null)) as
    | (T & { message?: string; details?: ApiErrorDetail[] })
    | null;
  // A session the server no longer accepts (expired, password changed): sign out, go to /login.
  if (response.status === 401 && token && signOutOn401) session.onUnauthorized();
  if (!response.ok) {
    throw new ApiError(
      response.status,
      payload?.message ?? `Request failed with status ${response.status}`,
      payload?.details ?? [],
      typeof payload?.message === "string",
    );
  }
  return payload as T;
}

export type UploadProgress = { loaded: number; total: number; percent: number };

/**
 * A multipart upload with progress (fetch cannot report upload progress, XMLHttpRequest can).
 * Same contract as apiRequest: the session's bearer token, JSON back, an ApiError on failure
 * (status 0 when the network failed), an AbortError when `signal` aborts it.
 */
export function apiUpload<T>(
  path: string,
  form: FormData,
  { onProgress, signal }: { onProgress?: (p: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
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
      let payload: (T & { message?: string; details?: ApiErrorDetail[] }) | null = null;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        payload = null;
      }
      if (xhr.status === 401 && token) session.onUnauthorized();
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.({ loaded: 1, total: 1, percent: 100 });
        resolve(payload as T);
        return;
      }
      reject(
        new ApiError(
          xhr.status,
          payload?.message ?? `Request failed with status ${xhr.status}`,
          payload?.details ?? [],
          typeof payload?.message === "string",
        ),
      );
    };
    xhr.onerror = () =>
      reject(
        new ApiError(0, "Server connection failed. Please check your connection and try again."),
      );
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
