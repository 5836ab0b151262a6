import { STATUS_CODES } from "node:http";
import {
  apiErrorSchema,
  type Contract,
  doneSchema,
  type MultipartSpec,
  type ResponseSpec,
} from "#domain/api/contract";
import { type Guard, isRaw } from "#domain/api/wire";
import { site } from "#domain/site";
import { z } from "#domain/zod";

/**
 * The OpenAPI 3.1 document of the API, built from the contracts alone: one operation per
 * contract, its inputs as the schemas accept them and its answers as the server sends them. A
 * pure function of its arguments; the server builds it once per process.
 */

type JsonSchema = { [key: string]: unknown };

export type OpenApiDocument = {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, unknown>;
    schemas: Record<string, JsonSchema>;
  };
};

type Parameter = {
  name: string;
  in: "path" | "query";
  required: boolean;
  description?: string;
  schema: JsonSchema;
};

export type Operation = {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, unknown> }>;
  security?: Record<string, string[]>[];
  "x-guard": Guard;
  "x-invalidates"?: readonly string[];
};

export type OpenApiOptions = {
  contracts: readonly Contract[];
  /** The site's public origin (PUBLIC_URL): the one server of the document. */
  publicUrl: string;
  /** The API's version: the package's. */
  version: string;
};

/** The name a path's trailing `*` takes in the document: the rest of the path, slashes and all. */
export const WILDCARD_PARAM = "path";

const BEARER = "bearerAuth";

/** A Fastify path in OpenAPI's template syntax: `:id` -> `{id}`, a trailing `*` -> `{path}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, "{$1}").replace(/\*$/, `{${WILDCARD_PARAM}}`);
}

const guardText: Record<Exclude<Guard, "public">, string> = {
  session: "any session, even one that may only add a second sign-in step",
  user: "any signed-in user (under MFA_REQUIRED an administrator with a second step)",
  tenant: "a signed-in tenant",
  admin: "a signed-in administrator",
};

/** What each refusal means here; any other status is described by its reason phrase. */
const statusText: Record<number, string> = {
  302: "Redirect.",
  304: "Not modified.",
  400: "The input does not parse: `details` names each field and what is wrong with it.",
  401: "No session, or one that expired or was revoked.",
  403: "The session's role may not do this.",
  404: "Nothing by that name.",
  409: "It conflicts with what is stored.",
  410: "The link expired or was used up.",
  413: "The body is too large.",
  415: "The body's content type is not one this route reads.",
  429: "Too many requests from this address: wait a minute.",
  502: "A service the route depends on (mail) did not answer.",
  503: "A service the route needs (the database, the file store) does not answer now: try again after `Retry-After` seconds.",
  507: "The server's disk is full: nothing was stored.",
};

/** Answers most routes share: written once in the components, referred to everywhere else. */
const sharedSchemas = new Map<z.ZodType, string>([
  [apiErrorSchema, "ApiError"],
  [doneSchema, "Done"],
]);

const sharedNames = new Set(sharedSchemas.values());

export function buildOpenApi({ contracts, publicUrl, version }: OpenApiOptions): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = {};
  const convert = (schema: z.ZodType, io: "input" | "output") => {
    const name = io === "output" ? sharedSchemas.get(schema) : undefined;
    if (!name) return toSchema(schema, io, schemas);
    schemas[name] ??= toSchema(schema, io, schemas);
    return { $ref: `#/components/schemas/${name}` };
  };
  const paths: OpenApiDocument["paths"] = {};
  const tags: string[] = [];
  for (const contract of contracts) {
    const tag = areaOf(contract);
    if (!tags.includes(tag)) tags.push(tag);
    const path = openApiPath(contract.path);
    const method = contract.method.toLowerCase();
    const item = paths[path] ?? {};
    paths[path] = item;
    if (item[method]) throw new Error(`Two contracts for ${contract.method} ${contract.path}`);
    item[method] = operationOf(contract, tag, convert);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: `${site.name} API`,
      version,
      description:
        `The JSON API behind the ${site.name} web site and back office, and the files it serves ` +
        "to search engines. Errors share one format: `{error, message, details?}`. Routes " +
        "that need a session take its token as `Authorization: Bearer <token>` (from " +
        "`POST /api/auth/login`); `x-guard` names who may call.",
    },
    servers: [{ url: publicUrl, description: "This site" }],
    tags: tags.map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        [BEARER]: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "The session token answered by `POST /api/auth/login`.",
        },
      },
      schemas,
    },
  };
}

/** The contract's area: the part of its id before the dot (`listings.getUnit` -> `listings`). */
function areaOf(contract: Contract): string {
  return contract.id.split(".")[0]!;
}

type Convert = (schema: z.ZodType, io: "input" | "output") => JsonSchema;

function operationOf(contract: Contract, tag: string, convert: Convert): Operation {
  const notes: string[] = [];
  if (contract.guard !== "public") {
    notes.push(`Guard \`${contract.guard}\`: ${guardText[contract.guard]} (bearer token).`);
  }
  if (contract.path.endsWith("*")) {
    notes.push(`\`{${WILDCARD_PARAM}}\` stands for the rest of the path, which may hold slashes.`);
  }
  const parameters = parametersOf(contract, convert);
  const operation: Operation = {
    operationId: contract.id,
    summary: contract.summary,
    ...(notes.length > 0 ? { description: notes.join("\n\n") } : {}),
    tags: [tag],
    ...(parameters.length > 0 ? { parameters } : {}),
    responses: {},
    "x-guard": contract.guard,
  };
  if (contract.body) {
    operation.requestBody = {
      required: true,
      content: { "application/json": { schema: convert(contract.body, "input") } },
    };
  } else if (contract.multipart) {
    operation.requestBody = {
      required: true,
      content: { "multipart/form-data": { schema: multipartSchema(contract.multipart, convert) } },
    };
  }
  for (const [status, spec] of Object.entries(contract.responses).sort(byStatus)) {
    operation.responses[status] = responseOf(Number(status), spec, convert);
  }
  if (contract.guard !== "public") operation.security = [{ [BEARER]: [] }];
  if (contract.method !== "GET") operation["x-invalidates"] = contract.invalidates;
  return operation;
}

function byStatus([a]: [string, unknown], [b]: [string, unknown]): number {
  return Number(a) - Number(b);
}

/**
 * Path and query parameters, as a caller writes them (the schemas' input form). Every name in the
 * path is a parameter, declared by the contract's schema or not; each is required.
 */
function parametersOf(contract: Contract, convert: Convert): Parameter[] {
  const out: Parameter[] = [];
  const declared = contract.params ? objectMembers(convert(contract.params, "input")) : new Map();
  const names = [...contract.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
  for (const name of names) {
    out.push(parameter(name, "path", true, declared.get(name)?.schema ?? { type: "string" }));
  }
  if (contract.path.endsWith("*")) {
    out.push(
      parameter(WILDCARD_PARAM, "path", true, declared.get("*")?.schema ?? { type: "string" }),
    );
  }
  if (contract.query) {
    for (const [name, member] of objectMembers(convert(contract.query, "input"))) {
      out.push(parameter(name, "query", member.required, member.schema));
    }
  }
  return out;
}

function parameter(
  name: string,
  where: "path" | "query",
  required: boolean,
  schema: JsonSchema,
): Parameter {
  const { description, ...rest } = schema;
  return {
    name,
    in: where,
    required,
    ...(typeof description === "string" ? { description } : {}),
    schema: rest,
  };
}

/** The properties of an object's JSON schema, each with whether it is required. */
function objectMembers(schema: JsonSchema): Map<string, { schema: JsonSchema; required: boolean }> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return new Map(
    Object.entries(properties).map(([name, member]) => [
      name,
      { schema: member, required: required.has(name) },
    ]),
  );
}

/** An upload: its files under one field name (one or several), then its text fields. */
function multipartSchema(spec: MultipartSpec, convert: Convert): JsonSchema {
  const file = {
    type: "string",
    format: "binary",
    contentMediaType: "application/octet-stream",
  };
  const fields = spec.fields ? convert(spec.fields, "input") : { properties: {}, required: [] };
  return {
    type: "object",
    properties: {
      [spec.files.name]: {
        description: `${spec.files.description}. One or more parts under this name.`,
        anyOf: [file, { type: "array", items: file, minItems: 1 }],
      },
      ...((fields.properties ?? {}) as Record<string, JsonSchema>),
    },
    required: [spec.files.name, ...((fields.required ?? []) as string[])],
  };
}

function responseOf(
  status: number,
  spec: ResponseSpec,
  convert: Convert,
): Operation["responses"][string] {
  if (isRaw(spec)) {
    // A raw answer without a content type (a 304, a redirect) has no body.
    if (!spec.contentType) return { description: spec.description };
    return { description: spec.description, content: { [spec.contentType]: {} } };
  }
  return {
    description: statusText[status] ?? `${STATUS_CODES[status] ?? "Status"}.`,
    content: { "application/json": { schema: convert(spec, "output") } },
  };
}

/**
 * A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), in the form the API reads
 * (`input`: before coercion, defaults and transforms) or sends (`output`). What JSON Schema
 * cannot say (a transform's result, a date) becomes `{}` rather than an error. Definitions zod
 * hoists (recursive or identified schemas) move to `components.schemas`, their references with
 * them, so each `$ref` resolves from the document's root.
 */
function toSchema(
  schema: z.ZodType,
  io: "input" | "output",
  components: Record<string, JsonSchema>,
): JsonSchema {
  const generated = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
  }) as JsonSchema;
  const { $schema: _dialect, $defs, ...root } = generated;
  const defs = ($defs ?? {}) as Record<string, JsonSchema>;
  // Each local reference (`#/$defs/name`, or `#` for the root itself) gets a component name of
  // its own, unique in the document.
  const names = new Map<string, string>();
  const claim = (wanted: string) => {
    const base = wanted.replace(/[^A-Za-z0-9._-]/g, "_") || "Schema";
    let name = base;
    for (let n = 2; name in components || sharedNames.has(name); n++) name = `${base}${n}`;
    components[name] = {};
    return `#/components/schemas/${name}`;
  };
  for (const name of Object.keys(defs)) {
    const target = claim(name);
    names.set(`#/$defs/${name}`, target);
    names.set(`#/$defs/${name.replaceAll("~", "~0").replaceAll("/", "~1")}`, target);
  }
  const recursive = JSON.stringify(root).includes('"$ref":"#"');
  if (recursive) names.set("#", claim(io === "input" ? "RecursiveInput" : "Recursive"));
  const relink = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(relink);
    if (value === null || typeof value !== "object") return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        key === "$ref" && typeof inner === "string" ? (names.get(inner) ?? inner) : relink(inner),
      ]),
    );
  };
  const store = (ref: string, value: JsonSchema) => {
    components[ref.slice("#/components/schemas/".length)] = relink(value) as JsonSchema;
  };
  for (const [name, def] of Object.entries(defs)) store(names.get(`#/$defs/${name}`)!, def);
  if (!recursive) return relink(root) as JsonSchema;
  store(names.get("#")!, root);
  return { $ref: names.get("#")! };
}
