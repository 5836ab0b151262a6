import type { AuditAction } from "#domain/audit";
import { z } from "#domain/zod";
import { type Guard, type Method, type RawResponse, type Resource, raw } from "./wire";

/**
 * One contract per endpoint: the only place an API path is written. The server registers its
 * route from it (guard, schemas, cache invalidation), the browser's typed `request` and its
 * TanStack Query options derive from it, the web tests' request handlers are built from it, and
 * `/api/openapi.json` is generated from it. Isomorphic: zod and nothing else.
 */

export type ResponseSpec = z.ZodType | RawResponse;

/** Multipart form fields of an upload, for the OpenAPI document (the route reads the parts). */
export type MultipartSpec = {
  readonly files: { readonly name: string; readonly description: string };
  readonly fields?: z.ZodObject;
  /** The parser's bounds: how many files, and the size of each (`request.parts({ limits })`). */
  readonly limits: { readonly files: number; readonly fileSize: number };
};

/** The most a JSON body may weigh, unless its contract says otherwise. */
export const JSON_BODY_LIMIT = 64 * 1024;
/**
 * What a route without a body reads of one a client sends anyway (an empty `{}`, say): it is
 * read and dropped, never parsed.
 */
export const NO_BODY_LIMIT = 1024;
/** How deep arrays and objects may nest in a JSON body: deeper is refused before it is parsed. */
export const JSON_MAX_DEPTH = 32;

/**
 * The most a multipart request may carry: its files at their size limit, plus room for the
 * fields and part headers. A refused request's body is read up to it before the refusal is
 * answered, so that the client reads the answer.
 */
export function multipartBodyLimit(limits: MultipartSpec["limits"]): number {
  return limits.files * limits.fileSize + 1024 * 1024;
}

type Shared = {
  /** `area.name`, set by defineApi: the OpenAPI operationId and the query key. */
  readonly id: string;
  readonly summary: string;
  /** Fastify's syntax: `/api/properties/:id`, `/uploads/*`. */
  readonly path: string;
  readonly guard: Guard;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  readonly multipart?: MultipartSpec;
  /**
   * The most bytes the route reads of a body (set by defineApi when the draft does not say):
   * its files' limits for an upload, JSON_BODY_LIMIT for JSON, NO_BODY_LIMIT without a body.
   */
  readonly bodyLimit?: number;
  /** Every status the route answers, with its body. Platform refusals are added by defineApi. */
  readonly responses: Readonly<Record<number, ResponseSpec>>;
  /**
   * The audit trail's action for a success of this route: every administrator's write names
   * one, and so do a read worth recording (a tenant document fetched) and a person's sign-out
   * and ended sessions. The server records one event per success, with the actor, the record
   * and what changed.
   */
  readonly audit?: AuditAction;
  /**
   * Why a GET whose list may pass a page (PAGE_LIMIT_MAX) still answers it whole: a bound of
   * its own that no growth of the agency moves (a person's last 200 notifications). Every other
   * list longer than a page takes `limit` and `cursor` (tests/unit/list-bounds.test.ts).
   */
  readonly unpaged?: string;
};

export type ReadContract = Shared & {
  readonly method: "GET";
  /** The family of data this answer belongs to: writes that invalidate it refetch it. */
  readonly reads?: Resource;
};

export type WriteContract = Shared & {
  readonly method: Exclude<Method, "GET">;
  /** What this write makes stale; `[]` says, on purpose, that it changes nothing cached. */
  readonly invalidates: readonly Resource[];
};

export type Contract = ReadContract | WriteContract;

type Draft = Omit<ReadContract, "id"> | Omit<WriteContract, "id">;

function bodyLimitOf(draft: Draft): number {
  if (draft.bodyLimit !== undefined) return draft.bodyLimit;
  if (draft.multipart) return multipartBodyLimit(draft.multipart.limits);
  return draft.body ? JSON_BODY_LIMIT : NO_BODY_LIMIT;
}

/** The most details a refusal lists: a body with a thousand bad items is told of the first ones. */
export const MAX_ERROR_DETAILS = 100;

/** The API's one error format: `{error, message, details?}` with `details` for validation. */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  details: z
    .array(z.object({ path: z.string(), msg: z.string() }))
    .max(MAX_ERROR_DETAILS)
    .optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** The answer of a write that returns no data: `{success: true, message}`. */
export const doneSchema = z.object({ success: z.literal(true), message: z.string() });

/** A path's `:id`, read as text: each route answers 404 for one that is not a positive integer. */
export const idParams = z.object({ id: z.string() });
export const tokenParams = z.object({ token: z.string() });

/** A 304 to a conditional GET whose ETag still matches: no body. */
export const notModified = raw("", "Not modified: the ETag sent in If-None-Match still matches.");

/**
 * Refusals the platform makes before or around any handler: input that does not parse or nests
 * too deeply (400), a body that does not arrive in time (408), a body too large (413) or of a type no route reads (415), the guards (401, 403), the rate
 * limit (429), an unexpected failure (500, never with a stack or SQL), a service away (503: the
 * database or the object store, with Retry-After), and for a write the disk full (507).
 * Every contract answers these in the error format.
 */
function platformErrors(draft: Draft): Record<number, ResponseSpec> {
  const errors: Record<number, ResponseSpec> = {
    // Any request may be malformed before its route reads it (a Host that is no host name).
    400: apiErrorSchema,
    429: apiErrorSchema,
    500: apiErrorSchema,
    503: apiErrorSchema,
  };
  if (draft.method !== "GET") {
    errors[408] = apiErrorSchema;
    errors[413] = apiErrorSchema;
    errors[415] = apiErrorSchema;
    errors[507] = apiErrorSchema;
  }
  if (draft.guard !== "public") errors[401] = apiErrorSchema;
  if (draft.guard !== "public" && draft.guard !== "session") errors[403] = apiErrorSchema;
  return errors;
}

/**
 * An area's contracts, each given its id (`area.key`), its body limit and the platform's
 * refusals. The drafts' own responses win over the defaults, so a route may describe a refusal
 * more precisely.
 */
export function defineApi<const T extends Record<string, Draft>>(
  area: string,
  drafts: T,
): { readonly [K in keyof T]: T[K] & { readonly id: string; readonly bodyLimit: number } } {
  const out: Record<string, Contract> = {};
  for (const [key, draft] of Object.entries(drafts)) {
    out[key] = {
      ...draft,
      id: `${area}.${key}`,
      bodyLimit: bodyLimitOf(draft),
      responses: { ...platformErrors(draft), ...draft.responses },
    } as Contract;
  }
  return out as unknown as {
    readonly [K in keyof T]: T[K] & { readonly id: string; readonly bodyLimit: number };
  };
}

// ---- Types derived from a contract ----------------------------------------------------------

type Out<S> = S extends z.ZodType ? z.output<S> : never;
type In<S> = S extends z.ZodType ? z.input<S> : never;

type SuccessStatus = 200 | 201 | 202 | 204;

/** The body of the contract's success answer (its 2xx JSON schema's output). */
export type SuccessBody<C extends Contract> = {
  [S in keyof C["responses"]]: S extends SuccessStatus ? Out<C["responses"][S]> : never;
}[keyof C["responses"]];

/** What a caller sends: params, query and body as their schemas accept them. */
export type RequestInput<C extends Contract> = (C["params"] extends z.ZodType
  ? { params: In<C["params"]> }
  : { params?: undefined }) &
  (C["query"] extends z.ZodType ? { query?: In<C["query"]> } : { query?: undefined }) &
  (C["body"] extends z.ZodType ? { body: In<C["body"]> } : { body?: undefined });

/** What a handler receives after validation. */
export type ParsedInput<C extends Contract> = {
  params: C["params"] extends z.ZodType ? Out<C["params"]> : Record<string, never>;
  query: C["query"] extends z.ZodType ? Out<C["query"]> : Record<string, never>;
  body: C["body"] extends z.ZodType ? Out<C["body"]> : undefined;
};
