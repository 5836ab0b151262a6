import { describe, expect, it } from "vitest";
import { localeFromPath, localizedPath, officeDay, unlocalizedPath } from "./locale";

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

describe("the office's calendar day", () => {
  it("is the day in Connecticut, whatever the machine's time zone", () => {
    const day = (iso: string) => officeDay(new Date(iso));
    // 10 PM on Nov 20 in Hartford (EST, UTC-5) is already Nov 21 in UTC.
    expect(day("2026-11-21T03:00:00.000Z")).toBe("2026-11-20");
    expect(day("2026-11-21T05:00:00.000Z")).toBe("2026-11-21");
    // In summer (EDT, UTC-4) the day turns at 4 AM UTC.
    expect(day("2026-07-01T03:59:00.000Z")).toBe("2026-06-30");
    expect(day("2026-07-01T04:00:00.000Z")).toBe("2026-07-01");
    // New Year's Eve in Hartford, New Year's Day in UTC.
    expect(day("2027-01-01T02:00:00.000Z")).toBe("2026-12-31");
  });
});
