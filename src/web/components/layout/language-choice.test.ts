import { describe, expect, it } from "vitest";
import { wantsSpanish } from "./language-choice";

describe("the offer of the Spanish page", () => {
  it("follows the visitor's choice, else the browser's first language", () => {
    expect(wantsSpanish(null, ["es-US", "en"])).toBe(true);
    expect(wantsSpanish(null, ["es"])).toBe(true);
    expect(wantsSpanish(null, ["en-US", "es"])).toBe(false);
    expect(wantsSpanish(null, [])).toBe(false);
    expect(wantsSpanish("en", ["es-MX"])).toBe(false);
    expect(wantsSpanish("es", ["en-US"])).toBe(true);
  });
});
