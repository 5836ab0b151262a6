import {
  defaultNotificationPreferences,
  type NotificationPreferences,
  parseStoredPreferences,
} from "#domain/notification-preferences";
import type { Notification } from "#domain/notifications";
import type { Executor } from "#server/db/client";
import { isUuid } from "#server/shared/uuid";
import { notificationNotFound } from "./notifications.errors";
import {
  deleteAllEvents,
  deleteEvent,
  type EventRow,
  findPreferences,
  insertEvents,
  listEvents,
  type NewEvent,
  setAllRead,
  setRead,
  trimEvents,
  upsertPreferences,
  verifiedAdminIds,
} from "./notifications.repository";

/**
 * A signed-in person's notifications from the server, and the preferences that decide which
 * e-mails and in-app notices they get. Each is the person's own: another's id is not found.
 * Every function takes the database or the caller's transaction (a maintenance request records
 * its notices in the transaction that saves it).
 */

/** The most notifications one person keeps: older ones are removed as new ones arrive. */
export const NOTIFICATIONS_KEPT = 200;

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
  const stored = await findPreferences({ db }, userId);
  return stored
    ? { preferences: parseStoredPreferences(stored.preferences), saved: true }
    : { preferences: defaultNotificationPreferences, saved: false };
}

export async function savePreferences(
  db: Executor,
  userId: string,
  preferences: NotificationPreferences,
): Promise<{ preferences: NotificationPreferences; saved: boolean }> {
  await upsertPreferences({ db }, userId, preferences);
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
  await insertEvents({ db }, events);
  for (const userId of new Set(events.map((event) => event.userId))) {
    await trimEvents({ db }, userId, NOTIFICATIONS_KEPT);
  }
}

/** The administrators with a verified address: the office's people. */
export const staffIds = (db: Executor): Promise<string[]> => verifiedAdminIds({ db });

export async function listNotifications(db: Executor, userId: string): Promise<Notification[]> {
  const rows = await listEvents({ db }, userId, NOTIFICATIONS_KEPT);
  return rows.map(toNotification);
}

export async function markRead(
  db: Executor,
  userId: string,
  id: string,
  read: boolean,
): Promise<Notification> {
  if (!isUuid(id)) throw notificationNotFound();
  const row = await setRead({ db }, userId, id, read);
  if (!row) throw notificationNotFound();
  return toNotification(row);
}

export async function markAllRead(db: Executor, userId: string): Promise<void> {
  await setAllRead({ db }, userId);
}

export async function removeNotification(db: Executor, userId: string, id: string): Promise<void> {
  if (!isUuid(id) || !(await deleteEvent({ db }, userId, id))) throw notificationNotFound();
}

export async function clearNotifications(db: Executor, userId: string): Promise<void> {
  await deleteAllEvents({ db }, userId);
}
