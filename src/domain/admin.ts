import type { FairHousingFinding } from "./fair-housing";
import { amenityChoices, propertyTypes } from "./listing-format";
import { messages } from "./messages";
import {
  accessibilityFeatures,
  laundryKinds,
  leaseTermChoices,
  parkingKinds,
  petPolicies,
  smokingPolicies,
  utilities,
} from "./unit-facts";
import { z } from "./zod";

/**
 * The back office: the admin property and unit forms, their checks in the product's fixed order
 * with its exact messages, and the shapes the admin API answers with. The dialogs and the server
 * validate with these same schemas.
 */

/**
 * An available unit of an active building whose availability staff have not confirmed (by a
 * save or "Still available") for this many days is listed on the Overview to be confirmed:
 * renters see these units, and a listing nobody looked at for two weeks may be let already.
 */
export const AVAILABILITY_CONFIRM_DAYS = 14;

export const adminMessages = {
  propertyRequired: "Please fill in all required fields including property type.",
  titleLength: "Property title must be between 1 and 200 characters.",
  addressLength: "Address must be between 1 and 500 characters.",
  cityLength: "City must be between 1 and 100 characters.",
  stateLength: "State must be between 2 and 10 characters (e.g., CA or California).",
  zipLength: "ZIP code must be between 5 and 10 characters.",
  unknownType: "Please choose a property type from the list.",
  unitRequired: "Please fill in all required fields.",
  yearTooEarly: "Year built must be 1600 or later.",
  yearTooLate: "Year built cannot be that far in the future.",
  totalUnitsRange: "Total units must be between 0 and 10,000.",
  unitNumberLength: "Unit number must be at most 20 characters.",
  unitRanges:
    "Please check the numbers: bedrooms and bathrooms 0-20 (bathrooms in steps of 0.5), square feet 0-100,000, rent and the deposits up to $1,000,000, a parking fee up to $100,000.",
  imagesOnly: "Please select only image files.",
  imageHint: "PNG, JPG, JPEG up to 10MB each",
  notAuthenticated: "User not authenticated",
  validationFailed: "Validation failed:",
  propertyAdded: "Property added successfully!",
  propertyUpdated: "Property updated successfully!",
  propertyDeleted: "Property deleted successfully!",
  unitAdded: "Unit added successfully!",
  unitUpdated: "Unit updated successfully!",
  unitDeleted: "Unit deleted successfully!",
  imageRemoved: "Image removed successfully",
  imageRemoveFailed: "Failed to remove image",
  addPropertyFailed: "Failed to add property:",
  addPropertyError: "Error adding property",
  updatePropertyFailed: "Failed to update property",
  updatePropertyError: "Error updating property",
  deletePropertyFailed: "Failed to delete property",
  deletePropertyError: "Error deleting property. Please check if the server is running.",
  addUnitFailed: "Failed to add unit",
  addUnitError: "Error adding unit",
  updateUnitFailed: "Failed to update unit",
  updateUnitError: "Error updating unit",
  deleteUnitFailed: "Failed to delete unit",
  deleteUnitError: "Error deleting unit",
  unitCreatedUploadFailed: "Unit created but image upload failed",
  unitUpdatedUploadFailed: "Unit updated but image upload failed",
  uploadError: (message: string) => `Error uploading images: ${message}`,
  uploadStatus: (code: number) => `Upload failed with status ${code}`,
  deletePropertyConfirm:
    "This will permanently delete the property with all its units and images. This cannot be undone.",
  deleteUnitConfirm: "This will permanently delete the unit and its images. This cannot be undone.",
  loadFailed: "Failed to load properties from server",
  connectionFailed: "Server connection failed. Please check if the server is running.",
  tooManyRequests: "Too many requests. Please wait a moment before trying again.",
  serverBusy: "Server is busy. Please wait a moment and try again.",
  statsFailed: (detail: string) => `Dashboard statistics failed to load: ${detail}.`,
  pleaseWait: "Please wait...",
  noBuildings: "No Buildings Yet",
  searchBuildings: "Search buildings",
  noBuildingMatches: "No building matches this search",
  searchOtherWords: "Try fewer words, or part of a name, street or town.",
  addFirstBuilding: "Add Your First Building",
  noUnits: "No Units Yet",
  duplicateUnit: "A unit with this number already exists in this building.",
  propertyNotFound: "This property no longer exists.",
  unitNotFound: "This unit no longer exists.",
  imageNotFound: "This image no longer exists.",
  /** `unit` names the unit and its building: "Unit 2B, Pearl Street Lofts". */
  availabilityConfirmed: (unit: string) => `${unit}: availability confirmed.`,
  confirmAvailabilityFailed: (unit: string) => `Could not confirm ${unit} as still available.`,
  allAvailabilityFresh: `Every available unit was confirmed in the last ${AVAILABILITY_CONFIRM_DAYS} days.`,
} as const;

/**
 * The dashboard's request rhythm: a request within 2 s of the last is skipped, a 429 pushes the
 * next one out 30 s, the first waits 100 ms after mount, and Retry stays disabled for 2 s.
 */
export const DASHBOARD_THROTTLE_MS = 2_000;
export const DASHBOARD_RETRY_AFTER_429_MS = 30_000;
export const DASHBOARD_FIRST_FETCH_DELAY_MS = 100;
export const RETRY_DISABLED_MS = 2_000;
export const UNITS_SHOWN_PER_BUILDING = 5;
export const IMAGES_PER_UPLOAD_MAX = 20;

/** POST /api/upload: the server's refusals of a photos upload, and its answer. */
export const uploadMessages = {
  ownerRequired: "Send exactly one of propertyId or unitId with the images.",
  noFiles: "Please choose at least one image to upload.",
  tooManyFiles: `You can upload at most ${IMAGES_PER_UPLOAD_MAX} images at a time.`,
  tooManyParts: messages.server.uploadTooManyParts,
  wrongField: "Send the images as parts named files.",
  notMultipart: "Send the images as multipart/form-data.",
  incomplete: "The upload was interrupted or malformed. Please try again.",
  uploaded: (n: number) => `Uploaded ${n} ${n === 1 ? "image" : "images"}`,
} as const;
export const ALT_TEXT_MAX = 250;

const MAX_DESCRIPTION = 5_000;
const MAX_AMENITIES = 40;

// No length bound here: the ordered checks below give the product's words for every length (the
// request body limit bounds what can arrive at all).
const trimmed = () => z.string().trim().default("");
/**
 * The Spanish description: the English one's length rule, empty (or blank) stored as null, which
 * the Spanish pages replace with the English description. Left out of an edit, the stored one is
 * kept (a form opened before the field existed must not erase it).
 */
const spanishDescription = () =>
  z
    .string()
    .trim()
    .max(MAX_DESCRIPTION)
    .nullable()
    .optional()
    .transform((value) => (value === "" ? null : value));
const lengthWithin = (value: string, min: number, max: number) =>
  value.length >= min && value.length <= max;

const currentYear = () => new Date().getFullYear();

/** The admin property form (create and edit): every field of a building, title to hasVacancy. */
const propertyFields = z.object({
  title: trimmed(),
  type: trimmed(),
  address: trimmed(),
  city: trimmed(),
  state: trimmed(),
  zipCode: trimmed(),
  description: z.string().trim().max(MAX_DESCRIPTION).default(""),
  descriptionEs: spanishDescription(),
  // Ranges are checked after the ordered checks (below), so their message comes first.
  // Checked below in the form's words; stated here for the API document (the latest year
  // moves with the calendar: five years ahead).
  yearBuilt: z.number().int().nullable().default(null).meta({ minimum: 1600 }),
  totalUnits: z.number().int().nullable().default(null).meta({ minimum: 0, maximum: 10_000 }),
  amenities: z.array(z.string().trim().min(1).max(100)).max(MAX_AMENITIES).default([]),
  featured: z.boolean().default(false),
  active: z.boolean().default(true),
  hasVacancy: z.boolean().default(false),
  /**
   * Staff reviewed the phrases the fair-housing check flagged and save anyway. Without it, a
   * building or unit whose wording is flagged is not saved (422 with the findings).
   */
  fairHousingAcknowledged: z.boolean().optional(),
});

type PropertyFields = z.output<typeof propertyFields>;

/**
 * The property checks in the product's order: the six required fields, then (create only) the
 * lengths of title, address, city, state and zipCode. Only the first failure is reported, as the
 * dialog shows one message at a time.
 */
function firstPropertyProblem(p: PropertyFields, full: boolean): [string, string] | null {
  const required = ["title", "type", "address", "city", "state", "zipCode"] as const;
  const missing = required.find((key) => p[key] === "");
  if (missing) return [missing, adminMessages.propertyRequired];
  if (full) {
    if (!lengthWithin(p.title, 1, 200)) return ["title", adminMessages.titleLength];
    if (!lengthWithin(p.address, 1, 500)) return ["address", adminMessages.addressLength];
    if (!lengthWithin(p.city, 1, 100)) return ["city", adminMessages.cityLength];
    if (!lengthWithin(p.state, 2, 10)) return ["state", adminMessages.stateLength];
    if (!lengthWithin(p.zipCode, 5, 10)) return ["zipCode", adminMessages.zipLength];
  }
  if (!(propertyTypes as readonly string[]).includes(p.type)) {
    return ["type", adminMessages.unknownType];
  }
  if (p.yearBuilt !== null && p.yearBuilt < 1600) return ["yearBuilt", adminMessages.yearTooEarly];
  if (p.yearBuilt !== null && p.yearBuilt > currentYear() + 5) {
    return ["yearBuilt", adminMessages.yearTooLate];
  }
  if (p.totalUnits !== null && (p.totalUnits < 0 || p.totalUnits > 10_000)) {
    return ["totalUnits", adminMessages.totalUnitsRange];
  }
  return null;
}

function withPropertyChecks(full: boolean) {
  return propertyFields.superRefine((value, ctx) => {
    const problem = firstPropertyProblem(value, full);
    if (problem) ctx.addIssue({ code: "custom", path: [problem[0]], message: problem[1] });
  });
}

/** POST /api/admin/properties: the six checks of "Create property", in order. */
export const propertyCreateSchema = withPropertyChecks(true);
/**
 * PUT /api/admin/properties/{id}. The edit dialog checks the required fields only; the server still
 * refuses lengths the database columns and public pages are not made for, with the create dialog's
 * words.
 */
export const propertyUpdateSchema = withPropertyChecks(true);
/** What the edit dialog checks before sending: the required fields only, with the same message. */
export const propertyEditFormSchema = withPropertyChecks(false);
export type PropertyInput = z.input<typeof propertyCreateSchema>;
export type PropertyValues = z.output<typeof propertyCreateSchema>;

/** A calendar day as yyyy-MM-dd (a unit's availability date). */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Please enter the date as yyyy-MM-dd.")
  // Date.parse accepts 2030-02-30 and year 0000, which PostgreSQL refuses: the date must come
  // back unchanged from a round trip.
  .refine((value) => {
    const time = Date.parse(`${value}T00:00:00Z`);
    return value >= "0001" && !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
  }, "Please enter a real date.");

/** Several of `choices`, each once, in the choices' order whatever order they came in. */
function choiceList<const T extends readonly [string, ...string[]]>(choices: T) {
  return z
    .array(z.enum(choices))
    .max(choices.length * 2)
    .default([])
    .transform((picked) => choices.filter((choice) => picked.includes(choice)) as T[number][]);
}

/** The most each of a unit's numbers may be (each at least 0; rent above 0). */
const UNIT_MAXIMA = {
  bedrooms: 20,
  bathrooms: 20,
  squareFeet: 100_000,
  rent: 1_000_000,
  deposit: 1_000_000,
  petDeposit: 1_000_000,
  parkingFee: 100_000,
} as const;
/** A range for the published schema (OpenAPI): the checks below say it in the form's words. */
const range = (maximum: number, extra: Record<string, number> = {}) => ({
  minimum: 0,
  maximum,
  ...extra,
});

// Numbers are only typed here; their ranges are checked after the required-field check (the
// product's messages, in its order) and stated in the schema's metadata for the API document.
const unitFields = z.object({
  unitNumber: z.string().trim().default("").meta({ maxLength: 20 }),
  bedrooms: z.number().int().default(1).meta(range(UNIT_MAXIMA.bedrooms)),
  bathrooms: z
    .number()
    .default(1)
    .meta(range(UNIT_MAXIMA.bathrooms, { multipleOf: 0.5 })),
  squareFeet: z.number().int().default(0).meta(range(UNIT_MAXIMA.squareFeet)),
  rent: z.number().default(0).meta({ exclusiveMinimum: 0, maximum: UNIT_MAXIMA.rent }),
  deposit: z.number().default(0).meta(range(UNIT_MAXIMA.deposit)),
  available: z.boolean().default(true),
  availableFrom: isoDate.nullable().default(null),
  features: z.array(z.string().trim().min(1).max(100)).max(MAX_AMENITIES).default([]),
  description: z.string().trim().max(MAX_DESCRIPTION).default(""),
  descriptionEs: spanishDescription(),
  floorPlan: z.string().trim().max(200).default(""),
  /** As for buildings: save a unit whose flagged wording staff reviewed. */
  fairHousingAcknowledged: z.boolean().optional(),
  // The facts renters filter on; a list keeps each value once, in the order of its choices.
  accessibilityFeatures: choiceList(accessibilityFeatures),
  utilitiesIncluded: choiceList(utilities),
  pets: z.enum(petPolicies).nullable().default(null),
  petDeposit: z.number().default(0).meta(range(UNIT_MAXIMA.petDeposit)),
  parking: z.enum(parkingKinds).nullable().default(null),
  parkingFee: z.number().default(0).meta(range(UNIT_MAXIMA.parkingFee)),
  laundry: z.enum(laundryKinds).nullable().default(null),
  smoking: z.enum(smokingPolicies).nullable().default(null),
  leaseTerms: choiceList(leaseTermChoices),
  vouchersWelcome: z.boolean().default(false),
});

type UnitFields = z.output<typeof unitFields>;
const within = (n: number, max: number) => n >= 0 && n <= max;

/** The product's check first (a unit number and a rent above 0), then the ranges. */
function firstUnitProblem(unit: UnitFields): [string, string] | null {
  if (unit.unitNumber === "") return ["unitNumber", adminMessages.unitRequired];
  if (!(unit.rent > 0)) return ["rent", adminMessages.unitRequired];
  if (unit.unitNumber.length > 20) return ["unitNumber", adminMessages.unitNumberLength];
  const ranges: [keyof UnitFields, boolean][] = [
    ["bedrooms", within(unit.bedrooms, UNIT_MAXIMA.bedrooms)],
    [
      "bathrooms",
      within(unit.bathrooms, UNIT_MAXIMA.bathrooms) && Number.isInteger(unit.bathrooms * 2),
    ],
    ["squareFeet", within(unit.squareFeet, UNIT_MAXIMA.squareFeet)],
    ["rent", within(unit.rent, UNIT_MAXIMA.rent)],
    ["deposit", within(unit.deposit, UNIT_MAXIMA.deposit)],
    ["petDeposit", within(unit.petDeposit, UNIT_MAXIMA.petDeposit)],
    ["parkingFee", within(unit.parkingFee, UNIT_MAXIMA.parkingFee)],
  ];
  const bad = ranges.find(([, ok]) => !ok);
  return bad ? [bad[0], adminMessages.unitRanges] : null;
}

/** PUT /api/admin/units/{id}: unitNumber required and rent above 0. */
export const unitUpdateSchema = unitFields.superRefine((unit, ctx) => {
  const problem = firstUnitProblem(unit);
  if (problem) ctx.addIssue({ code: "custom", path: [problem[0]], message: problem[1] });
});

/** POST /api/admin/units: the same, and a selected building. */
export const unitCreateSchema = unitFields
  .extend({
    propertyId: z.number().int().positive().nullable().default(null),
  })
  .superRefine((unit, ctx) => {
    const problem: [string, string] | null =
      unit.propertyId === null
        ? ["propertyId", adminMessages.unitRequired]
        : firstUnitProblem(unit);
    if (problem) ctx.addIssue({ code: "custom", path: [problem[0]], message: problem[1] });
  });
export type UnitInput = z.input<typeof unitCreateSchema>;
export type UnitValues = z.output<typeof unitUpdateSchema>;

/** A form's number input: anything that does not parse counts as 0. */
export function numberOrZero(value: string | number | null | undefined): number {
  const n = typeof value === "number" ? value : Number.parseFloat(String(value ?? ""));
  return Number.isFinite(n) ? n : 0;
}

export const imageAltSchema = z.object({
  alt: z.string().trim().max(ALT_TEXT_MAX),
  /** As for buildings and units: save an alt text whose flagged wording staff reviewed. */
  fairHousingAcknowledged: z.boolean().optional(),
});

/** An image as the back office sees it: the stored path and its URLs. */
export type AdminImage = {
  id: number;
  path: string;
  filename: string;
  alt: string;
  url: string;
  srcSet: string;
  width: number;
  height: number;
};

/** A stored Spanish description, or null (the Spanish pages then show the English one). */
type StoredSpanish = { descriptionEs: string | null };

/**
 * The record of a save whose wording the fair-housing check flagged and staff kept after review:
 * when, by whom, and the phrases as they were flagged. Null when the saved wording has none.
 */
export type FairHousingReview = {
  acknowledgedAt: string;
  acknowledgedBy: string;
  findings: FairHousingFinding[];
};

type Reviewed = { fairHousingReview: FairHousingReview | null };

export type AdminUnit = Omit<UnitValues, "descriptionEs" | "fairHousingAcknowledged"> &
  StoredSpanish &
  Reviewed & {
    id: number;
    propertyId: number;
    images: AdminImage[];
    /** When staff last confirmed the availability (ISO): a save, or "Still available". */
    availabilityConfirmedAt: string;
    createdAt: string;
    updatedAt: string;
  };

export type AdminProperty = Omit<PropertyValues, "descriptionEs" | "fairHousingAcknowledged"> &
  StoredSpanish &
  Reviewed & {
    id: number;
    images: AdminImage[];
    /** Natural order of unit numbers. */
    units: AdminUnit[];
    createdAt: string;
    updatedAt: string;
  };

/** POST /api/upload answers with the stored images. */
export type UploadResponse = { files: AdminImage[]; message: string };

/** Dashboard stats, computed in the browser from the property list (no server call of its own). */
export type DashboardStats = {
  totalProperties: number;
  availableUnits: number;
  totalUnits: number;
  /** The rounded percentage of units not available; 0 with no units. */
  occupancyRate: number;
  /** The latest change to any property or unit, ISO; null with no data. */
  lastUpdated: string | null;
};

export function dashboardStats(properties: AdminProperty[]): DashboardStats {
  const units = properties.flatMap((p) => p.units);
  const availableUnits = units.filter((u) => u.available).length;
  const stamps = [...properties.map((p) => p.updatedAt), ...units.map((u) => u.updatedAt)];
  const lastUpdated = stamps.reduce<string | null>(
    (latest, stamp) => (latest === null || stamp > latest ? stamp : latest),
    null,
  );
  return {
    totalProperties: properties.length,
    availableUnits,
    totalUnits: units.length,
    occupancyRate:
      units.length === 0 ? 0 : Math.round(((units.length - availableUnits) / units.length) * 100),
    lastUpdated,
  };
}

/** An available unit whose availability is due to be confirmed, with its building's name. */
export type UnitToConfirm = { unit: AdminUnit; building: string };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The units renters see as available (available, in an active building) whose availability was
 * last confirmed AVAILABILITY_CONFIRM_DAYS or more before `now`, the longest unconfirmed first.
 */
export function unitsToConfirm(properties: AdminProperty[], now: Date): UnitToConfirm[] {
  const cutoff = now.getTime() - AVAILABILITY_CONFIRM_DAYS * DAY_MS;
  const confirmedAt = ({ unit }: UnitToConfirm) => Date.parse(unit.availabilityConfirmedAt);
  return properties
    .filter((property) => property.active)
    .flatMap((property) =>
      property.units
        .filter((unit) => unit.available)
        .map((unit) => ({ unit, building: property.title })),
    )
    .filter((entry) => confirmedAt(entry) <= cutoff)
    .sort((a, b) => confirmedAt(a) - confirmedAt(b));
}

export { amenityChoices, propertyTypes };

/** The back-office dashboard's tabs, by their `?tab=` value, in the order shown. */
export const dashboardTabs = [
  "overview",
  "properties",
  "showings",
  "applications",
  "maintenance",
  "files",
  "inquiries",
  "mail",
  "activity",
  "staff",
  "privacy",
] as const;
