import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db, Executor } from "#server/db/client";
import { authCodes } from "./auth.table";

export type AuthCodeRow = typeof authCodes.$inferSelect;
/** `enrol`: the proof of the account's mailbox before its first second step (MFA_REQUIRED). */
export type CodePurpose = "verify" | "reset" | "enrol";
type NewCode = { userId: string; purpose: CodePurpose; codeHash: string; expiresAt: Date };

const unused = (userId: string, purpose: CodePurpose) =>
  and(eq(authCodes.userId, userId), eq(authCodes.purpose, purpose), isNull(authCodes.usedAt));

/** One-time codes: stored hashed, with an expiry, a count of wrong tries, and a use. */
export function createAuthCodesRepository(db: Db) {
  return {
    /** A new code replaces the user's older ones of that purpose: only the latest works (verify). */
    async issue(values: NewCode): Promise<AuthCodeRow> {
      return db.transaction(async (tx) => {
        await tx
          .update(authCodes)
          .set({ usedAt: sql`now()` })
          .where(unused(values.userId, values.purpose));
        const [row] = await tx.insert(authCodes).values(values).returning();
        return row!;
      });
    },

    /** A new code beside the user's other live ones of that purpose, which keep working (reset). */
    async add(values: NewCode): Promise<AuthCodeRow> {
      const [row] = await db.insert(authCodes).values(values).returning();
      return row!;
    },

    /** The user's live code of that purpose: unused and unexpired. */
    async live(userId: string, purpose: CodePurpose, now: Date): Promise<AuthCodeRow | null> {
      const rows = await db
        .select()
        .from(authCodes)
        .where(and(unused(userId, purpose), gt(authCodes.expiresAt, now)))
        .orderBy(desc(authCodes.createdAt))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The user's live code of that purpose whose hash this is, if any. */
    async liveWithHash(
      userId: string,
      purpose: CodePurpose,
      codeHash: string,
      now: Date,
    ): Promise<AuthCodeRow | null> {
      const rows = await db
        .select()
        .from(authCodes)
        .where(
          and(
            unused(userId, purpose),
            eq(authCodes.codeHash, codeHash),
            gt(authCodes.expiresAt, now),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    /** How many codes of that purpose the user was sent since `since`. */
    async countSince(userId: string, purpose: CodePurpose, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(authCodes)
        .where(
          and(
            eq(authCodes.userId, userId),
            eq(authCodes.purpose, purpose),
            gt(authCodes.createdAt, since),
          ),
        );
      return row?.n ?? 0;
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
    async consume(id: string, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .update(authCodes)
        .set({ usedAt: sql`now()` })
        .where(and(eq(authCodes.id, id), isNull(authCodes.usedAt)))
        .returning({ id: authCodes.id });
      return rows.length === 1;
    },

    /**
     * Uses code `id` and voids the user's other unused codes of that purpose, in one statement;
     * false when `id` was no longer unused. One statement, so two of these for two codes of one
     * user cannot each hold one row and wait for the other's (a deadlock): the later one waits,
     * then finds both rows used and returns false.
     */
    async consumeVoidingOthers(
      id: string,
      userId: string,
      purpose: CodePurpose,
      tx: Executor = db,
    ): Promise<boolean> {
      const rows = await tx
        .update(authCodes)
        .set({ usedAt: sql`now()` })
        .where(unused(userId, purpose))
        .returning({ id: authCodes.id });
      return rows.some((row) => row.id === id);
    },
  };
}
