/**
 * What a call looks like on the wire, without zod: who may call, the families of data a write
 * makes stale, answers that are not JSON, URLs and success statuses. The browser's shared code
 * (the API client) imports this, never the schemas, so no public page loads zod on arrival.
 */

/** Every API path starts here; anything under it that no contract names is a JSON 404. */
export const API_PREFIX = "/api/";

/**
 * Who may call: anybody; any session, even one whose administrator must first add a second
 * step (`session`: the session check, signing out, adding a step); any signed-in user with full
 * access (`user`: under MFA_REQUIRED an administrator has a second step); a signed-in tenant; an
 * administrator.
 */
export type Guard = "public" | "session" | "user" | "tenant" | "admin";

/**
 * Families of data a write can make stale. The server empties what it caches for them (the
 * public listing pages and API for `listings`) before the write's answer leaves; the browser
 * refetches every query that reads them.
 */
export const resources = [
  "listings",
  "inquiries",
  "tenant-files",
  "document-requests",
  "outgoing-mail",
  "audit",
  "sessions",
  "mfa",
  "staff",
  "tenants",
  "maintenance",
  "notifications",
  "privacy-requests",
  "showings",
  "applications",
  "waitlists",
] as const;
export type Resource = (typeof resources)[number];

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** An answer that is not JSON (a file, a page, a redirect, no body): described, not validated. */
export type RawResponse = {
  readonly kind: "raw";
  readonly contentType: string;
  readonly description: string;
};

export const raw = (contentType: string, description: string): RawResponse => ({
  kind: "raw",
  contentType,
  description,
});

/** The names of a path's parameters, in order (`/api/x/:id/images/:imageId` -> id, imageId). */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
}

/**
 * The URL of a call: each `:name` replaced by its encoded value, a trailing `*` by
 * `params["*"]` (each of its segments encoded, its slashes kept), then the query if any.
 */
export function buildUrl(
  contract: { readonly path: string },
  params: Record<string, unknown> | undefined,
  query?: Record<string, unknown>,
): string {
  const value = (name: string) => {
    const v = params?.[name];
    if (v === undefined || v === null)
      throw new Error(`${contract.path}: missing the parameter ${name}`);
    return String(v);
  };
  const path = contract.path
    .replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(value(name)))
    .replace(/\*$/, () => value("*").split("/").map(encodeURIComponent).join("/"));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === "") continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * The success status a route answers when its handler returns a body. (A contract's shape is
 * written out, not imported: contract.ts imports this file.)
 */
export function successStatus(contract: {
  readonly responses: Readonly<Record<number, unknown>>;
}): number {
  const statuses = Object.keys(contract.responses).map(Number);
  return statuses.find((s) => s >= 200 && s < 300) ?? 200;
}

export function isRaw(spec: unknown): spec is RawResponse {
  return typeof spec === "object" && spec !== null && (spec as RawResponse).kind === "raw";
}
