import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import type { ApiErrorBody, Contract, ParsedInput, SuccessBody } from "#domain/api/contract";
import { isRaw, successStatus } from "#domain/api/wire";

/**
 * The web tests' one way to answer API calls: request handlers built from the contracts, so a
 * handler's path, method and answers are the contract's own. An answer that does not match the
 * contract's schema for its status fails the test, and so does a request no handler expects
 * (`onUnhandledRequest: "error"`, set in web-setup.ts).
 */
export const apiServer = setupServer();

/** What a handler sees of a call: its parsed params, query and JSON body, and the raw request. */
export type Call<C extends Contract> = {
  params: ParsedInput<C>["params"];
  query: Record<string, string>;
  body: C["body"] extends undefined ? undefined : unknown;
  request: Request;
};

/** An answer: the success body, a status with a body (a refusal), or a network failure. */
export type Answer<C extends Contract> =
  | SuccessBody<C>
  | { status: number; body: ApiErrorBody | SuccessBody<C>; headers?: Record<string, string> }
  | typeof networkFailure;

/** The network is down, or the server is unreachable. */
export const networkFailure = Symbol("network failure");

const isStatusAnswer = (
  value: unknown,
): value is { status: number; body: unknown; headers?: Record<string, string> } =>
  typeof value === "object" &&
  value !== null &&
  "status" in value &&
  typeof (value as { status: unknown }).status === "number" &&
  "body" in value;

/** A refusal in the API's error format, with the message the server would send. */
export function refuse(status: number, message: string, details?: ApiErrorBody["details"]) {
  return { status, body: { error: errorCodes[status] ?? "bad_request", message, details } };
}

/** A refusal with the server's own code for it (`password_incorrect`, `mfa_code_invalid`...). */
export function refuseWithCode(status: number, code: string, message: string) {
  return { status, body: { error: code, message } };
}

const errorCodes: Record<number, string> = {
  400: "validation_failed",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  410: "link_expired",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "too_many_requests",
  500: "internal",
  503: "unavailable",
};

/**
 * A request handler for one contract. The resolver returns the success body, `refuse(...)`,
 * `{status, body}` or `networkFailure`; the answer is checked against the contract first.
 */
export function handle<C extends Contract>(
  contract: C,
  resolve: (call: Call<C>) => Answer<C> | Promise<Answer<C>>,
) {
  const method = contract.method.toLowerCase() as Lowercase<C["method"]>;
  return http[method](contract.path, async ({ request, params }) => {
    const url = new URL(request.url);
    const body =
      contract.body && request.headers.get("content-type")?.includes("json")
        ? await request.clone().json()
        : undefined;
    const call = {
      params: params as ParsedInput<C>["params"],
      query: Object.fromEntries(url.searchParams),
      body,
      request,
    } as Call<C>;
    const answer = await resolve(call);
    if (answer === networkFailure) return HttpResponse.error();
    const {
      status,
      body: payload,
      headers,
    } = isStatusAnswer(answer)
      ? answer
      : { status: successStatus(contract), body: answer, headers: undefined };
    const schema = contract.responses[status];
    if (schema === undefined) {
      throw new Error(`${contract.id}: the contract declares no ${status} answer`);
    }
    if (!isRaw(schema)) {
      const parsed = schema.safeParse(payload);
      if (!parsed.success) {
        throw new Error(
          `${contract.id}: this ${status} answer breaks the contract: ${parsed.error.message}`,
        );
      }
    }
    return HttpResponse.json(payload as never, { status, headers });
  });
}

/** Installs handlers for the current test (reset after each test). */
export function answer(...handlers: ReturnType<typeof handle>[]) {
  apiServer.use(...handlers);
}
