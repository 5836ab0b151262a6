import { authMessages, SESSIONS_LISTED_MAX } from "#domain/auth";
import type { Db } from "#server/db/client";
import { notFound } from "#server/http/errors";
import { createSessionStore } from "./sessions.repository";
import { describeUserAgent } from "./user-agent";

type Deps = { db: Db };

/** The user's live sessions for the security page, `currentId` marked as this one. */
export async function listSessions({ db }: Deps, userId: string, currentId: string | undefined) {
  const rows = await createSessionStore(db).listLive(userId, SESSIONS_LISTED_MAX);
  return {
    sessions: rows.map((row) => ({
      id: row.id,
      current: row.id === currentId,
      ...describeUserAgent(row.userAgent),
      ipAddress: row.ipAddress,
      signedInAt: row.createdAt.toISOString(),
      lastActiveAt: row.lastActiveAt.toISOString(),
    })),
  };
}

/** Signs this session out. */
export async function signOut({ db }: Deps, userId: string, sessionId: string): Promise<void> {
  await createSessionStore(db).end(userId, sessionId);
}

/** Ends one of the user's live sessions; not theirs, or over already: 404. */
export async function endSession({ db }: Deps, userId: string, sessionId: string): Promise<void> {
  if (!(await createSessionStore(db).end(userId, sessionId))) {
    throw notFound(authMessages.sessionNotFound);
  }
}

/** Ends every live session of the user but this one; answers how many. */
export async function endOtherSessions(
  { db }: Deps,
  userId: string,
  currentId: string | undefined,
): Promise<number> {
  return createSessionStore(db).endAll(userId, currentId);
}
