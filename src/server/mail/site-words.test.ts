import { describe, expect, it } from "vitest";
import { siteWords } from "./site-words";

describe("siteWords", () => {
  it("says a catalogue's messages with their placeholders, and throws for one it lacks", () => {
    const words = siteWords("es", {
      "x.plain": "En curso",
      "x.count": "{count, plural, one {# dormitorio} other {# dormitorios}}",
    });
    expect(words.t("x.plain")).toBe("En curso");
    expect(words.t("x.count", { count: 2 })).toBe("2 dormitorios");
    expect(() => words.t("x.missing")).toThrow('es catalogue: no message "x.missing"');
  });
});
