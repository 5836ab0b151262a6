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

/**
 * The panel's messages in English (the tests' words): the page shows the catalogue's
 * `a11y.toast.*`, whose English is these texts (a test checks that they match).
 */
export const accessibilityMessages = {
  saved: "Accessibility preferences saved",
  reset: "Preferences reset to defaults",
  saveFailed: messages.preferencesSaveFailed,
} as const;

/** The slider's named steps, smallest first (the page shows each in its own language). */
export const fontSizeSteps = ["small", "medium", "large", "extraLarge", "largest"] as const;
export type FontSizeStep = (typeof fontSizeSteps)[number];

/** The slider's step of a size: up to 14 small, 16 medium, 18 large, 20 extra large, then largest. */
export function fontSizeStep(px: number): FontSizeStep {
  if (px <= 14) return "small";
  if (px <= 16) return "medium";
  if (px <= 18) return "large";
  if (px <= 20) return "extraLarge";
  return "largest";
}

const englishFontSizeNames: Record<FontSizeStep, string> = {
  small: "Small",
  medium: "Medium",
  large: "Large",
  extraLarge: "Extra Large",
  largest: "Largest",
};

/** The step's English name (Small ... Largest), as the English catalogue (a11y.json) has it. */
export function fontSizeLabel(px: number): string {
  return englishFontSizeNames[fontSizeStep(px)];
}

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
 * field. `to` is the page's path without its language (the page in the visitor's language is
 * opened); `to: null` moves focus to the page's main content. The letters are the same in every
 * language; each one's description is the catalogue's `a11y.shortcuts.<letter>`.
 */
export const SHORTCUT_MODIFIER_KEYS = ["alt", "shift"] as const;

export const keyboardShortcuts = [
  { letter: "H", to: "/" },
  { letter: "P", to: "/properties" },
  { letter: "S", to: "/services" },
  { letter: "C", to: "/contact" },
  { letter: "A", to: "/accessibility" },
  { letter: "M", to: null },
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

/** The names of keys, each the catalogue's `a11y.keys.<name>` (Space, Escape, an arrow...). */
export type KeyName = "alt" | "shift" | "tab" | "enter" | "space" | "escape" | "left" | "right";

/**
 * The keys every page answers to, for the reference on /accessibility: each row's action is the
 * catalogue's `a11y.standardKeys.<action>`.
 */
export const standardKeys = [
  { action: "next", keys: ["tab"] },
  { action: "previous", keys: ["shift", "tab"] },
  { action: "follow", keys: ["enter"] },
  { action: "press", keys: ["space"] },
  { action: "close", keys: ["escape"] },
  { action: "move", keys: ["left", "right"] },
] as const satisfies readonly { action: string; keys: readonly KeyName[] }[];
