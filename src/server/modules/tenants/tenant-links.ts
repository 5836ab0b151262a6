import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, gt, isNull, lt, or } from "drizzle-orm";
import type { Executor } from "#server/db/client";
import { tenantSignInLinks } from "#server/db/schema";

/**
 * A tenant's single-use sign-in links: 32 random bytes, e-mailed once; the database keeps their
 * SHA-256 only, so a leaked database gives away no working link. A link is used by marking it,
 * in one statement, so two clicks of one link never make two sessions.
 */

/** 43 base64url characters; anything else is refused before any lookup. */
const TOKEN_SHAPE = /^[\w-]{43}$/;

export const hashLinkToken = (token: string) => createHash("sha256").update(token).digest("hex");

export type LinkPurpose = "invite" | "sign_in";

export function createTenantLinks(db: Executor) {
  return {
    /** A new link for the tenant, valid until `expiresAt`: the token to e-mail. */
    async issue(userId: string, purpose: LinkPurpose, expiresAt: Date): Promise<string> {
      const token = randomBytes(32).toString("base64url");
      await db
        .insert(tenantSignInLinks)
        .values({ tokenHash: hashLinkToken(token), userId, purpose, expiresAt });
      return token;
    },

    /** Marks the link used and answers its tenant's id; null when unknown, used or expired. */
    async use(token: string, now: Date): Promise<string | null> {
      if (!TOKEN_SHAPE.test(token)) return null;
      const [row] = await db
        .update(tenantSignInLinks)
        .set({ usedAt: now })
        .where(
          and(
            eq(tenantSignInLinks.tokenHash, hashLinkToken(token)),
            isNull(tenantSignInLinks.usedAt),
            gt(tenantSignInLinks.expiresAt, now),
          ),
        )
        .returning({ userId: tenantSignInLinks.userId });
      return row?.userId ?? null;
    },

    /** Sign-in links made for the tenant since `since` (the per-address limit). */
    async countSince(userId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(tenantSignInLinks)
        .where(
          and(
            eq(tenantSignInLinks.userId, userId),
            eq(tenantSignInLinks.purpose, "sign_in"),
            gt(tenantSignInLinks.createdAt, since),
          ),
        );
      return row?.n ?? 0;
    },

    /** Every unused link of the tenant stops working (access ended). */
    async revokeAll(userId: string): Promise<void> {
      await db.delete(tenantSignInLinks).where(eq(tenantSignInLinks.userId, userId));
    },

    /** Links used or expired more than a day ago: they are of no use to anyone. */
    async purge(now: Date): Promise<number> {
      const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
      const removed = await db
        .delete(tenantSignInLinks)
        .where(or(lt(tenantSignInLinks.expiresAt, dayAgo), lt(tenantSignInLinks.usedAt, dayAgo)))
        .returning({ hash: tenantSignInLinks.tokenHash });
      return removed.length;
    },
  };
}
