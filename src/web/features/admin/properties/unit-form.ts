import { type AdminUnit, numberOrZero, type UnitInput } from "#domain/admin";
import type {
  AccessibilityFeature,
  Laundry,
  LeaseTerm,
  Parking,
  PetPolicy,
  Smoking,
  Utility,
} from "#domain/unit-facts";

/** The unit dialog's fields as the inputs hold them (numbers as typed text). */
export type UnitFormValues = {
  propertyId: string;
  unitNumber: string;
  bedrooms: string;
  bathrooms: string;
  squareFeet: string;
  rent: string;
  deposit: string;
  availability: "available" | "occupied";
  availableFrom: string;
  features: string;
  description: string;
  /** Empty means none: the Spanish pages then show the English description. */
  descriptionEs: string;
  floorPlan: string;
  accessibilityFeatures: AccessibilityFeature[];
  utilitiesIncluded: Utility[];
  /** Empty: not stated. */
  pets: PetPolicy | "";
  petDeposit: string;
  parking: Parking | "";
  parkingFee: string;
  laundry: Laundry | "";
  smoking: Smoking | "";
  leaseTerms: LeaseTerm[];
  vouchersWelcome: boolean;
};

/** A checkbox group's value: react-hook-form gives `false` when none of its boxes is ticked. */
const picked = <T>(value: T[] | false | undefined): T[] => (Array.isArray(value) ? value : []);
const stated = <T extends string>(value: T | ""): T | null => (value === "" ? null : value);

export function unitFormDefaults(
  unit: AdminUnit | null,
  propertyId: number | null,
): UnitFormValues {
  return {
    propertyId: propertyId === null ? "" : String(propertyId),
    unitNumber: unit?.unitNumber ?? "",
    bedrooms: String(unit?.bedrooms ?? 1),
    bathrooms: String(unit?.bathrooms ?? 1),
    squareFeet: String(unit?.squareFeet ?? 0),
    rent: unit ? String(unit.rent) : "",
    deposit: unit ? String(unit.deposit) : "",
    availability: unit && !unit.available ? "occupied" : "available",
    availableFrom: unit?.availableFrom ?? "",
    features: unit?.features.join(", ") ?? "",
    description: unit?.description ?? "",
    descriptionEs: unit?.descriptionEs ?? "",
    floorPlan: unit?.floorPlan ?? "",
    accessibilityFeatures: unit?.accessibilityFeatures ?? [],
    utilitiesIncluded: unit?.utilitiesIncluded ?? [],
    pets: unit?.pets ?? "",
    petDeposit: unit?.petDeposit ? String(unit.petDeposit) : "",
    parking: unit?.parking ?? "",
    parkingFee: unit?.parkingFee ? String(unit.parkingFee) : "",
    laundry: unit?.laundry ?? "",
    smoking: unit?.smoking ?? "",
    leaseTerms: unit?.leaseTerms ?? [],
    vouchersWelcome: unit?.vouchersWelcome ?? false,
  };
}

/** "Balcony, , Hardwood floors" → ["Balcony", "Hardwood floors"]. */
export function splitFeatures(text: string): string[] {
  return text
    .split(",")
    .map((feature) => feature.trim())
    .filter(Boolean);
}

export function toUnitInput(values: UnitFormValues): UnitInput {
  return {
    propertyId: values.propertyId === "" ? null : numberOrZero(values.propertyId),
    unitNumber: values.unitNumber,
    bedrooms: numberOrZero(values.bedrooms),
    bathrooms: numberOrZero(values.bathrooms),
    squareFeet: numberOrZero(values.squareFeet),
    rent: numberOrZero(values.rent),
    deposit: numberOrZero(values.deposit),
    available: values.availability === "available",
    availableFrom: values.availableFrom === "" ? null : values.availableFrom,
    features: splitFeatures(values.features),
    description: values.description,
    descriptionEs: values.descriptionEs,
    floorPlan: values.floorPlan,
    accessibilityFeatures: picked(values.accessibilityFeatures),
    utilitiesIncluded: picked(values.utilitiesIncluded),
    pets: stated(values.pets),
    petDeposit: numberOrZero(values.petDeposit),
    parking: stated(values.parking),
    parkingFee: numberOrZero(values.parkingFee),
    laundry: stated(values.laundry),
    smoking: stated(values.smoking),
    leaseTerms: picked(values.leaseTerms),
    vouchersWelcome: values.vouchersWelcome,
  };
}
