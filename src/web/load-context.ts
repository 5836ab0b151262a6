import type { WebServices } from "../server/http/web-services";

/** What the Fastify server hands to every React Router request (loaders and entry.server). */
export type LoadContext = {
  /** The script nonce of this response's Content-Security-Policy. */
  cspNonce: string;
  services: WebServices;
};

declare module "react-router" {
  interface AppLoadContext extends LoadContext {}
}
