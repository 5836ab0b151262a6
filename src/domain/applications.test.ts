import { describe, expect, it } from "vitest";
import {
  applicantDraftSchema,
  applicantPartSchema,
  applicationInviteSchema,
  applicationSaveSchema,
  coApplicantSchema,
  draftProblems,
  householdDraftSchema,
  householdSchema,
  needsLeadPaintDisclosure,
} from "./applications";

/**
 * What an application may ask is bounded by fair-housing law (CGS 46a-64c and the federal Fair
 * Housing Act): no field of the form, saved or complete, asks what the law protects.
 */
const protectedWords =
  /marital|married|marriage|spouse|husband|wife|national|origin|citizen|immigra|passport|alien|visa|race|racial|ethnic|colou?r|religio|creed|church|sex|gender|orientation|ancestry|arrest|criminal|convict|felon|erased|record|pregnan|disabilit|handicap|veteran|military|genetic|domestic|victim/i;

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/** Every field name a schema takes, at any depth (objects, arrays, optionals, unions...). */
function fieldNames(schema: unknown, prefix = ""): string[] {
  const def = defOf(schema);
  switch (def.type) {
    case "object":
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([key, field]) => [
        `${prefix}${key}`,
        ...fieldNames(field, `${prefix}${key}.`),
      ]);
    case "array":
      return fieldNames(def.element, prefix);
    case "union":
      return (def.options as unknown[]).flatMap((option) => fieldNames(option, prefix));
    case "pipe":
      return [...fieldNames(def.in, prefix), ...fieldNames(def.out, prefix)];
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
      return fieldNames(def.innerType, prefix);
    default:
      return [];
  }
}

describe("the application's questions", () => {
  const schemas = {
    applicantPartSchema,
    applicantDraftSchema,
    householdSchema,
    householdDraftSchema,
    applicationSaveSchema,
    applicationInviteSchema,
    coApplicantSchema,
  };

  it.each(Object.entries(schemas))("%s asks nothing the law protects", (_, schema) => {
    const names = fieldNames(schema);
    expect(names.length).toBeGreaterThan(1);
    expect(names.filter((name) => protectedWords.test(name))).toEqual([]);
  });

  it("walks every field of the saved draft, nested ones too", () => {
    expect(fieldNames(applicationSaveSchema)).toEqual(
      expect.arrayContaining([
        "part.phone",
        "part.dateOfBirth",
        "part.homes.address",
        "part.homes.landlordPhone",
        "part.income.source",
        "part.income.monthlyAmount",
        "part.consent",
        "household.children",
        "household.pets",
        "household.accommodations",
      ]),
    );
    // The walker itself would catch a protected question.
    expect(
      fieldNames(
        applicantPartSchema.extend({ maritalStatus: applicantPartSchema.shape.phone }),
      ).filter((name) => protectedWords.test(name)),
    ).toEqual(["maritalStatus"]);
  });
});

describe("a draft's problems", () => {
  it("lists each missing answer by its path, and none for a whole part", () => {
    expect(
      draftProblems({ part: {}, household: {} }, { withHousehold: true }).map((p) => p.path),
    ).toEqual(
      expect.arrayContaining([
        "part.phone",
        "part.dateOfBirth",
        "part.homes",
        "part.consent",
        "part.signature",
        "household.children",
      ]),
    );
    const whole = {
      phone: "860-555-0100",
      dateOfBirth: "1980-04-05",
      homes: [{ address: "1 Main Street, Hartford", from: "2020-01" }],
      income: [],
      consent: true,
      signature: "Ana Ruiz",
    };
    expect(draftProblems({ part: whole }, { withHousehold: false })).toEqual([]);
    expect(
      draftProblems({ part: whole, household: { children: 0 } }, { withHousehold: true }),
    ).toEqual([]);
  });
});

describe("the lead-paint disclosure", () => {
  it("is given for housing built before 1978, and when the year is not known", () => {
    expect(needsLeadPaintDisclosure(1977)).toBe(true);
    expect(needsLeadPaintDisclosure(1978)).toBe(false);
    expect(needsLeadPaintDisclosure(null)).toBe(true);
  });
});
