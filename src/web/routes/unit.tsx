import {
  AlertTriangle,
  ArrowLeft,
  Bath,
  BedDouble,
  Car,
  CheckCircle2,
  Home,
  MapPin,
  Ruler,
  SearchX,
  Star,
} from "lucide-react";
import type { ReactNode } from "react";
import { data, isRouteErrorResponse, Link } from "react-router";
import type {
  Apartment,
  LocationFeatureSpecification,
  QuantitativeValue,
  WithContext,
} from "schema-dts";
import { fullAddress, parseId } from "#domain/listing-format";
import type { Unit } from "#domain/listings";
import { localizedPath, officeDay } from "#domain/locale";
import type { LeaseTerm } from "#domain/unit-facts";
import { StatePanel } from "../components/layout/state-panel";
import { Badge } from "../components/ui/badge";
import { buttonVariants } from "../components/ui/button";
import { ScheduleTour } from "../features/inquiries/components/schedule-tour";
import { ContactActions } from "../features/listings/components/interested-panel";
import { UnitGallery } from "../features/listings/components/unit-gallery";
import { metaI18nWithError, WithErrorMessages } from "../features/listings/error-messages";
import {
  accessibilityText,
  amenityText,
  availabilityText,
  bathroomsText,
  bedroomsText,
  confirmedText,
  descriptionText,
  generatedUnitDescription,
  localizePhotos,
  typeText,
  unitFactRows,
  unitTitle,
} from "../features/listings/listing-text";
import { pageMessages } from "../i18n/catalogue.server";
import { useI18n } from "../i18n/i18n-provider";
import { formatNumber, formatRent } from "../i18n/intl-formats";
import { Rich } from "../i18n/rich";
import type { Translator } from "../i18n/translator";
import { agencyYear } from "../lib/format-date-time";
import { pageTitle } from "../lib/meta";
import { absoluteUrl, rootData, seo } from "../lib/seo";
import type { Route } from "./+types/unit";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  // A failure carries the page's words too: a failed loader's data never reaches the page.
  const words = pageMessages(request, ["listings", "contact"]);
  const id = parseId(params.id);
  let unit: Unit | null = null;
  if (id !== null) {
    try {
      unit = await context.services.listings.findUnit(id);
    } catch {
      throw data({ message: "Failed to fetch property", ...words }, { status: 500 });
    }
  }
  if (!unit) throw data({ message: "Unit not found", ...words }, { status: 404 });
  // The day of the last confirmation in the agency's time zone, and this year, read here: the
  // page and its hydration write the same date, and the browser needs no time zone data for it.
  return {
    ...words,
    unit,
    confirmedOn: officeDay(new Date(unit.availabilityConfirmedAt)),
    thisYear: agencyYear(new Date()),
  };
}

/** The unit's description in the page's language (see `descriptionText`). */
function unitDescription(i18n: Translator, unit: Unit) {
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

export const meta: Route.MetaFunction = (args) => {
  const { loaderData, matches } = args;
  const { publicUrl } = rootData(matches);
  const i18n = metaI18nWithError(args);
  const { t, locale, intl } = i18n;
  if (!loaderData)
    return [
      { title: pageTitle(t("listings.unit.notFound.title")) },
      { name: "robots", content: "noindex" },
    ];
  const { unit } = loaderData;
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
};

function BackToUnits() {
  const { t, path } = useI18n();
  return (
    <Link
      to={path("/properties")}
      className="inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" /> {t("listings.unit.back")}
    </Link>
  );
}

function Feature({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-center gap-3 rounded-md border border-border p-3">
      <span className="text-primary">{icon}</span>
      <span className="font-medium">{children}</span>
    </li>
  );
}

/**
 * What staff stated about the home beyond its rooms: its accessibility features first (renters
 * who need them look for them), then utilities, pets, parking, laundry, smoking and lease terms.
 * Nothing when staff stated none of it.
 */
function UnitFacts({ unit }: { unit: Unit }) {
  const i18n = useI18n();
  const { t } = i18n;
  const rows = unitFactRows(i18n, unit);
  if (unit.accessibilityFeatures.length === 0 && rows.length === 0) return null;
  return (
    <section aria-labelledby="facts-heading">
      <h2 id="facts-heading" className="text-xl font-bold">
        {t("listings.facts.heading")}
      </h2>
      {unit.accessibilityFeatures.length > 0 ? (
        <>
          <h3 className="mt-3 font-semibold">{t("listings.facts.accessibility")}</h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {unit.accessibilityFeatures.map((name) => (
              <li key={name}>
                <Badge variant="muted" className="px-3 py-1 text-sm">
                  {accessibilityText(i18n, name)}
                </Badge>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {rows.length > 0 ? (
        <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {rows.map((row) => (
            <div key={row.label} className="rounded-md border border-border p-3">
              <dt className="text-sm text-muted-foreground">{row.label}</dt>
              <dd className="font-medium">{row.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}

export default function UnitPage({ loaderData }: Route.ComponentProps) {
  const { unit, confirmedOn, thisYear } = loaderData;
  const i18n = useI18n();
  const { t, path, locale, intl } = i18n;
  const title = unitTitle(i18n, unit);
  const photos = localizePhotos(i18n, unit.photos, unit.title, title);
  const description = unitDescription(i18n, unit);
  const icon = "size-5";
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <BackToUnits />
      <div className="mt-4 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="space-y-8">
          <UnitGallery photos={photos} label={t("listings.unit.photos", { title })} />
          <header>
            <div className="flex flex-wrap gap-2">
              {unit.featured ? (
                <Badge variant="featured">
                  <Star aria-hidden="true" className="size-3" /> {t("listings.badge.featured")}
                </Badge>
              ) : null}
              <Badge variant={unit.available ? "success" : "muted"}>
                {t(unit.available ? "listings.badge.available" : "listings.badge.rented")}
              </Badge>
              {unit.vouchersWelcome ? (
                // A sentence, long in Spanish: it wraps on a phone rather than run off the screen.
                <Badge variant="muted" className="whitespace-normal rounded-2xl">
                  {t("listings.facts.vouchersWelcome")}
                </Badge>
              ) : null}
            </div>
            <h1 className="mt-3 text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
            <p className="mt-2 flex items-start gap-1 text-muted-foreground">
              <MapPin aria-hidden="true" className="mt-1 size-4 shrink-0" />
              {fullAddress(unit)}
            </p>
            <p className="mt-3 text-2xl font-bold">
              <Rich
                id="listings.unit.perMonth"
                values={{ rent: formatRent(unit.rent, intl) }}
                elements={{
                  muted: <span className="text-base font-normal text-muted-foreground" />,
                }}
              />
            </p>
          </header>
          <section aria-labelledby="features-heading">
            <h2 id="features-heading" className="text-xl font-bold">
              {t("listings.unit.features")}
            </h2>
            <ul className="mt-3 grid gap-3 sm:grid-cols-2">
              <Feature icon={<CheckCircle2 aria-hidden="true" className={icon} />}>
                {unit.available ? availabilityText(i18n, unit) : t("listings.unit.currentlyRented")}
                {unit.available ? (
                  <span className="block text-sm font-normal text-muted-foreground">
                    {confirmedText(i18n, confirmedOn, thisYear)}
                  </span>
                ) : null}
              </Feature>
              <Feature icon={<Home aria-hidden="true" className={icon} />}>
                {typeText(i18n, unit.type)}
              </Feature>
              <Feature icon={<Car aria-hidden="true" className={icon} />}>
                {/* The parking staff stated; the site's usual line when they stated none. */}
                {unit.parking === null
                  ? t("listings.unit.parking")
                  : t(`listings.fact.parking.${unit.parking}`)}
              </Feature>
              <Feature icon={<BedDouble aria-hidden="true" className={icon} />}>
                {bedroomsText(i18n, unit.bedrooms)}
              </Feature>
              <Feature icon={<Bath aria-hidden="true" className={icon} />}>
                {bathroomsText(i18n, unit.bathrooms)}
              </Feature>
              {unit.squareFeet > 0 ? (
                <Feature icon={<Ruler aria-hidden="true" className={icon} />}>
                  {t("listings.unit.squareFeet", {
                    area: formatNumber(unit.squareFeet, intl),
                  })}
                </Feature>
              ) : null}
            </ul>
            {unit.deposit > 0 ? (
              <p className="mt-3 text-sm text-muted-foreground">
                {t("listings.unit.deposit", { amount: formatRent(unit.deposit, intl) })}
              </p>
            ) : null}
          </section>
          <UnitFacts unit={unit} />
          <section aria-labelledby="description-heading">
            <h2 id="description-heading" className="text-xl font-bold">
              {t("listings.unit.description")}
            </h2>
            <p lang={description.lang} className="mt-2 whitespace-pre-line leading-relaxed">
              {description.text}
            </p>
          </section>
          {unit.amenities.length > 0 ? (
            <section aria-labelledby="amenities-heading">
              <h2 id="amenities-heading" className="text-xl font-bold">
                {t("listings.amenities.label")}
              </h2>
              <ul className="mt-3 flex flex-wrap gap-2">
                {unit.amenities.map((amenity) => {
                  const { text, lang } = amenityText(i18n, amenity, locale);
                  return (
                    <li key={amenity} lang={lang}>
                      <Badge variant="muted" className="px-3 py-1 text-sm">
                        {text}
                      </Badge>
                    </li>
                  );
                })}
              </ul>
            </section>
          ) : null}
          <p>
            <Link
              to={path(`/buildings/${unit.building.id}`)}
              className="font-semibold text-primary hover:underline"
            >
              {t("listings.unit.moreAbout", { building: unit.building.name })}
            </Link>
          </p>
        </div>
        <aside
          aria-labelledby="contact-heading"
          className="rounded-lg border border-border p-6 shadow-sm lg:sticky lg:top-24 lg:self-start"
        >
          <h2 id="contact-heading" className="text-lg font-bold">
            {t("listings.unit.contactHeading")}
          </h2>
          <p className="mt-1 mb-4 text-sm text-muted-foreground">
            {t("listings.unit.contactText")}
          </p>
          <ContactActions>
            {/* The English title: it goes into the message the leasing staff read. */}
            <ScheduleTour unit={{ id: unit.id, title: unit.title, buildingId: unit.building.id }} />
          </ContactActions>
        </aside>
      </div>
    </div>
  );
}

function UnitError({ error }: { error: unknown }) {
  const { t, path } = useI18n();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      {notFound ? (
        <StatePanel
          icon={SearchX}
          title={t("listings.unit.notFound.title")}
          message={t("listings.unit.notFound.message")}
        >
          <Link to={path("/properties")} className={buttonVariants()}>
            {t("listings.unit.back")}
          </Link>
        </StatePanel>
      ) : (
        <StatePanel
          icon={AlertTriangle}
          title={t("listings.unit.errorTitle")}
          message={t("listings.unit.loadFailed")}
          tone="error"
        >
          <Link to={path("/properties")} className={buttonVariants()}>
            {t("listings.unit.back")}
          </Link>
        </StatePanel>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <WithErrorMessages error={error}>
      <UnitError error={error} />
    </WithErrorMessages>
  );
}
