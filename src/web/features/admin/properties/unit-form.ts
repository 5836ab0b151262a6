import { type AdminUnit, numberOrZero, type UnitInput } from "#domain/admin";

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
};

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
  };
}
