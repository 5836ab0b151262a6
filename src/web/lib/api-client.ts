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
  ) {
    super(message);
  }
}

type Options = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
};

export async function apiRequest<T>(
  path: string,
  { method = "GET", body, signal }: Options = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      signal,
      headers: {
        Accept: "application/json",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
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
  if (!response.ok) {
    throw new ApiError(
      response.status,
      payload?.message ?? `Request failed with status ${response.status}`,
      payload?.details ?? [],
    );
  }
  return payload as T;
}
