import { describe, expect, it } from "vitest";
import {
  composeInquiryMessage,
  composeTourMessage,
  contactFormSchema,
  contactMessages,
  splitInquiryMessage,
} from "./inquiries";
import { defaultUnitDescription, formatBedrooms, parseId } from "./listing-format";
import { buildingFiltersSchema } from "./listings";
import {
  cycleIndex,
  PLACEHOLDER_POOL_SIZE,
  placeholderIndex,
  unitGallery,
  uploadUrl,
} from "./photos";

describe("cycleIndex", () => {
  it("moves circularly both ways", () => {
    expect(cycleIndex(0, 1, 3)).toBe(1);
    expect(cycleIndex(2, 1, 3)).toBe(0);
    expect(cycleIndex(0, -1, 3)).toBe(2);
    expect(cycleIndex(0, 1, 1)).toBe(0);
    expect(cycleIndex(0, 1, 0)).toBe(0);
  });
});

describe("placeholders", () => {
  it("pick the same photo for the same id, from the pool of 10, spread across ids", () => {
    expect(placeholderIndex(7)).toBe(placeholderIndex(7));
    const picks = new Set(Array.from({ length: 50 }, (_, id) => placeholderIndex(id + 1)));
    for (const pick of picks) expect(pick).toBeGreaterThanOrEqual(0);
    for (const pick of picks) expect(pick).toBeLessThan(PLACEHOLDER_POOL_SIZE);
    expect(picks.size).toBeGreaterThanOrEqual(8);
  });

  it("give a unit without photos three different ones", () => {
    const gallery = unitGallery([], 12, "Unit 12");
    expect(gallery).toHaveLength(3);
    expect(new Set(gallery.map((p) => p.url)).size).toBe(3);
  });

  it("serve uploads under /uploads unless the path is already absolute", () => {
    expect(uploadUrl("images/a/1200.webp")).toBe("/uploads/images/a/1200.webp");
    expect(uploadUrl("/static/x.webp")).toBe("/static/x.webp");
    expect(uploadUrl("https://cdn.example.com/x.webp")).toBe("https://cdn.example.com/x.webp");
  });
});

describe("parseId", () => {
  it.each([
    ["1", 1],
    ["42", 42],
    ["0", null],
    ["-1", null],
    ["1.5", null],
    ["abc", null],
    ["99999999999", null],
    [undefined, null],
  ])("%s -> %s", (value, expected) => {
    expect(parseId(value)).toBe(expected);
  });
});

describe("building filters", () => {
  it("ignores values that do not parse instead of failing", () => {
    expect(buildingFiltersSchema.parse({ beds: "two", maxRent: "-3", available: "yes" })).toEqual(
      {},
    );
    expect(buildingFiltersSchema.parse({ beds: "2", maxRent: "1800", available: "true" })).toEqual({
      beds: 2,
      maxRent: 1800,
      available: true,
    });
  });
});

describe("inquiry messages", () => {
  it("prefix the message with the subject, and split it back", () => {
    const composed = composeInquiryMessage(" Parking ", "Is there a space?\nThanks.");
    expect(composed).toBe("Subject: Parking\n\nIs there a space?\nThanks.");
    expect(splitInquiryMessage(composed)).toEqual({
      subject: "Parking",
      message: "Is there a space?\nThanks.",
    });
    expect(splitInquiryMessage("No subject here")).toEqual({
      subject: "",
      message: "No subject here",
    });
  });

  it("turn a tour request into an inquiry about the unit", () => {
    expect(composeTourMessage("Oak Court, Unit 2", "Sat am")).toBe(
      "Subject: Tour request: Oak Court, Unit 2\n\nI would like to schedule a tour of Oak Court, Unit 2.\nPreferred days and times: Sat am",
    );
  });

  it("validate the contact form with the product's five messages", () => {
    const result = contactFormSchema.safeParse({
      name: "A",
      email: "x",
      phone: "1",
      subject: "s",
      message: "short",
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      contactMessages.name,
      contactMessages.email,
      contactMessages.phone,
      contactMessages.subject,
      contactMessages.message,
    ]);
  });
});

describe("defaultUnitDescription", () => {
  it("describes a studio and a larger home", () => {
    expect(formatBedrooms(0)).toBe("Studio");
    expect(
      defaultUnitDescription({
        bedrooms: 0,
        bathrooms: 1,
        type: "apartment",
        address: "1 Main St",
        city: "Hartford",
      }),
    ).toMatch(/^A studio, 1 bath apartment home at 1 Main St in Hartford\./);
  });
});
