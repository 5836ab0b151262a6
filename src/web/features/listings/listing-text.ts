import { formatCalendarDay, formatList, formatRent } from "#domain/i18n/intl-formats";
import type { Translator } from "#domain/i18n/translator";
import { defaultUnitDescription, typeLabel } from "#domain/listing-format";
import type { Photo, UnitSummary } from "#domain/listings";
import type { Locale } from "#domain/locale";
import type { AccessibilityFeature, UnitFacts as Facts } from "#domain/unit-facts";

/**
 * The words of listings in the page's language: rents, bedrooms, types, amenities, availability,
 * unit titles, generated descriptions and photo texts. The domain's English helpers
 * (listing-format.ts) stay for the server and the back office; the renter's pages use these,
 * which read the `listings` catalogue. Each takes the page's translator (from `useI18n()` in a
 * component, `metaI18n()` in a meta function).
 */
type T = Pick<Translator, "t" | "intl" | "has">;

/** "$1,850/month" ("$1,850 al mes"). */
export function rentPerMonth({ t, intl }: T, rent: number): string {
  return t("listings.rentPerMonth", { rent: formatRent(rent, intl) });
}

/** "Studio", "1 bedroom", "2 bedrooms". */
export function bedroomsText({ t }: T, bedrooms: number): string {
  if (bedrooms === 0) return t("listings.bedrooms.studio");
  return t("listings.bedrooms.count", { count: bedrooms });
}

/** "1 bath", "1.5 baths". */
export function bathroomsText({ t }: T, bathrooms: number): string {
  return t("listings.bathrooms.count", { count: bathrooms });
}

/** The property type's name ("Single-Family"); a type the catalogue does not know is spelled out. */
export function typeText({ t, has }: T, type: string): string {
  const id = `listings.type.${type}`;
  return has(id) ? t(id) : typeLabel(type);
}

/** An amenity's catalogue key: its English name in camel case ("Washer/Dryer" → washerDryer). */
function amenityKey(amenity: string): string {
  return amenity
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word, i) =>
      i === 0 ? word.toLowerCase() : word[0]!.toUpperCase() + word.slice(1).toLowerCase(),
    )
    .join("");
}

/**
 * An amenity in the page's language. One the back office offers is translated; one staff typed
 * themselves stays as written, in English (`lang` says so on a Spanish page).
 */
export function amenityText(
  { t, has }: T,
  amenity: string,
  locale: Locale,
): { text: string; lang?: "en" } {
  const id = `listings.amenity.${amenityKey(amenity)}`;
  if (has(id)) return { text: t(id) };
  return locale === "en" ? { text: amenity } : { text: amenity, lang: "en" };
}

/** "Rented", "From Dec 5, 2026" (a future date) or "Available now". */
export function availabilityText(
  translator: T,
  unit: Pick<UnitSummary, "available" | "availableFrom">,
): string {
  const { t, intl } = translator;
  if (!unit.available) return t("listings.availability.rented");
  if (unit.availableFrom && new Date(`${unit.availableFrom}T00:00:00Z`) > new Date()) {
    return t("listings.availability.from", {
      date: formatCalendarDay(unit.availableFrom, intl, true),
    });
  }
  return t("listings.availability.now");
}

/** "Asylum Hill Apartments, Unit 3A": the server's English title, rebuilt in the page's language. */
export function unitTitle(
  { t }: T,
  unit: { unitNumber: string; building: { name: string } },
): string {
  return t("listings.unit.title", { building: unit.building.name, number: unit.unitNumber });
}

type Described = { description: string; descriptionEs?: string | null };

/**
 * The staff-written description in the page's language: on a Spanish page the Spanish text when
 * there is one, else the English text marked `lang="en"`; English pages always show the English.
 * `generated` is the page's own text for a description the server generated (not staff's).
 */
export function descriptionText(
  locale: Locale,
  item: Described,
  generated?: { english: string; localized: string },
): { text: string; lang?: "en" } {
  if (locale === "en") return { text: item.description };
  if (item.descriptionEs?.trim()) return { text: item.descriptionEs };
  if (generated && item.description === generated.english) return { text: generated.localized };
  if (!item.description.trim()) return { text: item.description };
  return { text: item.description, lang: "en" };
}

type UnitFacts = {
  bedrooms: number;
  bathrooms: number;
  type: string;
  address: string;
  city: string;
};

/** The server's text for a unit with no description (English), and the same in the page's language. */
export function generatedUnitDescription(
  translator: T & { locale: Locale },
  unit: UnitFacts,
): { english: string; localized: string } {
  const { t, intl } = translator;
  return {
    english: defaultUnitDescription(unit),
    localized: t("listings.unit.defaultDescription", {
      bedrooms: bedroomsText(translator, unit.bedrooms).toLocaleLowerCase(intl),
      bathrooms: bathroomsText(translator, unit.bathrooms),
      type: typeText(translator, unit.type).toLocaleLowerCase(intl),
      address: unit.address,
      city: unit.city,
    }),
  };
}

/**
 * The photos with the alt texts the server generates (`<name>, photo 2 of 3`, the placeholders'
 * `<name> (illustrative photo)` and `<name>, illustrative photo 1 of 3`) in the page's language;
 * alt texts staff wrote stay as they are.
 */
export function localizePhotos(
  { t }: T,
  photos: Photo[],
  englishName: string,
  localizedName: string,
): Photo[] {
  const count = photos.length;
  return photos.map((photo, i) => {
    const values = { name: localizedName, number: String(i + 1), count: String(count) };
    let alt = photo.alt;
    if (alt === `${englishName}, photo ${i + 1} of ${count}`) alt = t("listings.photo.alt", values);
    else if (alt === `${englishName} (illustrative photo)`)
      alt = t("listings.photo.illustrative", values);
    else if (alt === `${englishName}, illustrative photo ${i + 1} of ${count}`)
      alt = t("listings.photo.illustrativeNumbered", values);
    return alt === photo.alt ? photo : { ...photo, alt };
  });
}

/** The placeholder shown when a building's photo fails: "<name> (illustrative photo)". */
export function illustrativeAlt({ t }: T, name: string): string {
  return t("listings.photo.illustrative", { name });
}

/**
 * "Availability confirmed Nov 20" ("… el 20 de noviembre"): the day staff last confirmed it, in
 * the agency's time zone (`confirmedOn`, yyyy-MM-dd), with the year only when it is not
 * `thisYear`. The page's loader gives both, read on the server: the page and its hydration write
 * the same text, and the browser needs no time zone data for it.
 */
export function confirmedText({ t, intl }: T, confirmedOn: string, thisYear: string): string {
  return t("listings.unit.confirmed", {
    date: formatCalendarDay(confirmedOn, intl, !confirmedOn.startsWith(`${thisYear}-`)),
  });
}

/** A unit's facts as the page lists them: a heading word and its value, in the page's language. */
export function unitFactRows(
  translator: T,
  unit: Omit<Facts, "accessibilityFeatures">,
): { label: string; value: string }[] {
  const { t, intl } = translator;
  const rows: { label: string; value: string }[] = [];
  // "Heat, hot water and trash": the words after the first read as part of a sentence.
  const list = (items: string[]) =>
    formatList(
      items.map((item, i) => (i === 0 ? item : item.toLocaleLowerCase(intl))),
      intl,
      "conjunction",
    );
  if (unit.utilitiesIncluded.length > 0)
    rows.push({
      label: t("listings.facts.utilities"),
      value: list(unit.utilitiesIncluded.map((u) => t(`listings.fact.utility.${u}`))),
    });
  if (unit.pets !== null) {
    const policy = t(`listings.fact.pets.${unit.pets}`);
    rows.push({
      label: t("listings.facts.pets"),
      value:
        unit.pets !== "none" && unit.petDeposit > 0
          ? `${policy}, ${t("listings.facts.petDeposit", { amount: formatRent(unit.petDeposit, intl) })}`
          : policy,
    });
  }
  if (unit.parking !== null) {
    const kind = t(`listings.fact.parking.${unit.parking}`);
    rows.push({
      label: t("listings.facts.parking"),
      value:
        unit.parking !== "none" && unit.parkingFee > 0
          ? `${kind}, ${t("listings.facts.parkingFee", { amount: formatRent(unit.parkingFee, intl) })}`
          : kind,
    });
  }
  if (unit.laundry !== null)
    rows.push({
      label: t("listings.facts.laundry"),
      value: t(`listings.fact.laundry.${unit.laundry}`),
    });
  if (unit.smoking !== null)
    rows.push({
      label: t("listings.facts.smoking"),
      value: t(`listings.fact.smoking.${unit.smoking}`),
    });
  if (unit.leaseTerms.length > 0)
    rows.push({
      label: t("listings.facts.leaseTerms"),
      value: list(unit.leaseTerms.map((term) => t(`listings.fact.lease.${term}`))),
    });
  return rows;
}

/** An accessibility feature in the page's language ("Step-free entrance"). */
export function accessibilityText({ t }: T, feature: AccessibilityFeature): string {
  return t(`listings.fact.access.${feature}`);
}
