import type { FastifyInstance } from "fastify";
import { isRaw } from "#domain/api/wire";

/**
 * For tests: every answer of a route registered from a contract must be one its contract
 * declares, with that status's shape. An answer that is not is replaced by a 500 naming the
 * contract and the difference, and reported through `report` (the test app writes it to
 * console.error, which fails the test that caused it). Registered before any route, so it sees
 * the serialized body before on-the-fly compression; a body sent precompressed is checked for
 * its status only.
 */
export function checkAnswersAgainstContracts(
  app: FastifyInstance,
  report: (message: string) => void,
): void {
  app.addHook("onSend", async (request, reply, payload) => {
    const contract = request.routeOptions.config?.contract;
    if (!contract) return payload;
    const status = reply.statusCode;
    const spec = contract.responses[status];
    let problem: string | undefined;
    if (spec === undefined) {
      problem = `answered ${status}, which its contract does not declare`;
    } else if (!isRaw(spec) && !reply.hasHeader("content-encoding")) {
      const text =
        typeof payload === "string"
          ? payload
          : Buffer.isBuffer(payload)
            ? payload.toString("utf8")
            : null;
      if (text === null) {
        problem = `answered ${status} with a stream where its contract declares JSON`;
      } else {
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          problem = `answered ${status} with a body that is not JSON`;
        }
        if (problem === undefined) {
          const parsed = spec.safeParse(body);
          if (!parsed.success)
            problem = `answered a ${status} its contract refuses: ${parsed.error.message}`;
        }
      }
    }
    if (problem === undefined) return payload;
    const message = `${contract.id} (${contract.method} ${contract.path}) ${problem}`;
    report(message);
    reply.code(500).type("application/json; charset=utf-8");
    return JSON.stringify({ error: "contract_violation", message });
  });
}
