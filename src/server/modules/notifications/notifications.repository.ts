import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { NotificationPreferences } from "#domain/notification-preferences";
import type { Executor } from "#server/db/client";
import { users } from "#server/modules/users/users.table";
import { notificationEvents, notificationPreferences } from "./notifications.table";

/** A person's notifications and preferences; every statement is scoped to the person's id. */

type Deps = { db: Executor };

export type EventRow = typeof notificationEvents.$inferSelect;
export type NewEvent = Omit<typeof notificationEvents.$inferInsert, "id" | "readAt" | "createdAt">;

/** The stored preferences as saved (to be parsed); null for someone who never saved any. */
export async function findPreferences(
  { db }: Deps,
  userId: string,
): Promise<{ preferences: unknown } | null> {
  const [row] = await db
    .select({ preferences: notificationPreferences.preferences })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row ?? null;
}

export async function upsertPreferences(
  { db }: Deps,
  userId: string,
  preferences: NotificationPreferences,
): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ userId, preferences })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { preferences, updatedAt: sql`now()` },
    });
}

export async function insertEvents({ db }: Deps, events: NewEvent[]): Promise<void> {
  await db.insert(notificationEvents).values(events);
}

/** Removes the person's notifications past the newest `kept`. */
export async function trimEvents({ db }: Deps, userId: string, kept: number): Promise<void> {
  await db.execute(sql`
    delete from ${notificationEvents}
    where ${notificationEvents.userId} = ${userId}
      and ${notificationEvents.id} not in (
        select ${notificationEvents.id} from ${notificationEvents}
        where ${notificationEvents.userId} = ${userId}
        order by ${notificationEvents.createdAt} desc
        limit ${kept}
      )`);
}

/** The administrators with a verified address. */
export async function verifiedAdminIds({ db }: Deps): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.emailVerified, true)));
  return rows.map((row) => row.id);
}

/** Newest first, `limit` at most. */
export async function listEvents({ db }: Deps, userId: string, limit: number) {
  return db
    .select()
    .from(notificationEvents)
    .where(eq(notificationEvents.userId, userId))
    .orderBy(desc(notificationEvents.createdAt), desc(notificationEvents.id))
    .limit(limit);
}

/** Read (keeping the first time it was read) or unread again; null when not the person's. */
export async function setRead(
  { db }: Deps,
  userId: string,
  id: string,
  read: boolean,
): Promise<EventRow | null> {
  const [row] = await db
    .update(notificationEvents)
    .set({ readAt: read ? sql`coalesce(${notificationEvents.readAt}, now())` : null })
    .where(and(eq(notificationEvents.id, id), eq(notificationEvents.userId, userId)))
    .returning();
  return row ?? null;
}

export async function setAllRead({ db }: Deps, userId: string): Promise<void> {
  await db
    .update(notificationEvents)
    .set({ readAt: sql`now()` })
    .where(and(eq(notificationEvents.userId, userId), isNull(notificationEvents.readAt)));
}

/** False when there is no such notification of the person's. */
export async function deleteEvent({ db }: Deps, userId: string, id: string): Promise<boolean> {
  const removed = await db
    .delete(notificationEvents)
    .where(and(eq(notificationEvents.id, id), eq(notificationEvents.userId, userId)))
    .returning({ id: notificationEvents.id });
  return removed.length > 0;
}

export async function deleteAllEvents({ db }: Deps, userId: string): Promise<void> {
  await db.delete(notificationEvents).where(eq(notificationEvents.userId, userId));
}
