import { notificationsApi as api } from "#domain/api/notifications";
import type { NotificationPreferences } from "#domain/notification-preferences";
import { request } from "#web/lib/api-client";

/**
 * A signed-in person's notification preferences, stored on the server (which follows them when
 * it e-mails maintenance news). Imported by the settings page for a signed-in person only.
 */
export async function loadPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  const answer = await request(api.preferences, {}, { signal });
  return answer.preferences;
}

export async function savePreferences(
  preferences: NotificationPreferences,
): Promise<NotificationPreferences> {
  const answer = await request(api.savePreferences, { body: preferences });
  return answer.preferences;
}
