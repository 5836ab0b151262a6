/**
 * The facts of a unit renters decide and filter on: what makes it accessible, which utilities
 * the rent includes, pets, parking, laundry, smoking, the lease terms offered and whether housing
 * choice vouchers are welcome. Each value is a short kebab-case word, stored as is, returned by
 * the public unit call and the feeds; the words people read are the catalogue's (the renter's
 * pages and their JSON-LD, in English and Spanish) or `factLabels` here (the back office, the
 * XML feed).
 * Zod-free, so that the pages that only show listings do not ship the validation library.
 */

export const accessibilityFeatures = [
  "step-free-entrance",
  "elevator",
  "ground-floor",
  "wide-doorways",
  "roll-in-shower",
  "grab-bars",
  "accessible-parking",
  "visual-alarms",
  "tactile-signage",
] as const;
export type AccessibilityFeature = (typeof accessibilityFeatures)[number];

export const utilities = [
  "heat",
  "hot-water",
  "electricity",
  "gas",
  "water-and-sewer",
  "trash",
  "internet",
] as const;
export type Utility = (typeof utilities)[number];

export const petPolicies = ["none", "cats", "dogs", "cats-and-dogs"] as const;
export type PetPolicy = (typeof petPolicies)[number];

export const parkingKinds = ["none", "street", "lot", "garage"] as const;
export type Parking = (typeof parkingKinds)[number];

export const laundryKinds = ["in-unit", "in-building", "none"] as const;
export type Laundry = (typeof laundryKinds)[number];

export const smokingPolicies = ["not-allowed", "outside-only", "allowed"] as const;
export type Smoking = (typeof smokingPolicies)[number];

export const leaseTermChoices = [
  "month-to-month",
  "6-months",
  "12-months",
  "18-months",
  "24-months",
] as const;
export type LeaseTerm = (typeof leaseTermChoices)[number];

/**
 * A unit's facts as stored and sent. A policy left null was not stated by staff: a filter on it
 * does not find the unit, and the pages say nothing of it (except parking: the unit page then
 * keeps the site's usual "1 Parking Space" line). Amounts are dollars; a deposit or a
 * fee of 0 is none.
 */
export type UnitFacts = {
  accessibilityFeatures: AccessibilityFeature[];
  utilitiesIncluded: Utility[];
  pets: PetPolicy | null;
  petDeposit: number;
  parking: Parking | null;
  parkingFee: number;
  laundry: Laundry | null;
  smoking: Smoking | null;
  leaseTerms: LeaseTerm[];
  vouchersWelcome: boolean;
};

export const noUnitFacts: UnitFacts = {
  accessibilityFeatures: [],
  utilitiesIncluded: [],
  pets: null,
  petDeposit: 0,
  parking: null,
  parkingFee: 0,
  laundry: null,
  smoking: null,
  leaseTerms: [],
  vouchersWelcome: false,
};

/** The English words of every value, for the back office, the feeds and structured data. */
export const factLabels = {
  accessibility: {
    "step-free-entrance": "Step-free entrance",
    elevator: "Elevator",
    "ground-floor": "Ground floor",
    "wide-doorways": "Wide doorways",
    "roll-in-shower": "Roll-in shower",
    "grab-bars": "Grab bars",
    "accessible-parking": "Accessible parking",
    "visual-alarms": "Visual alarms",
    "tactile-signage": "Tactile signage",
  },
  utilities: {
    heat: "Heat",
    "hot-water": "Hot water",
    electricity: "Electricity",
    gas: "Gas",
    "water-and-sewer": "Water and sewer",
    trash: "Trash",
    internet: "Internet",
  },
  pets: {
    none: "No pets",
    cats: "Cats allowed",
    dogs: "Dogs allowed",
    "cats-and-dogs": "Cats and dogs allowed",
  },
  parking: {
    none: "No parking",
    street: "Street parking",
    lot: "Parking lot",
    garage: "Garage parking",
  },
  laundry: {
    "in-unit": "Laundry in unit",
    "in-building": "Laundry in building",
    none: "No laundry",
  },
  smoking: {
    "not-allowed": "No smoking",
    "outside-only": "Smoking outside only",
    allowed: "Smoking allowed",
  },
  leaseTerms: {
    "month-to-month": "Month to month",
    "6-months": "6 months",
    "12-months": "12 months",
    "18-months": "18 months",
    "24-months": "24 months",
  },
  vouchersWelcome: "Housing choice vouchers welcome",
} as const satisfies {
  accessibility: Record<AccessibilityFeature, string>;
  utilities: Record<Utility, string>;
  pets: Record<PetPolicy, string>;
  parking: Record<Parking, string>;
  laundry: Record<Laundry, string>;
  smoking: Record<Smoking, string>;
  leaseTerms: Record<LeaseTerm, string>;
  vouchersWelcome: string;
};

/**
 * The /properties filters on facts, as they read in the URL: `access=step-free`,
 * `pets=allowed`, `utilities=heat`. `step-free` is the step-free entrance (its one spelling in
 * a URL); any other accessibility feature and any utility is its own value; pets `allowed` is
 * any pet, `cats` and `dogs` that kind (`cats-and-dogs` allows either).
 */
export type AccessFilter = "step-free" | Exclude<AccessibilityFeature, "step-free-entrance">;
export const accessFilterValues = [
  "step-free",
  ...accessibilityFeatures.filter(
    (feature): feature is Exclude<AccessibilityFeature, "step-free-entrance"> =>
      feature !== "step-free-entrance",
  ),
] as const satisfies readonly AccessFilter[];
export const petFilterValues = ["allowed", "cats", "dogs"] as const;
export type PetFilter = (typeof petFilterValues)[number];

/** The accessibility feature an `access` filter asks for. */
export const featureOfAccessFilter = (filter: AccessFilter): AccessibilityFeature =>
  filter === "step-free" ? "step-free-entrance" : filter;

/** The pet policies a `pets` filter accepts. */
export function petPoliciesOf(filter: PetFilter): PetPolicy[] {
  if (filter === "cats") return ["cats", "cats-and-dogs"];
  if (filter === "dogs") return ["dogs", "cats-and-dogs"];
  return ["cats", "dogs", "cats-and-dogs"];
}
