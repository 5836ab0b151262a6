import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db, Executor } from "#server/db/client";
import { sessions } from "#server/modules/auth/auth.table";
import { isUuid } from "#server/shared/uuid";
import { users } from "./users.table";

export type UserRow = typeof users.$inferSelect;

export function createUsersRepository(db: Db) {
  return {
    /** A sign-in happened: the account is in use (the retention of staff accounts reads it). */
    async markSignedIn(id: string, tx: Executor = db): Promise<void> {
      await tx.update(users).set({ lastSignInAt: sql`now()` }).where(eq(users.id, id));
    },

    async findByEmail(email: string, tx: Executor = db): Promise<UserRow | null> {
      const rows = await tx
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
        .limit(1);
      return rows[0] ?? null;
    },

    async findById(id: string, tx: Executor = db): Promise<UserRow | null> {
      // Ids come from tokens and request bodies: anything that is not a uuid is simply unknown.
      if (!isUuid(id)) return null;
      const rows = await tx.select().from(users).where(eq(users.id, id)).limit(1);
      return rows[0] ?? null;
    },

    async list(tx: Executor = db): Promise<UserRow[]> {
      return tx.select().from(users).orderBy(asc(users.createdAt), asc(users.email));
    },

    /** The administrators, the oldest first, at most `limit` (the staff list's bound). */
    async listAdmins(limit: number, tx: Executor = db): Promise<UserRow[]> {
      return tx
        .select()
        .from(users)
        .where(eq(users.role, "admin"))
        .orderBy(asc(users.createdAt), asc(users.email))
        .limit(limit);
    },

    async insert(values: typeof users.$inferInsert, tx: Executor = db): Promise<UserRow> {
      const rows = await tx.insert(users).values(values).returning();
      return rows[0]!;
    },

    async markVerified(id: string, tx: Executor = db): Promise<UserRow> {
      const rows = await tx
        .update(users)
        .set({ emailVerified: true })
        .where(eq(users.id, id))
        .returning();
      return rows[0]!;
    },

    async makeVerifiedAdmin(id: string, tx: Executor = db): Promise<UserRow> {
      const rows = await tx
        .update(users)
        .set({ role: "admin", emailVerified: true })
        .where(eq(users.id, id))
        .returning();
      return rows[0]!;
    },

    /** Locks the user's row until `tx` ends: what is decided for one user at once waits its turn. */
    async lock(id: string, tx: Executor): Promise<void> {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for("update");
    },

    /** Every token issued to the user before is refused from now on (the token version moves on). */
    async endTokens(id: string, tx: Executor = db): Promise<void> {
      await tx
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, id));
    },

    /**
     * A new password ends every session issued before it: the token version moves on (every
     * older token is refused) and the session rows are marked ended (the list of sessions says so).
     */
    async setPassword(id: string, passwordHash: string, tx: Executor = db): Promise<void> {
      await tx
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, id));
      await tx
        .update(sessions)
        .set({ endedAt: sql`now()` })
        .where(and(eq(sessions.userId, id), isNull(sessions.endedAt)));
    },
  };
}
