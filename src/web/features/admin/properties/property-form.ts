import {
  type AdminProperty,
  amenityChoices,
  numberOrZero,
  type PropertyInput,
} from "#domain/admin";

/** The property dialog's fields as the inputs hold them (numbers as typed text). */
export type PropertyFormValues = {
  title: string;
  type: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  description: string;
  /** Empty means none: the Spanish pages then show the English description. */
  descriptionEs: string;
  yearBuilt: string;
  totalUnits: string;
  amenities: string[];
  featured: boolean;
  active: boolean;
  hasVacancy: boolean;
};

const text = (n: number | null) => (n === null ? "" : String(n));

export function propertyFormDefaults(property: AdminProperty | null): PropertyFormValues {
  return {
    title: property?.title ?? "",
    type: property?.type ?? "",
    address: property?.address ?? "",
    city: property?.city ?? "",
    state: property?.state ?? "",
    zipCode: property?.zipCode ?? "",
    description: property?.description ?? "",
    descriptionEs: property?.descriptionEs ?? "",
    yearBuilt: text(property?.yearBuilt ?? null),
    totalUnits: text(property?.totalUnits ?? null),
    amenities: property?.amenities ?? [],
    featured: property?.featured ?? false,
    // A new building is shown on the public site unless told otherwise.
    active: property?.active ?? true,
    hasVacancy: property?.hasVacancy ?? false,
  };
}

/** Blank means "not given" (null); anything else that does not parse counts as 0. */
const optionalNumber = (value: string) => (value.trim() === "" ? null : numberOrZero(value));

export function toPropertyInput(values: PropertyFormValues): PropertyInput {
  return {
    ...values,
    yearBuilt: optionalNumber(values.yearBuilt),
    totalUnits: optionalNumber(values.totalUnits),
    // A checkbox group can come back from react-hook-form as false or a lone string: a list is sent.
    amenities: ([] as unknown[])
      .concat(values.amenities ?? [])
      .filter((amenity): amenity is string => typeof amenity === "string"),
  };
}

/** The 15 choices, plus any the building already has that are not among them (kept on save). */
export function amenityOptions(current: readonly string[]): string[] {
  const extra = current.filter((a) => !(amenityChoices as readonly string[]).includes(a));
  return [...amenityChoices, ...extra];
}
