import { and, desc, eq, isNull, sql } from "drizzle-orm";
import {
  defaultNotificationPreferences,
  type NotificationPreferences,
  parseStoredPreferences,
} from "#domain/notification-preferences";
import type { Notification } from "#domain/notifications";
import type { Db, Executor } from "#server/db/client";
import { notificationEvents, notificationPreferences, users } from "#server/db/schema";
import { notFound } from "#server/http/errors";
import { isUuid } from "#server/shared/uuid";

/**
 * A signed-in person's notifications from the server, and the preferences that decide which
 * e-mails and in-app notices they get. Each is the person's own: another's id is not found.
 */

/** The most notifications one person keeps: older ones are removed as new ones arrive. */
export const NOTIFICATIONS_KEPT = 200;

type EventRow = typeof notificationEvents.$inferSelect;
export type NewEvent = Omit<typeof notificationEvents.$inferInsert, "id" | "readAt" | "createdAt">;

export function toNotification(row: EventRow): Notification {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    type: row.type,
    category: row.category,
    priority: row.priority,
    read: row.readAt !== null,
    timestamp: row.createdAt.toISOString(),
    ...(row.actionUrl ? { actionUrl: row.actionUrl } : {}),
    ...(row.actionLabel ? { actionLabel: row.actionLabel } : {}),
  };
}

/** Stored preferences, or the defaults for someone who never saved any. */
export async function preferencesOf(
  db: Executor,
  userId: string,
): Promise<{ preferences: NotificationPreferences; saved: boolean }> {
  const [row] = await db
    .select({ preferences: notificationPreferences.preferences })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row
    ? { preferences: parseStoredPreferences(row.preferences), saved: true }
    : { preferences: defaultNotificationPreferences, saved: false };
}

export async function savePreferences(
  db: Db,
  userId: string,
  preferences: NotificationPreferences,
): Promise<{ preferences: NotificationPreferences; saved: boolean }> {
  await db
    .insert(notificationPreferences)
    .values({ userId, preferences })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { preferences, updatedAt: sql`now()` },
    });
  return { preferences, saved: true };
}

/** Whether a maintenance notice goes to this person by e-mail, and in the app. */
export async function maintenanceChannels(db: Executor, userId: string) {
  const { preferences } = await preferencesOf(db, userId);
  return {
    email: preferences.email.enabled && preferences.email.maintenance,
    inApp: preferences.inApp.enabled && preferences.inApp.maintenance,
  };
}

/** Records notifications (in the caller's transaction), keeping each person's newest only. */
export async function recordEvents(db: Executor, events: NewEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.insert(notificationEvents).values(events);
  for (const userId of new Set(events.map((event) => event.userId))) {
    await db.execute(sql`
      delete from ${notificationEvents}
      where ${notificationEvents.userId} = ${userId}
        and ${notificationEvents.id} not in (
          select ${notificationEvents.id} from ${notificationEvents}
          where ${notificationEvents.userId} = ${userId}
          order by ${notificationEvents.createdAt} desc
          limit ${NOTIFICATIONS_KEPT}
        )`);
  }
}

/** The administrators with a verified address: the office's people. */
export async function staffIds(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.emailVerified, true)));
  return rows.map((row) => row.id);
}

export async function listNotifications(db: Db, userId: string): Promise<Notification[]> {
  const rows = await db
    .select()
    .from(notificationEvents)
    .where(eq(notificationEvents.userId, userId))
    .orderBy(desc(notificationEvents.createdAt), desc(notificationEvents.id))
    .limit(NOTIFICATIONS_KEPT);
  return rows.map(toNotification);
}

const notificationNotFound = () => notFound("Notification not found");

export async function markRead(
  db: Db,
  userId: string,
  id: string,
  read: boolean,
): Promise<Notification> {
  if (!isUuid(id)) throw notificationNotFound();
  const [row] = await db
    .update(notificationEvents)
    .set({ readAt: read ? sql`coalesce(${notificationEvents.readAt}, now())` : null })
    .where(and(eq(notificationEvents.id, id), eq(notificationEvents.userId, userId)))
    .returning();
  if (!row) throw notificationNotFound();
  return toNotification(row);
}

export async function markAllRead(db: Db, userId: string): Promise<void> {
  await db
    .update(notificationEvents)
    .set({ readAt: sql`now()` })
    .where(and(eq(notificationEvents.userId, userId), isNull(notificationEvents.readAt)));
}

export async function removeNotification(db: Db, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notificationNotFound();
  const removed = await db
    .delete(notificationEvents)
    .where(and(eq(notificationEvents.id, id), eq(notificationEvents.userId, userId)))
    .returning({ id: notificationEvents.id });
  if (removed.length === 0) throw notificationNotFound();
}

export async function clearNotifications(db: Db, userId: string): Promise<void> {
  await db.delete(notificationEvents).where(eq(notificationEvents.userId, userId));
}
