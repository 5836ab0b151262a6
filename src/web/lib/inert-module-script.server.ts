import { INERT_MODULE_ID, INERT_MODULE_TYPE, INERT_PRELOAD_ATTRIBUTE } from "./start-app";

// The attributes of React Router's module script (after its nonce, if any); no other script of
// a page has them.
const LIVE = ' type="module" async=""';
const INERT = ` type="${INERT_MODULE_TYPE}" id="${INERT_MODULE_ID}"`;
// The module preloads React Router writes for that script: sent without their `rel` (a link
// without one fetches nothing), the start script gives it back.
const PRELOAD = '<link rel="modulepreload"';
const INERT_PRELOAD = `<link ${INERT_PRELOAD_ATTRIBUTE}=""`;

/** How many characters at the end of `text` could begin one of those attributes. */
function partialMatch(text: string): number {
  for (let n = Math.min(text.length, Math.max(LIVE.length, PRELOAD.length) - 1); n > 0; n--) {
    const tail = text.slice(text.length - n);
    if (LIVE.startsWith(tail) || PRELOAD.startsWith(tail)) return n;
  }
  return 0;
}

/**
 * Rewrites the first `<script ... type="module" async="">` React Router writes into the inert
 * form, and its module preloads too, wherever the stream's chunks happen to
 * split them (and a character's bytes). Everything else passes untouched.
 */
export function inertModuleScript(): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let pending = "";
  let inert = false;
  const rewrite = (text: string) => {
    let out = text.replaceAll(PRELOAD, INERT_PRELOAD);
    if (!inert && out.includes(LIVE)) {
      inert = true;
      out = out.replace(LIVE, INERT);
    }
    return out;
  };
  // Nothing rather than an empty chunk, which a byte stream reads as a pause.
  const send = (controller: TransformStreamDefaultController<Uint8Array>, text: string) => {
    if (text) controller.enqueue(encoder.encode(text));
  };
  return new TransformStream({
    transform(chunk, controller) {
      const text = pending + decoder.decode(chunk, { stream: true });
      // What could be the start of one of those attributes waits for the next chunk.
      const keep = partialMatch(text);
      pending = text.slice(text.length - keep);
      send(controller, rewrite(text.slice(0, text.length - keep)));
    },
    flush(controller) {
      send(controller, rewrite(pending + decoder.decode()));
    },
  });
}
