import { useSavedAccessibilityPreferences } from "../preferences-store";
import { useToastSounds } from "../sound-effects";
import { useKeyboardShortcuts } from "../use-keyboard-shortcuts";
import { RouteAnnouncer } from "./route-announcer";

/**
 * The preferences that are behaviour rather than looks, on every page: keyboard shortcuts,
 * page-change announcements and focus for screen readers, and sounds. They follow the saved
 * preferences (the looks are the stylesheet's, from the attributes on <html>).
 */
export function AccessibilityBehaviours() {
  const preferences = useSavedAccessibilityPreferences();
  useKeyboardShortcuts(preferences.keyboardNavigation);
  useToastSounds(preferences.soundEffects);
  return <RouteAnnouncer enabled={preferences.screenReaderOptimized} />;
}
