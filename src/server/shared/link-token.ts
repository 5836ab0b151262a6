import { createHash, randomBytes } from "node:crypto";

/**
 * The tokens of e-mailed links (an alert's confirm and manage links, a privacy request's, a
 * showing's): 32 random or derived bytes as 43 base64url characters. A token of another shape is
 * refused before any lookup; the database keeps only its SHA-256, so a leaked table gives away no
 * working link.
 */
const LINK_TOKEN_SHAPE = /^[\w-]{43}$/;

export const isLinkToken = (token: string) => LINK_TOKEN_SHAPE.test(token);

export const hashLinkToken = (token: string) =>
  createHash("sha256").update(token).digest("base64url");

export const newLinkToken = () => randomBytes(32).toString("base64url");
