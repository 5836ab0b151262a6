import { useEffect } from "react";
import { useNavigate } from "react-router";
import { matchShortcut } from "#domain/accessibility";
import { useI18n } from "#web/i18n/i18n-provider";
import { focusMainContent } from "./focus-main-content";

const notTyping = new Set(["checkbox", "radio", "range", "button", "submit", "reset", "color"]);

/** A field that takes text: there, Alt + Shift + a letter may type a character (on a Mac). */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !notTyping.has(target.type);
}

/**
 * The site-wide shortcuts listed on /accessibility, on every page while `enabled` (the
 * keyboard-navigation preference). Ignored while typing, and inside a dialog, which a shortcut
 * would otherwise abandon half-filled. A shortcut opens its page in the current page's language
 * (the back office's pages are English: they open the English pages).
 */
export function useKeyboardShortcuts(enabled: boolean) {
  const navigate = useNavigate();
  const { path } = useI18n();
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || isTypingTarget(event.target)) return;
      if (
        event.target instanceof Element &&
        event.target.closest('[role="dialog"],[role="alertdialog"]')
      )
        return;
      const shortcut = matchShortcut(event);
      if (!shortcut) return;
      event.preventDefault();
      if (shortcut.to === null) focusMainContent();
      else navigate(path(shortcut.to));
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [enabled, navigate, path]);
}
