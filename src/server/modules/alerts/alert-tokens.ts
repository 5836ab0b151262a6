import { createHmac } from "node:crypto";

/**
 * The links of listing alerts. A confirmation token is random and e-mailed once. A manage token
 * (the manage page, one-click unsubscribe) is derived from the app's secret and the
 * subscription's id, so every alert e-mail can carry it while the database keeps only its hash.
 * Either is looked up by its SHA-256: a leaked database gives away no working link.
 */

export {
  hashLinkToken as hashAlertToken,
  isLinkToken as isAlertToken,
  newLinkToken as newConfirmToken,
} from "#server/shared/link-token";

export function createManageTokens(secret: Uint8Array) {
  return (subscriptionId: string) =>
    createHmac("sha256", secret)
      .update(`rentals:alerts:manage:${subscriptionId}`)
      .digest("base64url");
}
export type ManageTokens = ReturnType<typeof createManageTokens>;

/**
 * Who asked for a subscription, as the hourly cap counts it: an HMAC of the client's address
 * under the app's secret, so the table never holds the address and a copy of it cannot be
 * reversed by trying every address.
 */
export function createRequesterKeys(secret: Uint8Array) {
  return (clientAddress: string) =>
    createHmac("sha256", secret)
      .update(`rentals:alerts:requester:${clientAddress}`)
      .digest("base64url");
}
export type RequesterKeys = ReturnType<typeof createRequesterKeys>;
