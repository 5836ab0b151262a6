import { describe, expect, it } from "vitest";
import {
  FAIR_HOUSING_ERROR,
  type FairHousingRule,
  fairHousingMessages,
  fairHousingRules,
  listingWordingFields,
  matchFairHousingRules,
  type ProtectedClass,
  protectedClassLabels,
  readAsShown,
  reviewListingText,
  unitWording,
} from "./fair-housing";

const ruleById = new Map(fairHousingRules.map((rule) => [rule.id, rule]));
function rule(id: string): FairHousingRule {
  const found = ruleById.get(id);
  if (!found) throw new Error(`no rule ${id}`);
  return found;
}

const description = (text: string) => [{ path: "description", text }];

type Flagged = { text: string; phrase: string; rule: string; protectedClass: ProtectedClass };

/** Rows of [sentence, the phrase reported, the rule's id], all of one class. */
const group = (protectedClass: ProtectedClass, rows: Array<[string, string, string]>): Flagged[] =>
  rows.map(([text, phrase, rule]) => ({ text, phrase, rule, protectedClass }));

/** Each sentence holds exactly one flagged phrase: `phrase` is the text the check reports. */
const flagged: Flagged[] = [
  // Source of income
  ...group("source_of_income", [
    ["Two-bedroom near the green. No Section 8.", "No Section 8", "no-section-8"],
    ["Newly renovated, no sec 8, first month plus deposit.", "no sec 8", "no-section-8"],
    ["Garden unit with parking. NO SEC. 8 TENANTS.", "NO SEC. 8 TENANTS", "no-section-8"],
    ["Sunny top floor. No Section-8.", "No Section-8", "no-section-8"],
    ["Heat included. No   section\u00a0eight.", "No   section\u00a0eight", "no-section-8"],
    ["No pets or Section 8.", "No pets or Section 8", "no-section-8"],
    ["Small building, no S8.", "no S8", "no-section-8"],
    [
      "Section 8 not accepted at this property.",
      "Section 8 not accepted",
      "section-8-not-accepted",
    ],
    [
      "Updated kitchen. Section\u20118 vouchers are not accepted.",
      "Section\u20118 vouchers are not accepted",
      "section-8-not-accepted",
    ],
    ["Section 8 need not apply.", "Section 8 need not apply", "section-8-not-accepted"],
    [
      "Section 8 holders need not apply.",
      "Section 8 holders need not apply",
      "section-8-not-accepted",
    ],
    ["We do not accept Section 8 at this time.", "do not accept Section 8", "refuses-section-8"],
    ["Owner doesn't take sec. 8.", "doesn't take sec. 8", "refuses-section-8"],
    ["We don’t accept Section 8.", "don’t accept Section 8", "refuses-section-8"],
    ["We are no longer accepting Section 8.", "no longer accepting Section 8", "refuses-section-8"],
    ["Sorry, no vouchers.", "no vouchers", "no-vouchers"],
    ["No housing choice vouchers.", "No housing choice vouchers", "no-vouchers"],
    ["Housing vouchers not accepted.", "Housing vouchers not accepted", "no-vouchers"],
    ["We can't accept vouchers for this unit.", "can't accept vouchers", "no-vouchers"],
    ["No government assistance.", "No government assistance", "no-public-assistance"],
    ["Laundry in the basement. No welfare.", "No welfare", "no-public-assistance"],
    [
      "Rental assistance is not accepted.",
      "Rental assistance is not accepted",
      "no-public-assistance",
    ],
    ["We do not take public assistance.", "do not take public assistance", "no-public-assistance"],
    ["Credit check required. No SSI.", "No SSI", "no-benefit-income"],
    ["Disability income not accepted.", "Disability income not accepted", "no-benefit-income"],
    ["Working professionals only.", "Working professionals only", "professionals-only"],
    ["Quiet building, professionals preferred.", "professionals preferred", "professionals-only"],
    [
      "Quiet building, professional tenants only.",
      "professional tenants only",
      "professionals-only",
    ],
    ["Must have a job.", "Must have a job", "employment-required"],
    ["Employed only, credit check required.", "Employed only", "employment-required"],
    ["Applicants must be employed full-time.", "must be employed", "employment-required"],
    ["Full-time employment required.", "Full-time employment required", "employment-required"],
    ["No unemployed applicants.", "No unemployed applicants", "employment-required"],
    ["Apartamento soleado. No se acepta Sección 8.", "No se acepta Sección 8", "no-section-8-es"],
    ["Dos dormitorios. No Sección 8.", "No Sección 8", "no-section-8-es"],
    ["No aceptamos sección ocho.", "No aceptamos sección ocho", "no-section-8-es"],
    ["Sección 8 no es aceptada.", "Sección 8 no es aceptada", "no-section-8-es"],
    ["No se aceptan vales de vivienda.", "No se aceptan vales de vivienda", "no-vouchers-es"],
    [
      "No se acepta asistencia del gobierno.",
      "No se acepta asistencia del gobierno",
      "no-vouchers-es",
    ],
    ["Edificio tranquilo, solo profesionales.", "solo profesionales", "professionals-only-es"],
    [
      "Sólo para profesionales que trabajan.",
      "Sólo para profesionales que trabajan",
      "professionals-only-es",
    ],
  ]),

  // Familial status
  ...group("familial_status", [
    ["One-bedroom, no kids.", "no kids", "no-children"],
    ["Cozy one-bedroom, no children under 12.", "no children under 12", "no-children"],
    ["Hardwood floors throughout. No pets or kids.", "No pets or kids", "no-children"],
    ["Top floor unit, no babies please.", "no babies", "no-children"],
    ["No families with young children.", "No families with young children", "no-children"],
    ["Children are not allowed.", "Children are not allowed", "children-not-allowed"],
    ["Kids not permitted.", "Kids not permitted", "children-not-allowed"],
    ["Child-free building with a rooftop deck.", "Child-free building", "children-not-allowed"],
    ["Not suitable for children.", "Not suitable for children", "not-suitable-for-children"],
    [
      "This unit is not for families with kids.",
      "not for families with kids",
      "not-suitable-for-children",
    ],
    [
      "Unsuitable for young children.",
      "Unsuitable for young children",
      "not-suitable-for-children",
    ],
    ["Adults only.", "Adults only", "adults-only"],
    ["Adult community with a clubhouse.", "Adult community", "adults-only"],
    ["An adults-only building near the river.", "adults-only", "adults-only"],
    ["One child only.", "One child only", "limit-children"],
    ["Maximum 2 children.", "Maximum 2 children", "limit-children"],
    ["Children over 10 only.", "Children over 10 only", "limit-children"],
    ["No pregnant women.", "No pregnant women", "no-pregnancy"],
    ["Perfect for a couple.", "Perfect for a couple", "couples"],
    ["Bright loft, ideal for couples.", "ideal for couples", "couples"],
    ["Couples only.", "Couples only", "couples"],
    ["Great for a young couple.", "Great for a young couple", "couples"],
    ["Ideal for empty nesters.", "empty nesters", "empty-nesters"],
    ["Great for empty-nesters downsizing.", "empty-nesters", "empty-nesters"],
    ["No single mothers.", "No single mothers", "no-single-parents"],
    ["Sin niños.", "Sin niños", "no-children-es"],
    ["No se permiten niños.", "No se permiten niños", "no-children-es"],
    ["NO SE ACEPTAN NIÑOS.", "NO SE ACEPTAN NIÑOS", "no-children-es"],
    ["No apto para niños.", "No apto para niños", "no-children-es"],
    ["Solo adultos.", "Solo adultos", "adults-only-es"],
    ["Edificio sólo para adultos.", "sólo para adultos", "adults-only-es"],
    ["Ideal para parejas.", "Ideal para parejas", "couples-es"],
    ["Perfecto para una pareja.", "Perfecto para una pareja", "couples-es"],
  ]),

  // Marital status
  ...group("marital_status", [
    ["Studio, ideal for singles.", "ideal for singles", "singles"],
    ["Single person only.", "Single person only", "singles"],
    ["Suits a single person.", "single person", "singles"],
    ["Perfect for a single professional.", "Perfect for a single professional", "singles"],
    ["Married couples only.", "Married couples only", "married-only"],
    ["Must be married.", "Must be married", "married-only"],
    ["No unmarried couples.", "No unmarried couples", "married-only"],
    ["The ultimate bachelor pad.", "bachelor pad", "bachelor-pad"],
    ["Ideal para solteros.", "Ideal para solteros", "singles-es"],
  ]),

  // Age
  ...group("age", [
    ["Must be 21+.", "Must be 21+", "age-minimum"],
    ["Tenants must be over 25.", "must be over 25", "age-minimum"],
    ["Must be at least 25 years old.", "Must be at least 25 years old", "age-minimum"],
    ["Must be 30 years or older.", "Must be 30 years or older", "age-minimum"],
    ["Ages 30 and up only.", "Ages 30 and up only", "age-minimum"],
    ["No one under 25.", "No one under 25", "age-minimum"],
    ["A 55+ community with a pool.", "55+ community", "age-minimum"],
    ["25 and older only.", "25 and older only", "age-minimum"],
    ["Seniors only.", "Seniors only", "seniors-only"],
    ["Only for senior citizens.", "Only for senior citizens", "seniors-only"],
    ["No seniors.", "No seniors", "no-seniors"],
    ["Not suitable for the elderly.", "Not suitable for the elderly", "no-seniors"],
    ["Looking for a mature person.", "mature person", "mature-person"],
    ["Perfect for young professionals.", "young professionals", "young-renters"],
  ]),

  // Sex
  ...group("sex", [
    ["Women only.", "Women only", "one-sex-only"],
    ["Ladies only building.", "Ladies only", "one-sex-only"],
    ["Female roommate wanted.", "Female roommate wanted", "sex-preferred"],
    ["Gentleman preferred.", "Gentleman preferred", "sex-preferred"],
    ["Looking for a male roommate.", "male roommate", "sex-preferred"],
    ["No men.", "No men", "no-men-or-women"],
  ]),

  // Disability
  ...group("disability", [
    ["Must be able-bodied.", "Must be able-bodied", "able-bodied"],
    ["Must be able to climb stairs.", "Must be able to climb stairs", "able-bodied"],
    ["No wheelchairs.", "No wheelchairs", "no-wheelchairs"],
    ["Wheelchairs not allowed.", "Wheelchairs not allowed", "no-wheelchairs"],
    ["Handicap not allowed.", "Handicap not allowed", "no-disabled"],
    ["No handicapped.", "No handicapped", "no-disabled"],
    ["Not suitable for the disabled.", "Not suitable for the disabled", "no-disabled"],
    ["No service animals.", "No service animals", "no-assistance-animals"],
    ["No emotional support animals.", "No emotional support animals", "no-assistance-animals"],
    ["ESA not allowed.", "ESA not allowed", "no-assistance-animals"],
    [
      "No pets or emotional support animals.",
      "No pets or emotional support animals",
      "no-assistance-animals",
    ],
    ["No pets, including ESAs.", "No pets, including ESAs", "no-assistance-animals"],
    ["No mentally ill tenants.", "No mentally ill tenants", "mental-illness"],
    ["Must be mentally stable.", "Must be mentally stable", "mental-illness"],
    ["No recovering addicts.", "No recovering addicts", "recovering-addicts"],
  ]),

  // Race, color
  ...group("race", [
    ["Whites only.", "Whites only", "race-preference"],
    ["White tenants preferred.", "White tenants preferred", "race-preference"],
    ["No minorities.", "No minorities", "race-preference"],
    ["No Asians.", "No Asians", "race-preference"],
    ["Quiet white neighborhood.", "white neighborhood", "racial-neighborhood"],
    ["Part of a close-knit Black community.", "Black community", "racial-neighborhood"],
  ]),
  {
    text: "Fair-skinned tenants preferred.",
    phrase: "Fair-skinned",
    rule: "skin-color",
    protectedClass: "color",
  },
  {
    text: "No people of color.",
    phrase: "No people of color",
    rule: "skin-color",
    protectedClass: "color",
  },

  // National origin, ancestry
  ...group("national_origin", [
    ["English speakers only.", "English speakers only", "english-only"],
    ["Must speak English.", "Must speak English", "english-only"],
    ["English-speaking tenants preferred.", "English-speaking tenants preferred", "english-only"],
    ["Debe hablar inglés.", "Debe hablar inglés", "english-only-es"],
    ["No immigrants.", "No immigrants", "no-immigrants"],
    ["No foreigners.", "No foreigners", "no-immigrants"],
    ["No illegals.", "No illegals", "no-immigrants"],
    ["U.S. citizens only.", "U.S. citizens only", "citizens-only"],
    ["Must be a US citizen.", "Must be a US citizen", "citizens-only"],
    ["Citizens only.", "Citizens only", "citizens-only"],
    ["Born in the USA only.", "Born in the USA only", "american-born"],
    ["American-born tenants preferred.", "American-born", "american-born"],
    ["Hispanic neighborhood close to shops.", "Hispanic neighborhood", "ethnic-neighborhood"],
    ["No Mexicans.", "No Mexicans", "nationality-exclusion"],
  ]),
  {
    text: "Applicants of Irish descent preferred.",
    phrase: "Applicants of Irish descent",
    rule: "ancestry-preference",
    protectedClass: "ancestry",
  },

  // Religion
  ...group("religion", [
    ["Christian home, no smoking.", "Christian home", "religious-community"],
    ["Located in a Christian community.", "Christian community", "religious-community"],
    ["Jewish neighborhood near the shops.", "Jewish neighborhood", "religious-community"],
    ["Christians only.", "Christians only", "religious-preference"],
    ["Must attend church.", "Must attend church", "religious-preference"],
    ["Catholic roommate wanted.", "Catholic roommate", "religious-preference"],
    ["God-fearing tenants preferred.", "God-fearing tenants", "religious-preference"],
  ]),

  // Sexual orientation, gender identity
  ...group("sexual_orientation", [
    ["No gay couples.", "No gay couples", "sexual-orientation"],
    ["No LGBTQ+ tenants.", "No LGBTQ+", "sexual-orientation"],
    ["Straight couples only.", "Straight couples only", "sexual-orientation"],
  ]),
  ...group("gender_identity", [
    ["No transgender tenants.", "No transgender tenants", "gender-identity"],
    ["Biological women only.", "Biological women only", "gender-identity"],
  ]),

  // Veteran status, victims of domestic violence
  ...group("veteran_status", [
    ["No military.", "No military", "no-military"],
    ["No veterans.", "No veterans", "no-military"],
    ["Military personnel need not apply.", "Military personnel need not apply", "no-military"],
  ]),
  ...group("domestic_violence_victim", [
    ["No DV victims.", "No DV victims", "no-domestic-violence-victims"],
    [
      "No victims of domestic violence.",
      "No victims of domestic violence",
      "no-domestic-violence-victims",
    ],
  ]),
];

/** Wording that describes the home, its place or its rules, or welcomes: never flagged. */
const acceptable: string[] = [
  "Spacious master bedroom with a walk-in closet.",
  "Walking distance to the train station and shops.",
  "Sunny family room with a fireplace.",
  "Quiet neighborhood near the park.",
  "On a quiet street in a quiet neighbourhood.",
  "Great view of the river from the balcony.",
  "Near schools, the library and the bus line.",
  "Close to church, shops and the green.",
  "Two blocks from St. Mary's church.",
  "Near the Jewish Community Center and Temple Beth El.",
  "No smoking anywhere on the property.",
  "No pets, please.",
  "No pets except service and assistance animals.",
  "No pets; assistance animals are not pets and are always welcome.",
  "Handicap accessible entrance and parking.",
  "Wheelchair accessible unit with a roll-in shower.",
  "Accessible unit on the ground floor with a step-free entrance and grab bars.",
  "Not wheelchair accessible: third-floor walk-up, no elevator.",
  "No wheelchair ramp at the side door; use the front entrance.",
  "No handicap parking on site; street parking only.",
  "No disabled parking on this street.",
  "Equal housing opportunity. We follow fair housing law.",
  "Vouchers welcome.",
  "Section 8 welcome!",
  "Housing choice vouchers accepted.",
  "We accept Section 8 and all rental assistance programs.",
  "Section 8? No problem.",
  "Section 8 is not a problem for us.",
  "No smoking and Section 8 welcome.",
  "No application fee; rental assistance welcome.",
  "We do not discriminate against voucher holders.",
  "Great for entertaining, with jogging trails nearby.",
  "Three-bedroom with a den and a spacious kitchen.",
  "Single-family home on a cul-de-sac.",
  "Mature trees shade the backyard.",
  "Exclusive neighborhood with a private lake.",
  "Near UConn Health: graduate students only.",
  "Singles, couples and families welcome. All ages welcome.",
  "No smoking or pets; children welcome.",
  "No children's play area on site, but the town park is next door.",
  "The second bedroom is perfect for a couple of desks.",
  "Repairs are done by licensed professionals only.",
  "Professionally managed, with full-time maintenance staff.",
  "Proof of income is required for all applicants.",
  "Ideal for commuters: five minutes to I-84.",
  "Black granite countertops and white cabinets.",
  "Citizens Bank is a short walk away.",
  "Minutes from the base; military families welcome.",
  "Applicants must be 18 or older to sign the lease.",
  "English and Spanish spoken in our office.",
  "Se acepta Sección 8 y vales de vivienda.",
  "Sección 8 bienvenida.",
  "Cerca de escuelas y de un parque para niños.",
  "No se permiten mascotas ni fumar.",
  "Dormitorio principal amplio y cocina moderna. Se habla español.",
];

describe("fairHousingRules", () => {
  it("have unique kebab-case ids, a one-sentence reason and a suggestion", () => {
    const ids = fairHousingRules.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of fairHousingRules) {
      expect(r.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(r.reason.trim()).not.toBe("");
      expect(r.reason).toMatch(/[.]$/);
      expect(r.reason).not.toContain("\n");
      expect(r.suggestion.trim()).not.toBe("");
    }
  });

  it("have case-insensitive, stateless patterns that match no empty text", () => {
    for (const r of fairHousingRules) {
      expect(r.pattern.flags).toContain("i");
      expect(r.pattern.global || r.pattern.sticky).toBe(false);
      expect(r.pattern.test("")).toBe(false);
    }
  });

  it("cover every protected class", () => {
    const covered = new Set(fairHousingRules.map((r) => r.protectedClass));
    expect([...covered].sort()).toEqual(Object.keys(protectedClassLabels).sort());
  });

  it("each have at least one flagged example below", () => {
    const exercised = new Set(flagged.map((f) => f.rule));
    const unexercised = fairHousingRules.map((r) => r.id).filter((id) => !exercised.has(id));
    expect(unexercised).toEqual([]);
  });

  it("suggest wording that is not itself flagged", () => {
    const suggestions = fairHousingRules.map((r, i) => ({ path: String(i), text: r.suggestion }));
    expect(reviewListingText(suggestions)).toEqual([]);
  });
});

describe("reviewListingText: flagged phrases", () => {
  it("has at least 40 flagged examples and 20 acceptable ones", () => {
    expect(flagged.length).toBeGreaterThanOrEqual(40);
    expect(acceptable.length).toBeGreaterThanOrEqual(20);
  });

  it.each(flagged)(
    "flags “$phrase” ($rule, $protectedClass)",
    ({ text, phrase, rule: id, protectedClass }) => {
      const r = rule(id);
      expect(r.protectedClass).toBe(protectedClass);
      expect(reviewListingText(description(text))).toEqual([
        { path: "description", phrase, reason: r.reason, suggestion: r.suggestion },
      ]);
      expect(matchFairHousingRules(text).map((m) => [m.rule.id, m.phrase])).toEqual([[id, phrase]]);
    },
  );
});

describe("reviewListingText: acceptable wording", () => {
  it.each(acceptable)("does not flag %s", (text) => {
    expect(reviewListingText(description(text))).toEqual([]);
  });

  it("does not flag a whole ordinary listing", () => {
    const fields = [
      { path: "title", text: "Sunny 2BR near Bushnell Park, Section 8 welcome" },
      {
        path: "description",
        text: "Walking distance to downtown, near schools and St. Patrick's church. Master bedroom with walk-in closet, family room, den. Quiet street, great view. No smoking, no pets (assistance animals are not pets). Equal housing opportunity.",
      },
      {
        path: "descriptionEs",
        text: "Cerca del centro. Se aceptan vales de vivienda y Sección 8.",
      },
      { path: "features.0", text: "Wheelchair accessible" },
      { path: "features.1", text: "Step-free entrance" },
      { path: "features.2", text: "Grab bars" },
    ];
    expect(reviewListingText(fields)).toEqual([]);
  });
});

describe("reviewListingText", () => {
  it("gives nothing for no fields or empty text", () => {
    expect(reviewListingText([])).toEqual([]);
    expect(reviewListingText([{ path: "title", text: "" }])).toEqual([]);
  });

  it("keeps each field's path, in field order then position", () => {
    const findings = reviewListingText([
      { path: "title", text: "Cozy studio, ideal for singles" },
      { path: "description", text: "Adults only. Quiet street. No Section 8." },
      { path: "features.0", text: "Walk-in closet" },
      { path: "features.2", text: "No wheelchairs" },
    ]);
    expect(findings.map((f) => [f.path, f.phrase])).toEqual([
      ["title", "ideal for singles"],
      ["description", "Adults only"],
      ["description", "No Section 8"],
      ["features.2", "No wheelchairs"],
    ]);
  });

  it("reports a phrase repeated in one field once, whatever its case or spacing", () => {
    const text = "No kids. Really: no kids. NO  KIDS! No Section 8, no section-8.";
    expect(reviewListingText(description(text)).map((f) => f.phrase)).toEqual([
      "No kids",
      "No Section 8",
    ]);
  });

  it("reports the same phrase again in another field", () => {
    const findings = reviewListingText([
      { path: "title", text: "Adults only" },
      { path: "description", text: "Adults only." },
    ]);
    expect(findings.map((f) => f.path)).toEqual(["title", "description"]);
  });

  it("tells refusals from welcomes", () => {
    expect(reviewListingText(description("Section 8 welcome"))).toEqual([]);
    expect(reviewListingText(description("We accept Section 8"))).toEqual([]);
    expect(reviewListingText(description("Vouchers accepted"))).toEqual([]);
    const findings = matchFairHousingRules("No Section 8 - working professionals only");
    expect(findings.map((m) => [m.phrase, m.rule.id, m.rule.protectedClass])).toEqual([
      ["No Section 8", "no-section-8", "source_of_income"],
      ["working professionals only", "professionals-only", "source_of_income"],
    ]);
  });

  it("tolerates case, hyphens, dashes and extra spaces", () => {
    for (const text of [
      "NO SECTION 8",
      "no section-8",
      "No  Section   8",
      "no\nsection 8",
      "No sec. 8",
      "no section8",
      "No S8",
      "Section 8 — not accepted",
      "section 8 is NOT accepted",
    ]) {
      expect(matchFairHousingRules(text).map((m) => m.rule.protectedClass)).toEqual([
        "source_of_income",
      ]);
    }
  });

  it("reports an overlapping stretch once, by its widest reading", () => {
    expect(matchFairHousingRules("Married couples only").map((m) => m.rule.id)).toEqual([
      "married-only",
    ]);
    expect(matchFairHousingRules("No Section 8 vouchers").map((m) => m.phrase)).toEqual([
      "No Section 8 vouchers",
    ]);
  });

  it("matches whole words only", () => {
    expect(reviewListingText(description("Handyman wanted for the building"))).toEqual([]);
    expect(reviewListingText(description("No transfer fee, no kidding"))).toEqual([]);
    expect(reviewListingText(description("Womenswear shop downstairs"))).toEqual([]);
  });
});

describe("the text as a person reads it", () => {
  const disguised: Array<[string, string]> = [
    ["Adults\u200B only. No\u00AD children.", "zero-width space, soft hyphen"],
    ["Adults\u200Bonly", "a zero-width space as the only break"],
    ["Ad\u200Dults on\u2060ly", "zero-width joiner, word joiner inside words"],
    ["\u0410dults \u043Enly", "Cyrillic А and о"],
    ["Adults \u03BFnly", "Greek ο"],
    ["\uFF21\uFF44\uFF55\uFF4C\uFF54\uFF53 \uFF4F\uFF4E\uFF4C\uFF59", "full-width letters"],
    ["Adul\u0336ts only", "a combining stroke"],
    ["\u202EAdults only", "a direction mark"],
  ];
  it.each(disguised)("flags %j (%s) as 'Adults only', quoting it as written", (text) => {
    const [finding] = reviewListingText(description(text));
    expect(finding?.reason).toBe(rule("adults-only").reason);
    expect(text).toContain(finding?.phrase);
    expect(readAsShown(finding!.phrase).text.toLowerCase().replace(/\s+/g, " ")).toMatch(
      /^adults ?only$/,
    );
  });

  it("leaves ordinary text as it is, Spanish accents included", () => {
    for (const text of [
      "Se acepta Sección 8. Cocina amplia, baño renovado, niños bienvenidos.",
      "Sunny two-bedroom — walk-in closet, café nearby.",
    ]) {
      expect(readAsShown(text).text).toBe(text);
    }
    expect(reviewListingText(description("Se acepta Sección 8, café cerca."))).toEqual([]);
  });

  it("reads a unit's number and floor plan as well as its descriptions and features", () => {
    const fields = listingWordingFields(
      unitWording({
        unitNumber: "Adults only 2",
        floorPlan: "Two bedrooms, no kids",
        description: "Bright.",
        descriptionEs: null,
        features: ["Dishwasher"],
      }),
    );
    expect(reviewListingText(fields).map((f) => [f.path, f.phrase])).toEqual([
      ["unitNumber", "Adults only"],
      ["floorPlan", "no kids"],
    ]);
  });
});

describe("fairHousingMessages", () => {
  it("name the error and the staff-facing words", () => {
    expect(FAIR_HOUSING_ERROR).toBe("fair_housing_review");
    expect(fairHousingMessages.title).toBe("Check the wording before publishing");
    expect(fairHousingMessages.acknowledge).toBe(
      "I have reviewed these phrases and want to save anyway",
    );
    expect(fairHousingMessages.intro).toMatch(/preference or limitation/);
    expect(fairHousingMessages.acknowledged).not.toBe("");
  });
});
