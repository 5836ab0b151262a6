import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import type { Contract } from "#domain/api/contract";
import { buildUrl } from "#domain/api/wire";

/** What a test sends to a contract's route: path params and query by name, the rest as inject's. */
export type CallOptions = {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
} & Omit<InjectOptions, "method" | "url" | "path" | "query">;

/**
 * Calls the route a contract describes through `app.inject`: its method, and its path filled
 * from `params` (each value encoded) with `query` appended, so a test never spells out an API
 * path. Tests that probe malformed or hostile URLs on purpose build those URLs themselves.
 */
export function call(
  app: FastifyInstance,
  contract: Contract,
  { params, query, ...options }: CallOptions = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    ...options,
    method: contract.method,
    url: buildUrl(contract, params, query),
  });
}

/** The URL of a contract's route, for tests that need it as text (a link in an e-mail, a socket). */
export const urlOf = (
  contract: Contract,
  params?: Record<string, string | number>,
  query?: Record<string, unknown>,
) => buildUrl(contract, params, query);
