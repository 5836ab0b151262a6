import type { LoadContext } from "#server/http/load-context";

/** Every loader's `context` and entry.server's load context are what the server hands over. */
declare module "react-router" {
  interface AppLoadContext extends LoadContext {}
}
