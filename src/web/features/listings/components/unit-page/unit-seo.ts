import type {
  Apartment,
  LocationFeatureSpecification,
  QuantitativeValue,
  WithContext,
} from "schema-dts";
import { formatRent } from "#domain/i18n/intl-formats";
import type { Translator } from "#domain/i18n/translator";
import { fullAddress } from "#domain/listing-format";
import type { Unit } from "#domain/listings";
import { localizedPath } from "#domain/locale";
import type { LeaseTerm } from "#domain/unit-facts";
import { absoluteUrl, seo } from "#web/lib/seo";
import {
  accessibilityText,
  amenityText,
  availabilityText,
  bathroomsText,
  bedroomsText,
  descriptionText,
  generatedUnitDescription,
  typeText,
  unitFactRows,
  unitTitle,
} from "../../listing-text";

/**
 * What search engines and link previews read of a unit's page: its title, a description of the
 * home, and the unit as schema.org's Apartment.
 */

/** The unit's description in the page's language (see `descriptionText`). */
export function unitDescription(i18n: Translator, unit: Unit) {
  return descriptionText(i18n.locale, unit, generatedUnitDescription(i18n, unit));
}

/** One of the home's features as schema.org describes a place's: a name and its value. */
const feature = (name: string, value: boolean | string): LocationFeatureSpecification => ({
  "@type": "LocationFeatureSpecification",
  name,
  value,
});

/** A lease term offered, as a schema.org duration in months ("month to month" is one). */
const leaseLength = (term: LeaseTerm): QuantitativeValue => ({
  "@type": "QuantitativeValue",
  value: term === "month-to-month" ? 1 : Number.parseInt(term, 10),
  unitCode: "MON",
});

/** The unit as schema.org's Apartment (its types check every property and value at compile time). */
function jsonLd(unit: Unit, publicUrl: string, i18n: Translator): WithContext<Apartment> {
  const { locale } = i18n;
  const url = absoluteUrl(publicUrl, localizedPath(`/properties/${unit.id}`, locale));
  return {
    "@context": "https://schema.org",
    "@type": "Apartment",
    name: unitTitle(i18n, unit),
    description: unitDescription(i18n, unit).text,
    url,
    image: unit.images.map((image) => absoluteUrl(publicUrl, image)),
    numberOfBedrooms: unit.bedrooms,
    numberOfBathroomsTotal: unit.bathrooms,
    numberOfRooms: unit.bedrooms + 1,
    ...(unit.squareFeet > 0
      ? { floorSize: { "@type": "QuantitativeValue", value: unit.squareFeet, unitCode: "FTK" } }
      : {}),
    address: {
      "@type": "PostalAddress",
      streetAddress: unit.address,
      addressLocality: unit.city,
      addressRegion: unit.state,
      postalCode: unit.zipCode,
      addressCountry: "US",
    },
    containedInPlace: {
      "@type": "ApartmentComplex",
      name: unit.building.name,
      url: absoluteUrl(publicUrl, localizedPath(`/buildings/${unit.building.id}`, locale)),
    },
    amenityFeature: [
      ...unit.amenities.map((name) => feature(amenityText(i18n, name, locale).text, true)),
      ...unit.accessibilityFeatures.map((name) => feature(accessibilityText(i18n, name), true)),
      ...unitFactRows(i18n, unit).map((row) => feature(row.label, row.value)),
      ...(unit.vouchersWelcome ? [feature(i18n.t("listings.facts.vouchersWelcome"), true)] : []),
    ],
    ...(unit.pets === null
      ? {}
      : {
          petsAllowed: unit.pets === "none" ? false : i18n.t(`listings.fact.pets.${unit.pets}`),
        }),
    ...(unit.smoking === null ? {} : { smokingAllowed: unit.smoking === "allowed" }),
    ...(unit.leaseTerms.length > 0 ? { leaseLength: unit.leaseTerms.map(leaseLength) } : {}),
    ...(unit.available
      ? {
          offers: {
            "@type": "Offer",
            url,
            price: unit.rent,
            priceCurrency: "USD",
            businessFunction: "http://purl.org/goodrelations/v1#LeaseOut",
            availability: "https://schema.org/InStock",
            ...(unit.availableFrom ? { availabilityStarts: unit.availableFrom } : {}),
          },
        }
      : {}),
  };
}

/** The unit page's meta tags, in the page's language. */
export function unitMeta(i18n: Translator, unit: Unit, publicUrl: string) {
  const { t, locale, intl } = i18n;
  return seo({
    title: unitTitle(i18n, unit),
    description: t("listings.unit.metaDescription", {
      bedrooms: bedroomsText(i18n, unit.bedrooms),
      bathrooms: bathroomsText(i18n, unit.bathrooms),
      type: typeText(i18n, unit.type).toLocaleLowerCase(intl),
      rent: formatRent(unit.rent, intl),
      address: fullAddress(unit),
      availability: availabilityText(i18n, unit),
    }),
    path: `/properties/${unit.id}`,
    locale,
    publicUrl,
    image: unit.images[0],
    jsonLd: jsonLd(unit, publicUrl, i18n),
  });
}
