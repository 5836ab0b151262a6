import { and, desc, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import { SESSION_TIMEOUT_HOURS } from "#domain/constants";
import { inBatches } from "#server/db/batches";
import type { Db, Executor } from "#server/db/client";
import type { UserRow } from "#server/modules/users";
import { users } from "#server/modules/users/users.table";
import { isUuid } from "#server/shared/uuid";
import { sessions } from "./auth.table";
import { DEVICE_COOKIE_MAX_AGE_SECONDS } from "./device-cookie";
import type { SignInContext } from "./sign-in-attempt";

/**
 * Sessions as rows. A session token names its row (`sid`); the guards accept it while the row
 * is live: not ended and not past its expiry. That lets one session be ended (sign out, "Sign
 * out" on the security page) without ending the others.
 */

export type SessionRow = typeof sessions.$inferSelect;

/** Last-active moves forward at most this often per session (one write a minute, not per request). */
export const LAST_ACTIVE_STEP_MS = 60_000;

/** Sessions over for longer than this are purged: the device cookie's lifetime. */
export const SESSION_PURGE_DAYS = DEVICE_COOKIE_MAX_AGE_SECONDS / 86_400;

const live = (now: Date) => and(isNull(sessions.endedAt), gt(sessions.expiresAt, now));

export function createSessionStore(db: Db) {
  return {
    /** A new session for the user, valid as long as its token. */
    async start(userId: string, context: SignInContext, tx: Executor = db): Promise<SessionRow> {
      const rows = await tx
        .insert(sessions)
        .values({
          userId,
          ipAddress: context.ipAddress,
          userAgent: context.userAgent,
          deviceId: context.deviceId,
          expiresAt: new Date(Date.now() + SESSION_TIMEOUT_HOURS * 3_600_000),
        })
        .returning();
      return rows[0]!;
    },

    /** The live session and its user, in one query: what the guards check on every request. */
    async find(
      sessionId: string,
      now = new Date(),
    ): Promise<{ session: SessionRow; user: UserRow } | null> {
      if (!isUuid(sessionId)) return null;
      const rows = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, sessionId), live(now)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Moves last-active forward, unless it moved less than a minute ago. */
    async touch(sessionId: string): Promise<void> {
      await db
        .update(sessions)
        .set({ lastActiveAt: sql`now()` })
        .where(
          and(
            eq(sessions.id, sessionId),
            lt(
              sessions.lastActiveAt,
              sql`now() - make_interval(secs => ${LAST_ACTIVE_STEP_MS / 1000})`,
            ),
          ),
        );
    },

    /** Ends one of the user's live sessions: false when it is not theirs or already over. */
    async end(userId: string, sessionId: string, tx: Executor = db): Promise<boolean> {
      if (!isUuid(sessionId)) return false;
      const rows = await tx
        .update(sessions)
        .set({ endedAt: sql`now()` })
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), live(new Date())))
        .returning({ id: sessions.id });
      return rows.length > 0;
    },

    /** Ends every live session of the user, but `except` when given; answers how many. */
    async endAll(userId: string, except?: string, tx: Executor = db): Promise<number> {
      const rows = await tx
        .update(sessions)
        .set({ endedAt: sql`now()` })
        .where(
          and(
            eq(sessions.userId, userId),
            live(new Date()),
            except ? ne(sessions.id, except) : undefined,
          ),
        )
        .returning({ id: sessions.id });
      return rows.length;
    },

    /** The user's live sessions, the most recently active first, at most `limit`. */
    async listLive(userId: string, limit: number): Promise<SessionRow[]> {
      return db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), live(new Date())))
        .orderBy(desc(sessions.lastActiveAt), desc(sessions.createdAt))
        .limit(limit);
    },

    /**
     * Removes sessions over (ended or expired) for longer than a device cookie lives: by then
     * they no longer make a browser known. Each user's latest session stays, so that "has
     * signed in before" (the new-browser notice) still holds. A batch at a time; answers how
     * many went.
     */
    purgeOld(): Promise<number> {
      return inBatches(async (limit) => {
        const result = await db.execute(sql`
          delete from ${sessions} where id in (
            select old.id from ${sessions} old
            where old.expires_at < now() - make_interval(days => ${SESSION_PURGE_DAYS})
              and exists (select 1 from ${sessions} newer
                          where newer.user_id = old.user_id and newer.created_at > old.created_at)
            limit ${limit})`);
        return result.rowCount ?? 0;
      });
    },

    /** Whether the user has ever signed in before, from anywhere. */
    async hasAny(userId: string): Promise<boolean> {
      const rows = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .limit(1);
      return rows.length > 0;
    },

    /** Whether the user has ever signed in from this browser (its device cookie). */
    async knownDevice(userId: string, deviceId: string): Promise<boolean> {
      const rows = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.deviceId, deviceId)))
        .limit(1);
      return rows.length > 0;
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
