import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";

/**
 * One script nonce per response. Helmet puts it in the Content-Security-Policy header and the
 * React Router handler gives it to the inline scripts that server rendering writes. It is kept
 * on the response itself, under a symbol: a WeakMap from responses to nonces cost about 5 µs a
 * request (every response a new key of a long-lived WeakMap: work for each young-generation GC).
 */
const NONCE = Symbol("script nonce");
type WithNonce = { [NONCE]?: string };

// 16 fresh random bytes per nonce, drawn from the system's CSPRNG 512 nonces at a time: one
// call to it per response cost more than the rest of the header work.
const NONCE_BYTES = 16;
const POOL_BYTES = NONCE_BYTES * 512;
let pool = Buffer.alloc(0);
let offset = 0;

function freshNonce(): string {
  if (offset + NONCE_BYTES > pool.length) {
    pool = randomBytes(POOL_BYTES);
    offset = 0;
  }
  const nonce = pool.toString("base64", offset, offset + NONCE_BYTES);
  offset += NONCE_BYTES;
  return nonce;
}

export function scriptNonce(res: ServerResponse | object): string {
  const target = res as WithNonce;
  let nonce = target[NONCE];
  if (nonce === undefined) {
    nonce = freshNonce();
    target[NONCE] = nonce;
  }
  return nonce;
}

type HelmetMiddleware = (req: never, res: never, next: (error?: unknown) => void) => void;

/** Where the headers go: a Fastify reply (its `header` and `removeHeader`, and its raw response). */
type HeaderTarget = {
  header(name: string, value: string): unknown;
  removeHeader(name: string): unknown;
  raw: ServerResponse | object;
};

export type SecurityHeaders = {
  /**
   * Every response's headers. Its Content-Security-Policy allows no inline script: a JSON
   * answer, a file or an error has none.
   */
  apply(reply: HeaderTarget): void;
  /** A page whose inline scripts carry this response's nonce: the policy names it. */
  withNonce(reply: HeaderTarget): string;
  /** A page whose inline scripts are allowed by their hashes (`'sha256-...'` sources). */
  withScripts(reply: HeaderTarget, sources: readonly string[]): void;
};

/** Distinct script sources whose policies are kept ready (the cached pages' hash sets). */
const MAX_KEPT_POLICIES = 1000;

/**
 * Helmet's headers, taken from helmet itself once at start-up: its middleware is run once
 * against a recording response, and every response then gets the same headers in one loop.
 * Per request, helmet's own middleware ran a dozen small middlewares and rebuilt the policy
 * string (about a seventh of a small JSON answer's CPU).
 *
 * Only a page with inline scripts gets a policy of its own, with this response's nonce or its
 * scripts' hashes in script-src; every other response gets one string, the same every time
 * (measured: a fresh policy string with a nonce on every answer cost about 9 µs of a 45 µs JSON
 * answer).
 *
 * They go on the reply, not on its raw response: Fastify writes a reply's headers in one call,
 * which Node takes as they are; a header set on the raw response beforehand turns that call
 * into Node's slow path, every header of the answer set and checked one at a time (measured:
 * the building list answered 20k requests a second with them on the raw response, 29k on the
 * reply).
 */
export function recordedSecurityHeaders(middleware: HelmetMiddleware): SecurityHeaders {
  const headers: [string, string][] = [];
  const removed: string[] = [];
  const recording = {
    setHeader(name: string, value: unknown) {
      headers.push([name.toLowerCase(), String(value)]);
    },
    removeHeader(name: string) {
      removed.push(name.toLowerCase());
    },
    getHeader: () => undefined,
  };
  let failure: unknown;
  middleware({ headers: {} } as never, recording as never, (error) => {
    failure = error;
  });
  if (failure) throw failure;
  // The policy is the header in which the recording's nonce came out, cut around it.
  const sample = `'nonce-${scriptNonce(recording)}'`;
  const policy = headers.find(([, value]) => value.includes(sample));
  const [before = "", after = ""] = policy ? policy[1].split(sample) : [];
  const policyWith = (sources: string) =>
    sources === "" ? `${before.replace(/ $/, "")}${after}` : `${before}${sources}${after}`;
  const everyResponse = headers.map((header): [string, string] =>
    header === policy ? [header[0], policyWith("")] : header,
  );
  const kept = new Map<string, string>();

  return {
    apply(reply) {
      for (const name of removed) reply.removeHeader(name);
      for (const [name, value] of everyResponse) reply.header(name, value);
    },
    withNonce(reply) {
      const nonce = scriptNonce(reply.raw);
      if (policy) reply.header(policy[0], policyWith(`'nonce-${nonce}'`));
      return nonce;
    },
    withScripts(reply, sources) {
      if (!policy) return;
      const joined = sources.join(" ");
      let value = kept.get(joined);
      if (value === undefined) {
        if (kept.size >= MAX_KEPT_POLICIES) kept.clear();
        value = policyWith(joined);
        kept.set(joined, value);
      }
      reply.header(policy[0], value);
    },
  };
}
