import { describe, expect, it } from "vitest";
import { localeFromPath, localizedPath, unlocalizedPath } from "./locale";

describe("the language of a path", () => {
  it("is Spanish under /es only", () => {
    expect(localeFromPath("/es")).toBe("es");
    expect(localeFromPath("/es/properties/3")).toBe("es");
    expect(localeFromPath("/")).toBe("en");
    expect(localeFromPath("/properties")).toBe("en");
    // A path that merely begins with the letters is English.
    expect(localeFromPath("/estates")).toBe("en");
    expect(localeFromPath("/escape/es")).toBe("en");
  });

  it("is added and taken away without touching other paths", () => {
    expect(localizedPath("/", "es")).toBe("/es");
    expect(localizedPath("/properties?beds=2", "es")).toBe("/es/properties?beds=2");
    expect(localizedPath("/?x=1", "es")).toBe("/es?x=1");
    expect(localizedPath("/es/contact", "es")).toBe("/es/contact");
    expect(localizedPath("/es/contact", "en")).toBe("/contact");
    expect(localizedPath("/es", "en")).toBe("/");
    expect(localizedPath("/estates", "en")).toBe("/estates");
    expect(unlocalizedPath("/es?beds=1")).toBe("/?beds=1");
    for (const other of [
      "https://apply.example.com/",
      "mailto:a@b.c",
      "tel:+1860",
      "#main",
      "//x",
    ]) {
      expect(localizedPath(other, "es")).toBe(other);
    }
  });
});
