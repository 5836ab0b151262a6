import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { allContracts } from "#domain/api/all";
import { docsApi } from "#domain/api/docs";
import { site } from "#domain/site";
import { type Representation, represent } from "#server/http/response-cache";
import { buildOpenApi } from "#server/openapi/openapi";
import { projectRoot } from "#server/paths";

/**
 * The API's reference: the OpenAPI document, the page that renders it, and the page's assets.
 * Each is prepared once per process, on first use, with its ETag and compressed forms
 * (compressed off the event loop), then answered from memory.
 *
 * The page follows the site's Content-Security-Policy as it is: every script is a file from this
 * origin (the renderer's bundle and the small initializer below, never an inline script), the
 * renderer needs no eval, and it fetches only /api/openapi.json.
 */

const ASSET_PREFIX = docsApi.asset.path.replace(/\*$/, "");

/**
 * The renderer's start: reads the document from this origin; no online validator, no CDN. The
 * areas open collapsed: listed open ("list"), Swagger UI stopped drawing after about 150
 * operations (two areas of 23 shown, no error), checked in a browser with the document cut down.
 */
const initializer = `"use strict";
window.ui = SwaggerUIBundle({
  url: "${docsApi.openapi.path}",
  dom_id: "#swagger-ui",
  deepLinking: true,
  validatorUrl: null,
  docExpansion: "none",
  defaultModelsExpandDepth: 0,
  displayOperationId: true,
  tryItOutEnabled: false,
});
`;

/** The files the page loads, by the name in their URL; nothing else is served there. */
const assetFiles: Record<string, { type: string; source: () => Promise<string> }> = {
  "swagger-ui.css": {
    type: "text/css; charset=utf-8",
    source: () => rendererFile("swagger-ui.css"),
  },
  "swagger-ui-bundle.js": {
    type: "text/javascript; charset=utf-8",
    source: () => rendererFile("swagger-ui-bundle.js"),
  },
  "docs-init.js": { type: "text/javascript; charset=utf-8", source: async () => initializer },
};

function rendererFile(name: string): Promise<string> {
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve("swagger-ui-dist/package.json"));
  return readFile(path.join(dir, name), "utf8");
}

function escapeHtml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function referencePageHtml(): string {
  const title = escapeHtml(`${site.name} API reference`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${ASSET_PREFIX}swagger-ui.css">
</head>
<body>
<main id="swagger-ui"><p>Loading the API reference…</p></main>
<noscript><p>The reference needs JavaScript; the document itself is <a href="${docsApi.openapi.path}">${docsApi.openapi.path}</a>.</p></noscript>
<script src="${ASSET_PREFIX}swagger-ui-bundle.js"></script>
<script src="${ASSET_PREFIX}docs-init.js"></script>
</body>
</html>
`;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A body prepared for sendRepresentation, its compressed forms made on the thread pool. */
async function prepared(body: string, contentType: string): Promise<Representation> {
  const representation = represent(body, contentType);
  if (representation.body.length >= 1024) {
    const [br, gz] = await Promise.all([
      brotli(representation.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip(representation.body, { level: 9 }),
    ]);
    representation.encoded = { br, gzip: gz };
  }
  return representation;
}

/** Once per process, whatever the number of apps built in it. */
const memo = new Map<string, Promise<Representation>>();
function once(key: string, make: () => Promise<Representation>): Promise<Representation> {
  let value = memo.get(key);
  if (!value) {
    value = make();
    // A failure (a file that could not be read) is not remembered: the next request retries.
    value.catch(() => memo.delete(key));
    memo.set(key, value);
  }
  return value;
}

let packageVersion: Promise<string> | undefined;
function appVersion(): Promise<string> {
  packageVersion ??= readFile(path.join(projectRoot, "package.json"), "utf8").then(
    (text) => (JSON.parse(text) as { version: string }).version,
  );
  return packageVersion;
}

/** The OpenAPI document of every contract, as served from `publicUrl`. */
export function openApiDocument({ publicUrl }: { publicUrl: string }): Promise<Representation> {
  return once(`openapi:${publicUrl}`, async () => {
    const version = await appVersion();
    const doc = buildOpenApi({ contracts: allContracts, publicUrl, version });
    return prepared(JSON.stringify(doc), "application/json; charset=utf-8");
  });
}

export function referencePage(): Promise<Representation> {
  return once("docs:page", () => prepared(referencePageHtml(), "text/html; charset=utf-8"));
}

/** One of the page's files by the name in its URL; null for any other name. */
export async function docsAsset(name: string): Promise<Representation | null> {
  const file = Object.hasOwn(assetFiles, name) ? assetFiles[name] : undefined;
  if (!file) return null;
  return once(`docs:asset:${name}`, async () => prepared(await file.source(), file.type));
}
