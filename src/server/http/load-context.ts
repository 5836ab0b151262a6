import type { WebServices } from "./web-services";

/**
 * What the Fastify server hands to every React Router request (loaders and entry.server). The
 * server owns it: the web app reads it as React Router's `AppLoadContext` (src/web/load-context.ts).
 */
export type LoadContext = {
  /** The script nonce of this response's Content-Security-Policy. */
  cspNonce: string;
  services: WebServices;
};
