import {
  type NotificationPreferences,
  parseStoredPreferences,
} from "#domain/notification-preferences";
import { useBrowserStore } from "#web/lib/browser-store";
import { browserStorage, onOtherTabChange, readJson } from "./browser-storage";

export const PREFERENCES_KEY = "notification_preferences";

/** The saved notification preferences (the defaults until the visitor saves any). */
export function createPreferencesStore(storage: () => Storage | null = browserStorage) {
  let saved: NotificationPreferences | null = null;
  const listeners = new Set<() => void>();
  let stop: (() => void) | null = null;
  const read = () => parseStoredPreferences(readJson(storage(), PREFERENCES_KEY).value);
  const emit = () => {
    for (const listener of listeners) listener();
  };

  return {
    getSnapshot: () => {
      saved ??= read();
      return saved;
    },
    getServerSnapshot: (): NotificationPreferences | null => null,
    subscribe(listener: () => void) {
      listeners.add(listener);
      if (listeners.size === 1) {
        saved = read();
        stop = onOtherTabChange(PREFERENCES_KEY, () => {
          saved = read();
          emit();
        });
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) stop?.();
      };
    },
    /** Throws when the browser refuses to store them; the caller reports the failure. */
    save(preferences: NotificationPreferences) {
      const target = storage();
      if (!target) throw new Error("Browser storage is not available");
      target.setItem(PREFERENCES_KEY, JSON.stringify(preferences));
      saved = preferences;
      emit();
    },
  };
}

export type PreferencesStore = ReturnType<typeof createPreferencesStore>;

export const preferencesStore = createPreferencesStore();

/** The saved preferences, or null on the server and during hydration. */
export function useSavedPreferences(store: PreferencesStore = preferencesStore) {
  return useBrowserStore(store.subscribe, store.getSnapshot, store.getServerSnapshot);
}
