import { HttpResponse, http } from "msw";
import type { Contract } from "#domain/api/contract";

/**
 * What a proxy in front of the app answers on its own, not in the API's error format (nginx's
 * HTML page for a body over its limit, a 502 while the app restarts): outside every contract, so
 * `handle` cannot send it. Matched like `handle`, by the contract's method and path.
 */
export function proxyAnswer(contract: Contract, status: number, text = `<html>${status}</html>`) {
  const method = contract.method.toLowerCase() as Lowercase<Contract["method"]>;
  return http[method](
    contract.path,
    () => new HttpResponse(text, { status, headers: { "Content-Type": "text/html" } }),
  );
}
