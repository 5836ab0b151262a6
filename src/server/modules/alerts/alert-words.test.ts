import { describe, expect, it } from "vitest";
import { criteriaText as pageCriteriaText } from "#domain/i18n/alert-text";
import { compileMessages } from "#domain/i18n/compile-messages";
import englishAlerts from "#domain/i18n/messages/en/alerts.json" with { type: "json" };
import spanishAlerts from "#domain/i18n/messages/es/alerts.json" with { type: "json" };
import { createTranslator } from "#domain/i18n/translator";
import { criteriaText, frequencyText } from "./alert-words";

describe("an alert's criteria in words", () => {
  it("says one bedroom in the singular and the rest as the manage page does, in both languages", () => {
    expect(criteriaText({ bedroomsMin: 1 }, "en")).toBe("1+ bedroom");
    expect(criteriaText({ bedroomsMin: 1 }, "es")).toBe("1+ dormitorio");
    const full = {
      bedroomsMin: 2,
      rentMax: 1800,
      towns: ["Hartford", "West Hartford"],
      availableNow: true,
    };
    expect(criteriaText(full, "en")).toBe(
      "2+ bedrooms, up to $1,800, in Hartford or West Hartford, available now",
    );
    expect(criteriaText(full, "es")).toBe(
      "2+ dormitorios, hasta $1,800, en Hartford o West Hartford, disponible ahora",
    );
    for (const lang of ["en", "es"] as const) {
      const catalogue = { en: englishAlerts, es: spanishAlerts }[lang];
      const page = createTranslator(lang, compileMessages(catalogue));
      expect(criteriaText(full, lang)).toBe(pageCriteriaText(page, full));
      expect(criteriaText({}, lang)).toBe(pageCriteriaText(page, {}));
    }
    expect(criteriaText({}, "en")).toBe("any home");
  });

  it("says how often inside a sentence", () => {
    expect(frequencyText("instant", "en")).toBe("as soon as one opens");
    expect(frequencyText("daily", "es")).toBe("un resumen diario");
  });
});
