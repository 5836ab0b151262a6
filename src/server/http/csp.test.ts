import helmet from "helmet";
import { describe, expect, it } from "vitest";
import { recordedSecurityHeaders, scriptNonce } from "./csp";

/** A response that keeps what is set on it, as Node's would. */
function response() {
  const headers = new Map<string, string>();
  return {
    headers,
    setHeader(name: string, value: unknown) {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
}

/** A Fastify reply as the recorded headers use it: its headers, and its raw response. */
function reply() {
  const res = response();
  return {
    headers: res.headers,
    header: res.setHeader,
    removeHeader: res.removeHeader,
    raw: {},
  };
}

const options = (https: boolean) =>
  ({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req: unknown, res: object) => `'nonce-${scriptNonce(res)}'`],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    frameguard: { action: "deny" },
  }) as Parameters<typeof helmet>[0];

describe("the security headers recorded from helmet", () => {
  it.each([false, true])("are the headers helmet sets itself (https %s)", (https) => {
    const middleware = helmet(options(https));
    const byHelmet = response();
    middleware({ headers: {} } as never, byHelmet as never, () => undefined);
    const recorded = reply();
    recordedSecurityHeaders(middleware as never)(recorded as never);
    const withoutNonce = (headers: Map<string, string>) =>
      new Map(
        [...headers].map(([name, value]) => [name, value.replace(/'nonce-[^']+'/, "'nonce-*'")]),
      );
    expect(withoutNonce(recorded.headers)).toEqual(withoutNonce(byHelmet.headers));
    expect(recorded.headers.has("strict-transport-security")).toBe(https);
    expect(recorded.headers.get("x-frame-options")).toBe("DENY");
  });

  it("puts each response's own nonce into the policy", () => {
    const apply = recordedSecurityHeaders(helmet(options(false)) as never);
    const policies = Array.from({ length: 600 }, () => {
      const answer = reply();
      apply(answer as never);
      const nonce = /'nonce-([^']+)'/.exec(
        answer.headers.get("content-security-policy") ?? "",
      )?.[1];
      expect(nonce).toBe(scriptNonce(answer.raw));
      return nonce;
    });
    // Past the 512 nonces of one draw from the random source too: never the same twice.
    expect(new Set(policies).size).toBe(600);
    expect(Buffer.from(policies[0]!, "base64")).toHaveLength(16);
  });
});
