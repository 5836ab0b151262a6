import { isbot } from "isbot";
// React's web-streams renderer, not its Node one: the Node renderer runs every render inside an
// AsyncLocalStorage, and on Node 20 and 22 the first one switches on async hooks for the whole
// process, for good. Every promise after that pays for them: once one page had been rendered,
// the API's answers came 25% slower (17.7k -> 13.2k req/s on the bench's constant JSON). This
// renderer keeps no such storage in Node.
import { renderToReadableStream } from "react-dom/server.edge";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { localeFromPath } from "#domain/locale";
import { CspNonceContext } from "./lib/csp-nonce";
import { inertModuleScript } from "./lib/inert-module-script.server";

export const streamTimeout = 5_000;

/**
 * Server rendering. Crawlers get the whole document at once; browsers get the shell as soon as
 * it is ready. Every inline script carries this response's CSP nonce.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode;
  let shellRendered = false;
  // A shell that fails rejects here (the error page answers); a later error is streamed to the
  // error boundary, and logged once.
  const body = await renderToReadableStream(
    // The nonce also reaches the inline scripts the app renders itself (the first-paint one).
    <CspNonceContext value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </CspNonceContext>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;
  if (waitForAll) await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // The page's language, from its path (/es/... is Spanish), as <html lang> says too.
  responseHeaders.set("Content-Language", localeFromPath(new URL(request.url).pathname));
  // The page's module script is sent inert and started after the first paint.
  return new Response(body.pipeThrough(inertModuleScript()), {
    headers: responseHeaders,
    status: responseStatusCode,
  });
}
