import {
  ACCESSIBILITY_STORAGE_KEY,
  type AccessibilityPreferences,
  defaultAccessibilityPreferences,
  parseStoredPreferences,
} from "#domain/accessibility";
import { useBrowserStore } from "#web/lib/browser-store";

/**
 * The saved preferences, in localStorage, as an external store: components read them with
 * useSavedAccessibilityPreferences and follow saves made in this tab or in another one.
 */
const listeners = new Set<() => void>();
let cache: { raw: string | null; preferences: AccessibilityPreferences } | undefined;

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(ACCESSIBILITY_STORAGE_KEY);
  } catch {
    // Storage can be switched off (some private modes): the defaults then.
    return null;
  }
}

/** The saved preferences (the defaults when none are saved, or they are unreadable). */
export function readSavedPreferences(): AccessibilityPreferences {
  const raw = readRaw();
  if (!cache || cache.raw !== raw) cache = { raw, preferences: parseStoredPreferences(raw) };
  return cache.preferences;
}

/** Saves the preferences; throws when the browser refuses (storage off or full). */
export function savePreferences(preferences: AccessibilityPreferences): void {
  window.localStorage.setItem(ACCESSIBILITY_STORAGE_KEY, JSON.stringify(preferences));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === ACCESSIBILITY_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

const serverSnapshot: AccessibilityPreferences = { ...defaultAccessibilityPreferences };
const readServerSnapshot = () => serverSnapshot;

/** The saved preferences; the server (which cannot see them) renders with the defaults. */
export function useSavedAccessibilityPreferences(): AccessibilityPreferences {
  return useBrowserStore(subscribe, readSavedPreferences, readServerSnapshot);
}
