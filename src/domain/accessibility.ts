import { isOneOf, isRecord } from "./guards";
import { messages } from "./messages";

/**
 * The visitor's accessibility preferences (contrast, text size, motion, focus). They live in
 * this browser only. The stylesheet reads them as attributes on <html> (src/web/app.css, "Visitor
 * preferences"); a tiny inline script sets those attributes before the first paint, and it is
 * generated from the constants below so that the key and the attribute names exist once.
 */
export const ACCESSIBILITY_STORAGE_KEY = "a11y_preferences";

export const FONT_SIZE = { min: 12, max: 24, step: 1, default: 16 } as const;

export const focusIndicatorStyles = ["standard", "enhanced", "high-visibility"] as const;
export type FocusIndicatorStyle = (typeof focusIndicatorStyles)[number];

export const colorSchemes = ["auto", "light", "dark", "high-contrast"] as const;
export type ColorScheme = (typeof colorSchemes)[number];

export const defaultAccessibilityPreferences = {
  highContrast: false,
  fontSize: FONT_SIZE.default,
  reducedMotion: false,
  screenReaderOptimized: false,
  keyboardNavigation: true,
  soundEffects: false,
  focusIndicators: "standard",
  colorScheme: "auto",
} as const satisfies Record<string, unknown>;

const d = defaultAccessibilityPreferences;

export type AccessibilityPreferences = {
  highContrast: boolean;
  fontSize: number;
  reducedMotion: boolean;
  screenReaderOptimized: boolean;
  keyboardNavigation: boolean;
  soundEffects: boolean;
  focusIndicators: FocusIndicatorStyle;
  colorScheme: ColorScheme;
};

const booleanFields = [
  "highContrast",
  "reducedMotion",
  "screenReaderOptimized",
  "keyboardNavigation",
  "soundEffects",
] as const;

const isFontSize = (value: unknown): value is number =>
  Number.isInteger(value) &&
  (value as number) >= FONT_SIZE.min &&
  (value as number) <= FONT_SIZE.max;

/**
 * The stored JSON (or null when nothing is stored), read safely: never throws. Stored preferences
 * are the visitor's (or an old version's): every field falls back to its default on its own, so
 * one bad value does not throw away the others, and anything that is not an object at all gives
 * the defaults. Unknown fields are dropped.
 */
export function parseStoredPreferences(raw: string | null | undefined): AccessibilityPreferences {
  let stored: unknown = null;
  try {
    stored = raw ? JSON.parse(raw) : null;
  } catch {
    // Not JSON: the defaults.
  }
  if (!isRecord(stored)) return { ...d };
  const preferences: AccessibilityPreferences = {
    ...d,
    fontSize: isFontSize(stored.fontSize) ? stored.fontSize : d.fontSize,
    focusIndicators: isOneOf(focusIndicatorStyles, stored.focusIndicators)
      ? stored.focusIndicators
      : d.focusIndicators,
    colorScheme: isOneOf(colorSchemes, stored.colorScheme) ? stored.colorScheme : d.colorScheme,
  };
  for (const field of booleanFields) {
    const value = stored[field];
    if (typeof value === "boolean") preferences[field] = value;
  }
  return preferences;
}

export const accessibilityMessages = {
  saved: "Accessibility preferences saved",
  reset: "Preferences reset to defaults",
  saveFailed: messages.preferencesSaveFailed,
} as const;

/** The slider's labels: up to 14 Small, 16 Medium, 18 Large, 20 Extra Large, then Largest. */
export function fontSizeLabel(px: number): string {
  if (px <= 14) return "Small";
  if (px <= 16) return "Medium";
  if (px <= 18) return "Large";
  if (px <= 20) return "Extra Large";
  return "Largest";
}

export const focusIndicatorOptions: readonly {
  value: FocusIndicatorStyle;
  label: string;
  description: string;
}[] = [
  { value: "standard", label: "Standard", description: "A solid outline around the focused item." },
  {
    value: "enhanced",
    label: "Enhanced",
    description: "A thicker outline with a soft glow around it.",
  },
  {
    value: "high-visibility",
    label: "High Visibility",
    description: "A thick black outline over a yellow band: visible on any background.",
  },
];

export const colorSchemeOptions: readonly {
  value: ColorScheme;
  label: string;
  description: string;
}[] = [
  { value: "auto", label: "Auto", description: "Follows your device's light or dark setting." },
  { value: "light", label: "Light", description: "Dark text on a light background." },
  { value: "dark", label: "Dark", description: "Light text on a dark background." },
  {
    value: "high-contrast",
    label: "High Contrast",
    description: "White text on black, with bright links (WCAG AAA).",
  },
];

/**
 * How the preferences show on <html>: one rule per attribute. A rule sets its attribute when the
 * field holds one of `values` (to `on`, or to the value itself) and removes it otherwise, so a
 * default or an invalid value leaves the stylesheet's default look. The inline script applies
 * these same rules, serialized, before the first paint.
 */
export const rootAttributeRules = [
  { attribute: "data-scheme", field: "colorScheme", values: ["light", "dark", "high-contrast"] },
  { attribute: "data-contrast", field: "highContrast", values: [true], on: "high" },
  { attribute: "data-reduced-motion", field: "reducedMotion", values: [true], on: "true" },
  { attribute: "data-focus", field: "focusIndicators", values: ["enhanced", "high-visibility"] },
] as const satisfies readonly {
  attribute: string;
  field: keyof AccessibilityPreferences;
  values: readonly (string | boolean)[];
  on?: string;
}[];

export type RootPresentation = {
  /** Attribute name to value; null means the attribute is removed. */
  attributes: Record<string, string | null>;
  /**
   * The root font size, relative to the browser's own default (16 px unless the visitor changed
   * it in the browser, whose choice this keeps scaling); "" for the default size.
   */
  fontSize: string;
};

export function rootPresentation(preferences: AccessibilityPreferences): RootPresentation {
  const attributes: Record<string, string | null> = {};
  for (const rule of rootAttributeRules) {
    const value = preferences[rule.field];
    const applies = (rule.values as readonly unknown[]).includes(value);
    attributes[rule.attribute] = applies ? ("on" in rule ? rule.on : String(value)) : null;
  }
  return { attributes, fontSize: rootFontSize(preferences.fontSize) };
}

function rootFontSize(px: number): string {
  return px === FONT_SIZE.default ? "" : `${(px / FONT_SIZE.default) * 100}%`;
}

/**
 * The inline script for the document's <head>: it reads the stored preferences and sets the
 * attributes and the font size on <html> synchronously, before the body paints, so a reload
 * never flashes the default look. It mirrors parseStoredPreferences + rootPresentation (a unit
 * test runs both on the same inputs) and fails silently: no storage, no preferences.
 */
export function preferencesBootScript(): string {
  const config = {
    key: ACCESSIBILITY_STORAGE_KEY,
    rules: rootAttributeRules,
    min: FONT_SIZE.min,
    max: FONT_SIZE.max,
    base: FONT_SIZE.default,
  };
  return `(function(c){try{var s=JSON.parse(localStorage.getItem(c.key)||"null");if(!s||typeof s!=="object")return;var h=document.documentElement;c.rules.forEach(function(r){var v=s[r.field];if(r.values.indexOf(v)>=0)h.setAttribute(r.attribute,r.on||String(v))});var f=s.fontSize;if(typeof f==="number"&&f%1===0&&f>=c.min&&f<=c.max&&f!==c.base)h.style.fontSize=f/c.base*100+"%"}catch(e){}})(${JSON.stringify(config)})`;
}

/**
 * The site's keyboard shortcuts (when keyboard navigation is on). Alt + Shift + a letter: no
 * browser or screen reader we know binds these letters (Firefox gives Alt + Shift to accesskey
 * attributes, which this site does not use), and they are ignored while the visitor types in a
 * field. `to: null` moves focus to the page's main content.
 */
export const SHORTCUT_MODIFIERS = "Alt + Shift";

export const keyboardShortcuts = [
  { letter: "H", description: "Go to the home page", to: "/" },
  { letter: "P", description: "Go to Properties", to: "/properties" },
  { letter: "S", description: "Go to Services", to: "/services" },
  { letter: "C", description: "Go to Contact", to: "/contact" },
  { letter: "A", description: "Go to Accessibility settings", to: "/accessibility" },
  { letter: "M", description: "Jump to the main content", to: null },
] as const;

export type KeyboardShortcut = (typeof keyboardShortcuts)[number];

type KeyPress = {
  altKey: boolean;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  /** The physical key (KeyboardEvent.code): on a Mac, Option + Shift + H types "Ó", code KeyH. */
  code: string;
};

export function matchShortcut(press: KeyPress): KeyboardShortcut | undefined {
  if (!press.altKey || !press.shiftKey || press.ctrlKey || press.metaKey) return undefined;
  return keyboardShortcuts.find((shortcut) => press.code === `Key${shortcut.letter}`);
}

/** The keys every page answers to, for the reference on /accessibility. */
export const standardKeys = [
  { keys: ["Tab"], description: "Move to the next link, button or field" },
  { keys: ["Shift", "Tab"], description: "Move to the previous link, button or field" },
  { keys: ["Enter"], description: "Follow a link or press a button" },
  { keys: ["Space"], description: "Press a button or turn a switch on or off" },
  { keys: ["Escape"], description: "Close a dialog or the menu" },
  {
    keys: ["←", "→"],
    description: "Move between photos in a gallery, tabs in a list, or along a slider",
  },
] as const;
