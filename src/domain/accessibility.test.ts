import { describe, expect, it } from "vitest";
import {
  ACCESSIBILITY_STORAGE_KEY,
  type AccessibilityPreferences,
  defaultAccessibilityPreferences,
  FONT_SIZE,
  fontSizeLabel,
  keyboardShortcuts,
  matchShortcut,
  parseStoredPreferences,
  preferencesBootScript,
  rootPresentation,
} from "./accessibility";

const defaults: AccessibilityPreferences = { ...defaultAccessibilityPreferences };

describe("defaults", () => {
  it("are the product's: font 16, keyboard navigation on, everything else off, standard, auto", () => {
    expect(defaults).toEqual({
      highContrast: false,
      fontSize: 16,
      reducedMotion: false,
      screenReaderOptimized: false,
      keyboardNavigation: true,
      soundEffects: false,
      focusIndicators: "standard",
      colorScheme: "auto",
    });
    expect(FONT_SIZE).toEqual({ min: 12, max: 24, step: 1, default: 16 });
  });
});

describe("fontSizeLabel", () => {
  it("names every size of the slider: Small to Largest", () => {
    const labels = Object.fromEntries(
      Array.from({ length: 13 }, (_, i) => [12 + i, fontSizeLabel(12 + i)]),
    );
    expect(labels).toEqual({
      12: "Small",
      13: "Small",
      14: "Small",
      15: "Medium",
      16: "Medium",
      17: "Large",
      18: "Large",
      19: "Extra Large",
      20: "Extra Large",
      21: "Largest",
      22: "Largest",
      23: "Largest",
      24: "Largest",
    });
  });
});

describe("parseStoredPreferences", () => {
  it("gives the defaults when nothing is stored or the JSON is corrupt", () => {
    expect(parseStoredPreferences(null)).toEqual(defaults);
    expect(parseStoredPreferences("")).toEqual(defaults);
    expect(parseStoredPreferences("{not json")).toEqual(defaults);
    expect(parseStoredPreferences("42")).toEqual(defaults);
    expect(parseStoredPreferences("[1,2]")).toEqual(defaults);
    expect(parseStoredPreferences("null")).toEqual(defaults);
  });

  it("keeps the valid fields and replaces each invalid one by its default", () => {
    const stored = JSON.stringify({
      highContrast: true,
      fontSize: 99,
      reducedMotion: "yes",
      colorScheme: "dark",
      focusIndicators: "neon",
      extra: "dropped",
    });
    expect(parseStoredPreferences(stored)).toEqual({
      ...defaults,
      highContrast: true,
      colorScheme: "dark",
    });
  });

  it("rejects a fractional or out-of-range font size", () => {
    for (const fontSize of [11, 25, 16.5, "18"]) {
      expect(parseStoredPreferences(JSON.stringify({ fontSize })).fontSize).toBe(16);
    }
    expect(parseStoredPreferences(JSON.stringify({ fontSize: 24 })).fontSize).toBe(24);
  });
});

describe("rootPresentation", () => {
  it("leaves <html> as it is for the defaults", () => {
    expect(rootPresentation(defaults)).toEqual({
      attributes: {
        "data-scheme": null,
        "data-contrast": null,
        "data-reduced-motion": null,
        "data-focus": null,
      },
      fontSize: "",
    });
  });

  it("maps every non-default setting to its attribute, and the size to a share of the browser's", () => {
    expect(
      rootPresentation({
        ...defaults,
        colorScheme: "high-contrast",
        highContrast: true,
        reducedMotion: true,
        focusIndicators: "high-visibility",
        fontSize: 20,
      }),
    ).toEqual({
      attributes: {
        "data-scheme": "high-contrast",
        "data-contrast": "high",
        "data-reduced-motion": "true",
        "data-focus": "high-visibility",
      },
      fontSize: "125%",
    });
    expect(rootPresentation({ ...defaults, fontSize: 12 }).fontSize).toBe("75%");
    expect(rootPresentation({ ...defaults, colorScheme: "light" }).attributes["data-scheme"]).toBe(
      "light",
    );
  });
});

describe("preferencesBootScript", () => {
  it("names the storage key once, from the constant, and is a single expression", () => {
    const script = preferencesBootScript();
    expect(script).toContain(JSON.stringify(ACCESSIBILITY_STORAGE_KEY));
    expect(script).not.toContain("</script");
    expect(script.length).toBeLessThan(1000);
  });
});

describe("matchShortcut", () => {
  const press = (code: string, mods: Partial<Record<"alt" | "shift" | "ctrl" | "meta", boolean>>) =>
    matchShortcut({
      code,
      altKey: mods.alt ?? false,
      shiftKey: mods.shift ?? false,
      ctrlKey: mods.ctrl ?? false,
      metaKey: mods.meta ?? false,
    });

  it("answers Alt + Shift + each listed letter, by physical key", () => {
    for (const shortcut of keyboardShortcuts) {
      expect(press(`Key${shortcut.letter}`, { alt: true, shift: true })).toBe(shortcut);
    }
  });

  it("ignores other combinations, so the browser's own shortcuts keep working", () => {
    expect(press("KeyH", { alt: true })).toBeUndefined();
    expect(press("KeyH", { shift: true })).toBeUndefined();
    expect(press("KeyH", { alt: true, shift: true, ctrl: true })).toBeUndefined();
    expect(press("KeyH", { alt: true, shift: true, meta: true })).toBeUndefined();
    expect(press("KeyZ", { alt: true, shift: true })).toBeUndefined();
  });

  it("lists letters that are unique", () => {
    const letters = keyboardShortcuts.map((s) => s.letter);
    expect(new Set(letters).size).toBe(letters.length);
  });
});
