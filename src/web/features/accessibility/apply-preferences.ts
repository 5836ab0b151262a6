import { type AccessibilityPreferences, rootPresentation } from "#domain/accessibility";

/**
 * Shows the preferences on <html>, where the stylesheet reads them: the same attributes and
 * font size as the inline script of the first paint, set or removed. Idempotent.
 */
export function applyPreferences(
  preferences: AccessibilityPreferences,
  root: HTMLElement = document.documentElement,
): void {
  const { attributes, fontSize } = rootPresentation(preferences);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null) root.removeAttribute(name);
    else root.setAttribute(name, value);
  }
  root.style.fontSize = fontSize;
  // An emptied style attribute is left as `style=""`; drop it to keep <html> as the server sent it.
  if (!root.getAttribute("style")) root.removeAttribute("style");
}
