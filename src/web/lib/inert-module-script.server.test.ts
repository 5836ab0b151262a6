import { describe, expect, it } from "vitest";
import { inertModuleScript } from "./inert-module-script.server";
import { INERT_MODULE_ID, INERT_PRELOAD_ATTRIBUTE, startAppScript } from "./start-app";

// What React Router writes at the end of a page, in the shape it writes it.
const page = [
  "<!DOCTYPE html><html><head><title>Señal – ünïcode</title>",
  '<link rel="modulepreload" href="/assets/entry.client-A.js"/>',
  '<link rel="modulepreload" href="/assets/shared-B.js"/>',
  '<link rel="icon" href="/favicon.svg"/></head><body><h1>Casa</h1>',
  '<script nonce="n0nce">window.__reactRouterContext = {}</script>',
  '<script nonce="n0nce" type="module" async="">import * as route0 from "/assets/root-C.js";',
  'import("/assets/entry.client-A.js");</script>',
  `<script nonce="n0nce">${startAppScript}</script></body></html>`,
].join("");

const expected = page
  .replaceAll('<link rel="modulepreload"', `<link ${INERT_PRELOAD_ATTRIBUTE}=""`)
  .replace(' type="module" async=""', ` type="text/x-module" id="${INERT_MODULE_ID}"`);

async function through(chunks: Uint8Array[]): Promise<string> {
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  return new Response(source.pipeThrough(inertModuleScript())).text();
}

describe("the page's module script, sent inert", () => {
  it("makes the module script and its preloads inert, and nothing else", async () => {
    const out = await through([Buffer.from(page)]);
    expect(out).toBe(expected);
    expect(out).not.toContain('type="module" async');
    expect(out).not.toContain('rel="modulepreload"');
    // The start script, which names the preload relation itself, passes untouched.
    expect(out).toContain(startAppScript);
    expect(out).toContain('<link rel="icon" href="/favicon.svg"/>');
  });

  it("finds them wherever the chunks split the page, characters' bytes included", async () => {
    const bytes = Buffer.from(page);
    for (let at = 1; at < bytes.length; at++) {
      const out = await through([bytes.subarray(0, at), bytes.subarray(at)]);
      expect(out, `split at byte ${at}`).toBe(expected);
    }
  });

  it("passes a page of one-byte chunks intact", async () => {
    const bytes = Buffer.from(page);
    const chunks = [...bytes].map((byte) => Buffer.from([byte]));
    expect(await through(chunks)).toBe(expected);
  });

  it("leaves a page without React Router's scripts as it is", async () => {
    const plain = "<html><body><p>rel=&quot;modulepreload&quot; type=module</p></body></html>";
    expect(await through([Buffer.from(plain)])).toBe(plain);
  });
});
