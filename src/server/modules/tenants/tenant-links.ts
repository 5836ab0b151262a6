import { createHash, randomBytes } from "node:crypto";
import type { Executor } from "#server/db/client";
import {
  countSignInLinksSince,
  deleteLinksDoneBefore,
  deleteLinksOf,
  insertLink,
  type LinkPurpose,
  markLinkUsed,
} from "./tenants.repository";

/**
 * A tenant's single-use sign-in links: 32 random bytes, e-mailed once; the database keeps their
 * SHA-256 only, so a leaked database gives away no working link. A link is used by marking it,
 * in one statement, so two clicks of one link never make two sessions.
 */

/** 43 base64url characters; anything else is refused before any lookup. */
const TOKEN_SHAPE = /^[\w-]{43}$/;

const DAY_MS = 24 * 60 * 60 * 1000;

export const hashLinkToken = (token: string) => createHash("sha256").update(token).digest("hex");

export function createTenantLinks(db: Executor) {
  const on = { db };
  return {
    /** A new link for the tenant, valid until `expiresAt`: the token to e-mail. */
    async issue(userId: string, purpose: LinkPurpose, expiresAt: Date): Promise<string> {
      const token = randomBytes(32).toString("base64url");
      await insertLink(on, { tokenHash: hashLinkToken(token), userId, purpose, expiresAt });
      return token;
    },

    /** Marks the link used and answers its tenant's id; null when unknown, used or expired. */
    async use(token: string, now: Date): Promise<string | null> {
      if (!TOKEN_SHAPE.test(token)) return null;
      return markLinkUsed(on, hashLinkToken(token), now);
    },

    /** Sign-in links made for the tenant since `since` (the per-address limit). */
    countSince: (userId: string, since: Date) => countSignInLinksSince(on, userId, since),

    /** Every unused link of the tenant stops working (access ended). */
    revokeAll: (userId: string) => deleteLinksOf(on, userId),

    /** Links used or expired more than a day ago: they are of no use to anyone. */
    purge: (now: Date) => deleteLinksDoneBefore(on, new Date(now.getTime() - DAY_MS)),
  };
}
