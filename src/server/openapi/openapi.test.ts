import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020 from "ajv/dist/2020";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminPropertiesApi } from "#domain/api/admin-properties";
import { allContracts } from "#domain/api/all";
import { authApi } from "#domain/api/auth";
import { apiErrorSchema, type Contract, defineApi, idParams } from "#domain/api/contract";
import { docsApi } from "#domain/api/docs";
import { feedsApi } from "#domain/api/feeds";
import { healthApi } from "#domain/api/health";
import { listingsApi, seoApi } from "#domain/api/listings";
import { metricsApi } from "#domain/api/metrics";
import { notificationsApi } from "#domain/api/notifications";
import { tenantFilesApi } from "#domain/api/tenant-files";
import { API_PREFIX, raw } from "#domain/api/wire";
import { z } from "#domain/zod";
import { loginAs } from "#tests/support/auth";
import { call, urlOf } from "#tests/support/call";
import { insertProperty } from "#tests/support/fixtures";
import { createTestApp } from "#tests/support/test-app";
import { createTestDb, type TestDatabase } from "#tests/support/test-db";
import { buildOpenApi, type OpenApiDocument, openApiPath } from "./openapi";

let database: TestDatabase;
let app: FastifyInstance;
let close: () => Promise<void>;
let publicUrl: string;
let admin: Awaited<ReturnType<typeof loginAs>>;

beforeAll(async () => {
  database = await createTestDb();
  let config: { publicUrl: string };
  ({ app, close, config } = await createTestApp(database, {
    // METRICS_TOKEN: every optional route on (GET /metrics exists only with it).
    env: {
      PUBLIC_URL: "https://rentals.example.test",
      METRICS_TOKEN: "openapi-test-metrics-token",
    },
  }));
  publicUrl = config.publicUrl;
  admin = await loginAs(app, database.db, "admin");
});

afterAll(async () => {
  await close();
  await database.drop();
});

const build = (contracts = allContracts) =>
  buildOpenApi({ contracts, publicUrl: "https://rentals.example.test", version: "1.2.3" });

/**
 * Valid OpenAPI 3.1: the document's structure, every $ref resolving from its root (resolveRefs
 * throws on one that does not), and each Schema Object valid JSON Schema 2020-12, the dialect
 * OpenAPI 3.1 uses (the structural check leaves schemas unchecked).
 */
async function validate(document: OpenApiDocument) {
  const validator = new Validator();
  const result = await validator.validate(structuredClone(document));
  if (!result.valid) return result;
  validator.resolveRefs();
  const ajv = new Ajv2020({ strict: false });
  const errors = schemaObjects(document).flatMap(([where, schema]) =>
    ajv.validateSchema(schema) ? [] : [`${where}: ${ajv.errorsText(ajv.errors)}`],
  );
  return errors.length === 0 ? result : { valid: false, errors: errors.join("\n") };
}

/** Every Schema Object of a document, with where it is. */
function schemaObjects(document: OpenApiDocument): [string, object][] {
  const found: [string, object][] = Object.entries(document.components.schemas).map(
    ([name, schema]) => [`components.schemas.${name}`, schema],
  );
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const at = `${method.toUpperCase()} ${path}`;
      for (const p of operation.parameters ?? []) found.push([`${at} ${p.name}`, p.schema]);
      for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
        found.push([`${at} body ${type}`, media.schema]);
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        for (const [type, media] of Object.entries(response.content ?? {})) {
          const schema = (media as { schema?: object }).schema;
          if (schema) found.push([`${at} ${status} ${type}`, schema]);
        }
      }
    }
  }
  return found;
}

/** A contract's operation in a document, under its path key and method. */
const operationOf = (document: OpenApiDocument, contract: Contract) =>
  document.paths[openApiPath(contract.path)]![contract.method.toLowerCase()]!;

/** `METHOD /openapi/path` of a contract, as `operations` lists it. */
const operationName = (contract: Contract) => `${contract.method} ${openApiPath(contract.path)}`;

/**
 * The URL of one of the reference page's assets: `buildUrl` fills `:name` parameters only, so
 * the contract's trailing `*` is replaced here.
 */
const assetUrl = (file: string) => docsApi.asset.path.replace(/\*$/, file);

/** `METHOD /openapi/path` for each operation of a document. */
function operations(document: OpenApiDocument): string[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1, its every reference resolving", async () => {
    const document = build();
    expect(document.openapi).toBe("3.1.0");
    expect(document.info).toMatchObject({ title: "Charter Oak Rentals API", version: "1.2.3" });
    expect(document.servers).toEqual([
      { url: "https://rentals.example.test", description: expect.any(String) },
    ]);
    const result = await validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it("is checked for real: a broken document, reference or schema is refused", async () => {
    const document = build();
    const { info: _info, ...noInfo } = document;
    expect((await validate(noInfo as OpenApiDocument)).valid).toBe(false);
    const health = () => structuredClone(document);
    const badRef = health();
    operationOf(badRef, healthApi.liveness).responses["200"]!.content = {
      "application/json": { schema: { $ref: "#/components/schemas/Nowhere" } },
    };
    expect(await validate(badRef)).toMatchObject({
      valid: false,
      errors: expect.stringMatching(/Nowhere/),
    });
    const badSchema = health();
    operationOf(badSchema, healthApi.liveness).responses["200"]!.content = {
      "application/json": { schema: { type: 12 } },
    };
    expect((await validate(badSchema)).valid).toBe(false);
  });

  it("describes exactly the API routes the app registers, each with its method", () => {
    const registered = app.routeTable
      .filter(
        (r) =>
          // The API's JSON 404 for unknown paths, and `npm run bench`'s route: no contract's.
          (r.url.startsWith(API_PREFIX) &&
            r.url !== `${API_PREFIX}*` &&
            r.url !== "/api/bench/baseline") ||
          r.url === seoApi.sitemap.path ||
          r.url === seoApi.sitemapFile.path ||
          r.url === seoApi.robots.path ||
          r.url === feedsApi.listingsXml.path ||
          r.url === feedsApi.listingsJson.path ||
          r.url === metricsApi.scrape.path,
      )
      .map((r) => `${r.method} ${openApiPath(r.url)}`);
    const described = operations(build());
    expect(new Set(registered).size).toBe(registered.length);
    expect(new Set(described).size).toBe(described.length);
    expect([...described].sort()).toEqual([...registered].sort());
    expect(described).toEqual(
      expect.arrayContaining(
        [docsApi.openapi, docsApi.reference, seoApi.sitemap].map(operationName),
      ),
    );
  });

  it("gives every operation its contract's id, summary, area and answers", () => {
    const document = build();
    for (const contract of allContracts) {
      const operation = document.paths[openApiPath(contract.path)]?.[contract.method.toLowerCase()];
      expect(operation, contract.id).toBeDefined();
      expect(operation!.operationId).toBe(contract.id);
      expect(operation!.summary).toBe(contract.summary);
      expect(operation!.tags).toEqual([contract.id.split(".")[0]]);
      expect(Object.keys(operation!.responses).sort()).toEqual(
        Object.keys(contract.responses).sort(),
      );
    }
  });

  it("asks a bearer token of guarded routes and names the guard; public ones need none", () => {
    const document = build();
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({
      type: "http",
      scheme: "bearer",
      bearerFormat: "JWT",
    });
    const units = operationOf(document, adminPropertiesApi.updateUnit);
    expect(units.security).toEqual([{ bearerAuth: [] }]);
    expect(units["x-guard"]).toBe("admin");
    expect(units.description).toContain("administrator");
    expect(operationOf(document, tenantFilesApi.tenantUpload)["x-guard"]).toBe("tenant");
    expect(operationOf(document, authApi.me)["x-guard"]).toBe("session");
    expect(operationOf(document, notificationsApi.list)["x-guard"]).toBe("user");
    const health = operationOf(document, healthApi.liveness);
    expect(health.security).toBeUndefined();
    expect(health["x-guard"]).toBe("public");
  });

  it("states the bounds the server holds a unit's numbers to", async () => {
    const document = build();
    const body = operationOf(document, adminPropertiesApi.createUnit).requestBody!.content[
      "application/json"
    ]!.schema as { properties: Record<string, Record<string, unknown>> };
    expect(body.properties.bedrooms).toMatchObject({ minimum: 0, maximum: 20 });
    expect(body.properties.squareFeet).toMatchObject({ minimum: 0, maximum: 100_000 });
    expect(body.properties.bathrooms).toMatchObject({ minimum: 0, multipleOf: 0.5 });
    expect(body.properties.rent).toMatchObject({ exclusiveMinimum: 0 });
    // What the document allows, the server takes; what it refuses, the server refuses too.
    const ajv = new Ajv2020({ strict: false });
    const check = ajv.compile(body);
    for (const [values, allowed] of [
      [{ unitNumber: "1A", rent: 1200, bedrooms: -1 }, false],
      [{ unitNumber: "1A", rent: 1200, squareFeet: -5 }, false],
      [{ unitNumber: "1A", rent: 1200, bedrooms: 2, squareFeet: 800 }, true],
    ] as const) {
      expect(check(values), JSON.stringify(values)).toBe(allowed);
      const { id } = await insertProperty(database.db, { title: "Bounded House" });
      const saved = await call(app, adminPropertiesApi.createUnit, {
        headers: admin.headers,
        payload: { ...values, propertyId: id },
      });
      expect(saved.statusCode < 300, saved.body).toBe(allowed);
    }
  });

  it("reads inputs in the form a caller sends them and answers in the form the server sends", () => {
    const document = build();
    // Coerced, caught, transformed query values: described as the text a URL carries.
    const buildings = operationOf(document, listingsApi.listBuildings);
    expect(buildings.parameters?.map((p) => [p.name, p.in, p.required])).toEqual([
      ["limit", "query", false],
      ["beds", "query", false],
      ["maxRent", "query", false],
      ["available", "query", false],
      ["access", "query", false],
      ["pets", "query", false],
      ["utilities", "query", false],
      ["cursor", "query", false],
    ]);
    expect(buildings.parameters?.find((p) => p.name === "access")?.schema).toMatchObject({
      enum: expect.arrayContaining(["step-free", "roll-in-shower"]),
    });
    expect(buildings.parameters?.find((p) => p.name === "available")?.schema).toMatchObject({
      enum: ["true", "false"],
    });
    // Path parameters, always required.
    const image = operationOf(document, adminPropertiesApi.deleteUnitImage);
    expect(image.parameters?.map((p) => [p.name, p.in, p.required])).toEqual([
      ["unitId", "path", true],
      ["imageId", "path", true],
    ]);
    // A JSON body; a multipart upload with its files and fields.
    const login = operationOf(document, authApi.login);
    expect(login.requestBody?.content["application/json"]?.schema).toMatchObject({
      type: "object",
    });
    const upload = operationOf(document, tenantFilesApi.tenantUpload).requestBody!;
    const form = upload.content["multipart/form-data"]!.schema as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(Object.keys(form.properties)).toEqual(["file", "category", "maintenanceRequest"]);
    expect(form.required).toEqual(["file"]);
    // Raw answers: their content type; a 304 and a redirect: no content.
    const unit = operationOf(document, listingsApi.getUnit);
    expect(unit.responses["304"]).toEqual({ description: expect.any(String) });
    expect(unit.responses["404"]?.content?.["application/json"]).toBeDefined();
    expect(
      operationOf(document, authApi.verifyEmailLink).responses["302"]!.content,
    ).toBeUndefined();
    expect(Object.keys(operationOf(document, seoApi.sitemap).responses["200"]!.content!)).toEqual([
      "application/xml",
    ]);
  });

  it("describes a wildcard path, transforms, catches, coercion and recursion without failing", async () => {
    type Tree = { name: string; children: Tree[] };
    const tree: z.ZodType<Tree> = z.object({
      name: z.string(),
      get children() {
        return z.array(tree);
      },
    });
    const area = defineApi("sample", {
      files: {
        method: "GET",
        path: "/files/*",
        summary: "A file",
        guard: "public",
        responses: { 200: raw("application/octet-stream", "Bytes.") },
      },
      odd: {
        method: "POST",
        path: "/api/odd/:id",
        summary: "Odd shapes",
        guard: "user",
        params: idParams,
        query: z.object({ n: z.coerce.number().catch(1), at: z.iso.date().optional() }),
        body: z.object({
          when: z.date(),
          email: z.string().transform((s) => s.toLowerCase()),
          tree,
          nested: z.object({ tree }),
        }),
        invalidates: [],
        responses: {
          200: z.object({ tree, when: z.date(), size: z.string().transform(Number) }),
          404: apiErrorSchema,
        },
      },
    });
    const document = build(Object.values(area));
    expect(Object.keys(document.paths)).toEqual(["/files/{path}", "/api/odd/{id}"]);
    const files = document.paths["/files/{path}"]!.get!;
    expect(files.parameters).toEqual([
      { name: "path", in: "path", required: true, schema: { type: "string" } },
    ]);
    expect(files.description).toMatch(/slashes/);
    const result = await validate(document);
    expect(result.errors).toBeUndefined();
    // The recursive tree went to the components, each reference to it relinked.
    expect(Object.keys(document.components.schemas).length).toBeGreaterThan(0);
    expect(JSON.stringify(document)).not.toContain("$defs");
    expect(JSON.stringify(document)).not.toContain('"$ref":"#"');
  });
});

describe(operationName(docsApi.openapi), () => {
  it("answers the document, with the site's public URL as its server, and a 304 when unchanged", async () => {
    const response = await call(app, docsApi.openapi);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    const document = response.json() as OpenApiDocument;
    expect(document.servers).toEqual([{ url: publicUrl, description: expect.any(String) }]);
    expect(operations(document).sort()).toEqual(operations(build()).sort());
    expect((await validate(document)).valid).toBe(true);

    const again = await call(app, docsApi.openapi, {
      headers: { "if-none-match": String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it("is sent compressed to a client that accepts it", async () => {
    const response = await call(app, docsApi.openapi, {
      headers: { "accept-encoding": "br" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
  });
});

/** The sources a CSP directive allows. */
function directive(csp: string, name: string): string[] {
  const entry = csp
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name);
  return entry?.slice(1) ?? [];
}

describe(operationName(docsApi.reference), () => {
  it("answers an HTML page whose every script the response's CSP allows", async () => {
    const response = await call(app, docsApi.reference);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    const html = response.body;
    const csp = String(response.headers["content-security-policy"]);
    const scriptSrc = directive(csp, "script-src");
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    const nonces = scriptSrc
      .map((source) => /^'nonce-(.+)'$/.exec(source)?.[1])
      .filter((n): n is string => n !== undefined);

    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [tag, attributes = "", content = ""] of scripts) {
      const src = /\bsrc="([^"]*)"/.exec(attributes)?.[1];
      if (src !== undefined) {
        // 'self': a path on this origin, never another host.
        expect(src, tag).toMatch(/^\/(?!\/)/);
        const asset = await app.inject({ url: src });
        expect(asset.statusCode, src).toBe(200);
        expect(asset.headers["content-type"], src).toMatch(/^text\/javascript/);
      } else {
        const nonce = /\bnonce="([^"]*)"/.exec(attributes)?.[1];
        expect(nonce && nonces.includes(nonce), `inline script without the nonce: ${content}`).toBe(
          true,
        );
      }
    }
    // No inline handler (onload=...) and no javascript: URL, which only 'unsafe-inline' allows.
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/javascript:/i);
    // Style sheets from this origin too.
    const sheets = [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="([^"]*)"/g)];
    expect(sheets.length).toBeGreaterThan(0);
    for (const [, href = ""] of sheets) {
      expect(href).toMatch(/^\/(?!\/)/);
      const sheet = await app.inject({ url: href });
      expect(sheet.statusCode, href).toBe(200);
      expect(sheet.headers["content-type"]).toMatch(/^text\/css/);
    }
  });

  it("loads the document from this origin with the renderer's online validator off", async () => {
    const response = await app.inject({ url: assetUrl("docs-init.js") });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`url: "${urlOf(docsApi.openapi)}"`);
    expect(response.body).toContain("validatorUrl: null");
  });

  it("serves only its own files under /api/docs/assets/, with revalidation", async () => {
    for (const url of [
      assetUrl("index.html"),
      assetUrl("package.json"),
      // hostile on purpose: a climb out of the folder, plain and encoded
      "/api/docs/assets/../../../package.json",
      "/api/docs/assets/%2e%2e%2fpackage.json",
      assetUrl("toString"),
      assetUrl(""),
    ]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ error: "not_found" });
    }
    const bundle = await app.inject({
      url: assetUrl("swagger-ui-bundle.js"),
      headers: { "accept-encoding": "gzip" },
    });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers["content-encoding"]).toBe("gzip");
    expect(bundle.headers["cache-control"]).toContain("no-cache");
    const again = await app.inject({
      url: assetUrl("swagger-ui-bundle.js"),
      headers: { "if-none-match": String(bundle.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});
