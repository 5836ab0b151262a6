import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { authCodes } from "#server/db/schema";

export type AuthCodeRow = typeof authCodes.$inferSelect;
export type CodePurpose = "verify" | "reset";

/** One-time codes: stored hashed, with an expiry, a count of wrong tries, and a use. */
export function createAuthCodesRepository(db: Db) {
  return {
    /** A new code replaces the user's older ones of that purpose: only the latest works. */
    async issue(values: {
      userId: string;
      purpose: CodePurpose;
      codeHash: string;
      expiresAt: Date;
    }): Promise<AuthCodeRow> {
      return db.transaction(async (tx) => {
        await tx
          .update(authCodes)
          .set({ usedAt: sql`now()` })
          .where(
            and(
              eq(authCodes.userId, values.userId),
              eq(authCodes.purpose, values.purpose),
              isNull(authCodes.usedAt),
            ),
          );
        const [row] = await tx.insert(authCodes).values(values).returning();
        return row!;
      });
    },

    /** The user's live code of that purpose: unused and unexpired. */
    async live(userId: string, purpose: CodePurpose, now: Date): Promise<AuthCodeRow | null> {
      const rows = await db
        .select()
        .from(authCodes)
        .where(
          and(
            eq(authCodes.userId, userId),
            eq(authCodes.purpose, purpose),
            isNull(authCodes.usedAt),
            gt(authCodes.expiresAt, now),
          ),
        )
        .orderBy(desc(authCodes.createdAt))
        .limit(1);
      return rows[0] ?? null;
    },

    async byId(id: string): Promise<AuthCodeRow | null> {
      const rows = await db.select().from(authCodes).where(eq(authCodes.id, id)).limit(1);
      return rows[0] ?? null;
    },

    async countWrongTry(id: string): Promise<number> {
      const [row] = await db
        .update(authCodes)
        .set({ attempts: sql`${authCodes.attempts} + 1` })
        .where(eq(authCodes.id, id))
        .returning({ attempts: authCodes.attempts });
      return row?.attempts ?? 0;
    },

    /** Marks the code used; false when it was already used (two tabs, a replayed link). */
    async consume(id: string): Promise<boolean> {
      const rows = await db
        .update(authCodes)
        .set({ usedAt: sql`now()` })
        .where(and(eq(authCodes.id, id), isNull(authCodes.usedAt)))
        .returning({ id: authCodes.id });
      return rows.length === 1;
    },
  };
}
