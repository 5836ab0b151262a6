import { setupI18n } from "@lingui/core";
import { type CompiledMessage, compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { intlLocales, locales } from "#domain/locale";
import { formatMessage } from "./format-message";
import { formatCalendarDay, formatList, formatNumber, formatRent } from "./intl-formats";

/** Every catalogue file by its path (`./messages/<locale>/<namespace>.json`). */
const catalogues = import.meta.glob<Record<string, string>>("./messages/*/*.json", {
  eager: true,
  import: "default",
});

/** Every argument of a compiled message, with whether it counts (plural) or not. */
function argumentsOf(tokens: CompiledMessage, found = new Map<string, boolean>()) {
  for (const token of tokens) {
    if (typeof token === "string") continue;
    const [name, type, format] = token;
    found.set(name, found.get(name) === true || type === "plural" || type === "selectordinal");
    if (format && typeof format === "object") {
      for (const [key, branch] of Object.entries(format)) {
        if (key !== "offset" && Array.isArray(branch))
          argumentsOf(branch as CompiledMessage, found);
      }
    }
  }
  return found;
}

describe("formatMessage", () => {
  it("writes every message of the catalogues as Lingui's runtime does, for counts and texts", () => {
    let compared = 0;
    for (const locale of locales) {
      for (const [file, catalogue] of Object.entries(catalogues)) {
        if (!file.startsWith(`./messages/${locale}/`)) continue;
        const compiled = Object.fromEntries(
          Object.entries(catalogue).map(([id, text]) => [id, compileMessage(text)]),
        );
        const lingui = setupI18n({
          locale,
          locales: [intlLocales[locale]],
          messages: { [locale]: compiled },
        });
        for (const [id, message] of Object.entries(compiled)) {
          const args = argumentsOf(message);
          for (const count of [0, 1, 2, 5, 21, 1000]) {
            const values = Object.fromEntries(
              [...args].map(([name, counts]) => [name, counts ? count : `«${name}»`]),
            );
            expect(formatMessage(message, values, intlLocales[locale]), `${locale} ${id}`).toBe(
              lingui._(id, values),
            );
            compared++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it("picks exact cases, plural categories, select cases and offsets", () => {
    const message = compileMessage(
      "{n, plural, offset:1 =0 {nobody} =1 {{who}} one {{who} and # other} other {{who} and # others}} {k, select, a {A} other {?}}",
    );
    const write = (n: number, k: string) => formatMessage(message, { n, who: "Ana", k }, "en-US");
    expect(write(0, "a")).toBe("nobody A");
    expect(write(1, "b")).toBe("Ana ?");
    expect(write(2, "a")).toBe("Ana and 1 other A");
    expect(write(1001, "a")).toBe("Ana and 1,000 others A");
    expect(
      formatMessage(
        compileMessage("{count, plural, one {# día} other {# días}}"),
        { count: 1 },
        "es-US",
      ),
    ).toBe("1 día");
    expect(formatMessage("Plain text", {}, "en-US")).toBe("Plain text");
    expect(formatMessage(compileMessage("Hello {name}"), {}, "en-US")).toBe("Hello ");
  });
});

describe("numbers and rents without Intl.NumberFormat", () => {
  const values = [
    0,
    1,
    9,
    10,
    99,
    100,
    999,
    1000,
    1850,
    9999,
    10_000,
    12_345,
    99_999,
    100_000,
    999_999,
    1_000_000,
    1_234_567,
    2_147_483_647,
    Number.MAX_SAFE_INTEGER,
    -1,
    -1850,
    -1_234_567,
  ];

  it.each(["en-US", "es-US"])("writes them as Intl does in %s", (locale) => {
    const whole = new Intl.NumberFormat(locale);
    const rent = new Intl.NumberFormat(locale, {
      style: "currency",
      currency: "USD",
      maximumFractionDigits: 0,
    });
    for (const value of values) {
      expect(formatNumber(value, locale), String(value)).toBe(whole.format(value));
      expect(formatRent(value, locale), String(value)).toBe(rent.format(value));
    }
  });

  // Baths and areas: up to three digits after the point are written as they are; Intl rounds
  // longer fractions (and spells huge or tiny numbers its own way), so those go to it.
  const fractions = [
    0.5,
    1.5,
    2.5,
    1.25,
    1.125,
    0.001,
    1234.5,
    12_345.678,
    -1.5,
    -0,
    -1234.25,
    1.0005,
    0.1 + 0.2,
    2 / 3,
    1e21,
    1e-7,
    Number.MAX_SAFE_INTEGER + 0.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
  ];

  it.each(["en-US", "es-US"])("writes fractions as Intl does in %s", (locale) => {
    const number = new Intl.NumberFormat(locale);
    for (const value of fractions) {
      expect(formatNumber(value, locale), String(value)).toBe(number.format(value));
    }
  });

  it("leaves other locales to Intl", () => {
    expect(formatNumber(1234.5, "de-DE")).toBe("1.234,5");
    expect(formatNumber(12_345, "de-DE")).toBe("12.345");
    expect(formatRent(1850.6, "en-US")).toBe("$1,851");
  });
});

describe("lists without Intl.ListFormat", () => {
  // Words for every rule of the joining word: Spanish "e" before an "i" sound (not before
  // "hie-", "hia-"), "u" before an "o" sound, written numbers included; capitals; accents.
  const words = [
    "heat",
    "Hot water",
    "internet",
    "Internet",
    "isla",
    "hijo",
    "Hi",
    "hi",
    "hielo",
    "hiato",
    "hierba",
    "hiedra",
    "hospital",
    "ocho",
    "Olga",
    "hora",
    "8",
    "80",
    "11",
    "110",
    "11 pies",
    "11000",
    "11000 pies",
    "11.5",
    "11x",
    "800",
    "110000",
    "ídolo",
    "úsalo",
    "yeso",
    "agua",
    "gas",
    "electricidad",
    "basura",
    "West Hartford",
    "",
  ];
  const lists: string[][] = [[], ["agua"]];
  for (const last of words) {
    lists.push(["agua", last], ["agua", "gas", last], ["Heat", "hot water", "trash", last]);
  }

  it.each(["en-US", "es-US"])("writes them as Intl does in %s", (locale) => {
    for (const type of ["conjunction", "disjunction"] as const) {
      const intl = new Intl.ListFormat(locale, { style: "long", type });
      for (const items of lists) {
        expect(formatList(items, locale, type), `${type}: ${items.join("|")}`).toBe(
          intl.format(items),
        );
      }
    }
  });

  it("leaves other locales to Intl", () => {
    expect(formatList(["a", "b", "c"], "de-DE", "conjunction")).toBe("a, b und c");
  });
});

describe("calendar days without Intl.DateTimeFormat", () => {
  const days = ["2026-01-01", "2026-02-28", "2025-12-31", "2028-02-29", "1999-07-04"];
  for (let month = 1; month <= 12; month++) {
    days.push(`2026-${String(month).padStart(2, "0")}-${String(month + 9).padStart(2, "0")}`);
  }

  it.each(["en-US", "es-US"])(
    "writes them as Intl does in %s, with and without the year",
    (locale) => {
      for (const withYear of [true, false]) {
        const intl = new Intl.DateTimeFormat(locale, {
          month: locale.startsWith("en") ? "short" : "long",
          day: "numeric",
          ...(withYear ? { year: "numeric" } : {}),
          timeZone: "UTC",
        });
        for (const day of days) {
          expect(formatCalendarDay(day, locale, withYear), `${day} ${withYear}`).toBe(
            intl.format(new Date(`${day}T12:00:00Z`)),
          );
        }
      }
    },
  );

  it("leaves other locales to Intl", () => {
    expect(formatCalendarDay("2026-11-20", "de-DE", true)).toBe("20. November 2026");
  });
});
