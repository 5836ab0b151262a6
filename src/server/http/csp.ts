import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";

/**
 * One script nonce per response. Helmet puts it in the Content-Security-Policy header and the
 * React Router handler gives it to the inline scripts that server rendering writes.
 */
const nonces = new WeakMap<ServerResponse, string>();

export function scriptNonce(res: ServerResponse): string {
  let nonce = nonces.get(res);
  if (!nonce) {
    nonce = randomBytes(16).toString("base64");
    nonces.set(res, nonce);
  }
  return nonce;
}
