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

const policyOf = (answer: ReturnType<typeof reply>) =>
  answer.headers.get("content-security-policy") ?? "";
const scriptSources = (policy: string) => /(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1];

describe("the security headers recorded from helmet", () => {
  it.each([false, true])("are the headers helmet sets itself (https %s)", (https) => {
    const middleware = helmet(options(https));
    const byHelmet = response();
    middleware({ headers: {} } as never, byHelmet as never, () => undefined);
    const recorded = reply();
    recordedSecurityHeaders(middleware as never).apply(recorded as never);
    // Every response's policy is helmet's with the nonce left out of script-src.
    const withoutNonce = (headers: Map<string, string>) =>
      new Map([...headers].map(([name, value]) => [name, value.replace(/ 'nonce-[^']+'/, "")]));
    expect(recorded.headers).toEqual(withoutNonce(byHelmet.headers));
    expect(scriptSources(policyOf(recorded))).toBe("'self'");
    expect(recorded.headers.has("strict-transport-security")).toBe(https);
    expect(recorded.headers.get("x-frame-options")).toBe("DENY");
  });

  it("gives a page's policy that response's own nonce", () => {
    const security = recordedSecurityHeaders(helmet(options(false)) as never);
    const nonces = Array.from({ length: 600 }, () => {
      const answer = reply();
      security.apply(answer as never);
      const nonce = security.withNonce(answer as never);
      expect(nonce).toBe(scriptNonce(answer.raw));
      expect(scriptSources(policyOf(answer))).toBe(`'self' 'nonce-${nonce}'`);
      // The rest of the policy is every response's.
      const plain = reply();
      security.apply(plain as never);
      expect(policyOf(answer).replace(` 'nonce-${nonce}'`, "")).toBe(policyOf(plain));
      return nonce;
    });
    // Past the 512 nonces of one draw from the random source too: never the same twice.
    expect(new Set(nonces).size).toBe(600);
    expect(Buffer.from(nonces[0]!, "base64")).toHaveLength(16);
  });

  it("names a kept page's inline scripts by their hashes, and none when it has none", () => {
    const security = recordedSecurityHeaders(helmet(options(false)) as never);
    const hashes = ["'sha256-AAAA'", "'sha256-BBBB'"];
    for (let i = 0; i < 2; i++) {
      const answer = reply();
      security.apply(answer as never);
      security.withScripts(answer as never, hashes);
      expect(scriptSources(policyOf(answer))).toBe("'self' 'sha256-AAAA' 'sha256-BBBB'");
    }
    const none = reply();
    security.apply(none as never);
    security.withScripts(none as never, []);
    expect(scriptSources(policyOf(none))).toBe("'self'");
  });

  it("has no policy to name scripts in when helmet sets none (development)", () => {
    const security = recordedSecurityHeaders(helmet({ contentSecurityPolicy: false }) as never);
    const answer = reply();
    security.apply(answer as never);
    expect(security.withNonce(answer as never)).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    security.withScripts(answer as never, ["'sha256-AAAA'"]);
    expect(answer.headers.has("content-security-policy")).toBe(false);
  });
});
