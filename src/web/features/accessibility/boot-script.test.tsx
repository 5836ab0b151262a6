import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import {
  ACCESSIBILITY_STORAGE_KEY,
  parseStoredPreferences,
  preferencesBootScript,
  rootAttributeRules,
} from "#domain/accessibility";
import { CspNonceContext } from "#web/lib/csp-nonce";
import { applyPreferences } from "./apply-preferences";
import { PreferencesBootScript } from "./components/preferences-boot-script";

/** What the stylesheet sees on an element: the preference attributes and the font size. */
function snapshot(element: HTMLElement) {
  return {
    attributes: Object.fromEntries(
      rootAttributeRules.map((r) => [r.attribute, element.getAttribute(r.attribute)]),
    ),
    fontSize: element.style.fontSize,
  };
}

function clearRoot() {
  const html = document.documentElement;
  for (const rule of rootAttributeRules) html.removeAttribute(rule.attribute);
  html.removeAttribute("style");
}

/** Runs the inline script as the browser would, on a fresh <html>. */
function runBootScript(stored: string | null) {
  clearRoot();
  if (stored === null) localStorage.removeItem(ACCESSIBILITY_STORAGE_KEY);
  else localStorage.setItem(ACCESSIBILITY_STORAGE_KEY, stored);
  // The same text the server puts in <head>.
  new Function(preferencesBootScript())();
  return snapshot(document.documentElement);
}

function applied(stored: string | null) {
  const element = document.createElement("html");
  applyPreferences(parseStoredPreferences(stored), element);
  return snapshot(element);
}

afterEach(() => {
  clearRoot();
  localStorage.clear();
});

describe("the first-paint script", () => {
  it("is rendered on the server with the response's CSP nonce, unescaped", () => {
    const html = renderToString(
      <CspNonceContext value="n0nce">
        <PreferencesBootScript />
      </CspNonceContext>,
    );
    expect(html).toBe(`<script nonce="n0nce">${preferencesBootScript()}</script>`);
  });

  it("applies saved preferences to <html> before anything else runs", () => {
    const result = runBootScript(
      JSON.stringify({
        highContrast: true,
        fontSize: 20,
        reducedMotion: true,
        focusIndicators: "high-visibility",
        colorScheme: "dark",
      }),
    );
    expect(result).toEqual({
      attributes: {
        "data-scheme": "dark",
        "data-contrast": "high",
        "data-reduced-motion": "true",
        "data-focus": "high-visibility",
      },
      fontSize: "125%",
    });
  });

  it("leaves <html> untouched with nothing stored, corrupt JSON or the defaults", () => {
    const untouched = {
      attributes: {
        "data-scheme": null,
        "data-contrast": null,
        "data-reduced-motion": null,
        "data-focus": null,
      },
      fontSize: "",
    };
    for (const stored of [null, "{oops", "null", "7", JSON.stringify({ colorScheme: "auto" })]) {
      expect(runBootScript(stored)).toEqual(untouched);
    }
  });

  it("does exactly what the app does with the same stored value, valid or not", () => {
    const cases = [
      null,
      "garbage",
      "[]",
      '"dark"',
      JSON.stringify({ colorScheme: "high-contrast", fontSize: 12 }),
      JSON.stringify({ colorScheme: "light", focusIndicators: "enhanced", fontSize: 24 }),
      JSON.stringify({ colorScheme: "purple", focusIndicators: "neon", highContrast: "yes" }),
      JSON.stringify({ fontSize: 16.5, reducedMotion: 1 }),
      JSON.stringify({ fontSize: 30, highContrast: true }),
      JSON.stringify({ fontSize: "18", reducedMotion: true }),
      JSON.stringify({ fontSize: 13, colorScheme: "dark", highContrast: false }),
    ];
    for (const stored of cases) {
      expect(runBootScript(stored), String(stored)).toEqual(applied(stored));
    }
  });

  it("survives storage that throws", () => {
    const original = Object.getOwnPropertyDescriptor(window, "localStorage")!;
    Object.defineProperty(window, "localStorage", {
      configurable: true,
      get() {
        throw new Error("SecurityError");
      },
    });
    try {
      clearRoot();
      expect(() => new Function(preferencesBootScript())()).not.toThrow();
      expect(document.documentElement.hasAttribute("data-scheme")).toBe(false);
    } finally {
      Object.defineProperty(window, "localStorage", original);
    }
  });
});

describe("applyPreferences", () => {
  it("removes what a previous call set, back to the server's bare <html>", () => {
    const element = document.createElement("html");
    applyPreferences(
      parseStoredPreferences(JSON.stringify({ colorScheme: "dark", fontSize: 22 })),
      element,
    );
    expect(element.getAttribute("data-scheme")).toBe("dark");
    applyPreferences(parseStoredPreferences(null), element);
    expect(element.attributes).toHaveLength(0);
  });
});
