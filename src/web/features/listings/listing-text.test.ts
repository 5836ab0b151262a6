import { describe, expect, it } from "vitest";
import { createTranslator } from "#domain/i18n/translator";
import { amenityChoices, propertyTypes } from "#domain/listing-format";
import { messagesFor } from "#web/i18n/catalogue.server";
import { amenityText, typeText } from "./listing-text";

const english = createTranslator("en", messagesFor("en", ["listings"]));
const spanish = createTranslator("es", messagesFor("es", ["listings"]));

describe("listing words", () => {
  it("finds every amenity the back office offers in the catalogue, in its own English words", () => {
    for (const amenity of amenityChoices) {
      expect(amenityText(english, amenity, "en")).toEqual({ text: amenity });
      const translated = amenityText(spanish, amenity, "es");
      expect(translated.lang, amenity).toBeUndefined();
      expect(translated.text, amenity).not.toBe(amenity);
    }
  });

  it("keeps an amenity staff typed themselves in English, marked as such on a Spanish page", () => {
    expect(amenityText(spanish, "Rooftop Deck", "es")).toEqual({
      text: "Rooftop Deck",
      lang: "en",
    });
    expect(amenityText(english, "Rooftop Deck", "en")).toEqual({ text: "Rooftop Deck" });
  });

  it("names every property type in both languages, and spells out one it does not know", () => {
    for (const type of propertyTypes) {
      expect(typeText(english, type), type).not.toMatch(/^listings\./);
      expect(typeText(spanish, type), type).not.toMatch(/^listings\./);
    }
    expect(typeText(spanish, "single-family")).toBe("Casa unifamiliar");
    expect(typeText(spanish, "tiny-house")).toBe("Tiny-House");
  });
});
