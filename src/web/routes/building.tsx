import { ArrowLeft, Calendar, MapPin, Star } from "lucide-react";
import { data, isRouteErrorResponse, Link } from "react-router";
import type { ApartmentComplex, WithContext } from "schema-dts";
import type { Translator } from "#domain/i18n/translator";
import { fullAddress, parseId } from "#domain/listing-format";
import type { BuildingDetail } from "#domain/listings";
import { type Locale, localizedPath } from "#domain/locale";
import { placeholderIndex, placeholderPhoto } from "#domain/photos";
import { site } from "#domain/site";
import { ErrorScreen } from "../components/layout/error-screen";
import { Badge } from "../components/ui/badge";
import { buttonVariants } from "../components/ui/button";
import { InterestedPanel } from "../features/listings/components/interested-panel";
import { ListingImage } from "../features/listings/components/listing-image";
import { UnitTable } from "../features/listings/components/unit-table";
import { metaI18nWithError, WithErrorMessages } from "../features/listings/error-messages";
import {
  amenityText,
  descriptionText,
  illustrativeAlt,
  localizePhotos,
  typeText,
} from "../features/listings/listing-text";
import { pageMessages } from "../i18n/catalogue.server";
import { useI18n } from "../i18n/i18n-provider";
import { pageTitle } from "../lib/meta";
import { absoluteUrl, rootData, seo } from "../lib/seo";
import { cn } from "../lib/utils";
import type { Route } from "./+types/building";

const NOT_FOUND = "The building you're looking for doesn't exist or has been removed.";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  // A failure carries the page's words too: a failed loader's data never reaches the page.
  const words = pageMessages(request, ["listings"]);
  const id = parseId(params.id);
  let building: BuildingDetail | null = null;
  if (id !== null) {
    try {
      building = await context.services.listings.findBuilding(id);
    } catch {
      throw data({ message: "Failed to fetch building details", ...words }, { status: 500 });
    }
  }
  if (!building) throw data({ message: NOT_FOUND, ...words }, { status: 404 });
  return { ...words, building };
}

function jsonLd(
  building: BuildingDetail,
  publicUrl: string,
  i18n: Translator,
): WithContext<ApartmentComplex> {
  const { locale } = i18n;
  return {
    "@context": "https://schema.org",
    "@type": "ApartmentComplex",
    name: building.name,
    description: descriptionText(locale, building).text,
    url: absoluteUrl(publicUrl, localizedPath(`/buildings/${building.id}`, locale)),
    image: building.images.map((image) => absoluteUrl(publicUrl, image)),
    address: {
      "@type": "PostalAddress",
      streetAddress: building.address,
      addressLocality: building.city,
      addressRegion: building.state,
      postalCode: building.zipCode,
      addressCountry: "US",
    },
    numberOfAccommodationUnits: { "@type": "QuantitativeValue", value: building.totalUnits },
    numberOfAvailableAccommodationUnits: {
      "@type": "QuantitativeValue",
      value: building.availableUnits,
    },
    ...(building.yearBuilt ? { yearBuilt: building.yearBuilt } : {}),
    amenityFeature: building.amenities.map((name) => ({
      "@type": "LocationFeatureSpecification",
      name: amenityText(i18n, name, locale).text,
      value: true,
    })),
    telephone: site.phone,
  };
}

export const meta: Route.MetaFunction = (args) => {
  const { loaderData, matches } = args;
  const { publicUrl } = rootData(matches);
  const i18n = metaI18nWithError(args);
  const { t, locale } = i18n;
  if (!loaderData)
    return [
      { title: pageTitle(t("listings.building.notFound.title")) },
      { name: "robots", content: "noindex" },
    ];
  const { building } = loaderData;
  const summary = t("listings.building.metaDescription", {
    type: typeText(i18n, building.type),
    address: fullAddress(building),
    available: String(building.availableUnits),
    total: building.totalUnits,
  });
  return seo({
    title: `${building.name}, ${building.city}`,
    description: `${summary} ${descriptionText(locale, building).text}`.slice(0, 300),
    path: `/buildings/${building.id}`,
    locale,
    publicUrl,
    image: building.images[0],
    jsonLd: jsonLd(building, publicUrl, i18n),
  });
};

/** The staff's description, in Spanish when they wrote one (else the English, marked as such). */
function Description({ locale, building }: { locale: Locale; building: BuildingDetail }) {
  const { text, lang } = descriptionText(locale, building);
  return (
    <p lang={lang} className="mt-2 whitespace-pre-line leading-relaxed">
      {text}
    </p>
  );
}

export default function BuildingPage({ loaderData }: Route.ComponentProps) {
  const { building } = loaderData;
  const i18n = useI18n();
  const { t, path, locale } = i18n;
  const photo = localizePhotos(i18n, building.photos, building.name, building.name)[0]!;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <Link
        to={path("/properties")}
        className="inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> {t("listings.building.back")}
      </Link>
      <div className="mt-4 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="space-y-8">
          <div className="overflow-hidden rounded-lg">
            <ListingImage
              photo={photo}
              fallback={placeholderPhoto(
                placeholderIndex(building.id),
                illustrativeAlt(i18n, building.name),
              )}
              sizes="(min-width: 1024px) 800px, 100vw"
              priority
              className="aspect-[3/2] w-full"
            />
          </div>
          <header>
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant="secondary">{typeText(i18n, building.type)}</Badge>
              {building.featured ? (
                <Badge variant="featured">
                  <Star aria-hidden="true" className="size-3" /> {t("listings.badge.featured")}
                </Badge>
              ) : null}
              {building.hasVacancy ? (
                <Badge variant="success">{t("listings.badge.available")}</Badge>
              ) : null}
            </div>
            <h1 className="mt-3 text-3xl font-extrabold tracking-tight sm:text-4xl">
              {building.name}
            </h1>
            <p className="mt-2 flex items-start gap-1 text-muted-foreground">
              <MapPin aria-hidden="true" className="mt-1 size-4 shrink-0" />
              {fullAddress(building)}
            </p>
            {building.yearBuilt ? (
              <p className="mt-1 flex items-center gap-1 text-sm text-muted-foreground">
                <Calendar aria-hidden="true" className="size-4" />
                {t("listings.building.builtIn", { year: String(building.yearBuilt) })}
              </p>
            ) : null}
          </header>
          <section aria-labelledby="about-heading">
            <h2 id="about-heading" className="text-xl font-bold">
              {t("listings.building.about")}
            </h2>
            <Description locale={locale} building={building} />
          </section>
          {building.amenities.length > 0 ? (
            <section aria-labelledby="amenities-heading">
              <h2 id="amenities-heading" className="text-xl font-bold">
                {t("listings.amenities.label")}
              </h2>
              <ul className="mt-3 grid gap-2 sm:grid-cols-2">
                {building.amenities.map((amenity) => {
                  const { text, lang } = amenityText(i18n, amenity, locale);
                  return (
                    <li key={amenity} lang={lang} className="flex items-center gap-2">
                      <span aria-hidden="true" className="size-1.5 rounded-full bg-primary" />
                      {text}
                    </li>
                  );
                })}
              </ul>
            </section>
          ) : null}
          <section aria-labelledby="units-heading">
            <h2 id="units-heading" className="text-xl font-bold">
              {t("listings.building.units")}
            </h2>
            <p className="mt-1 mb-3 text-sm text-muted-foreground">
              {t("listings.building.unitsAvailable", {
                available: String(building.availableUnits),
                total: building.totalUnits,
              })}
            </p>
            <UnitTable units={building.units} />
          </section>
        </div>
        <div className="lg:sticky lg:top-24 lg:self-start">
          <InterestedPanel title={t("listings.building.interested")} apply="#units-heading">
            <Link
              to={path(`/buildings/${building.id}/waitlist`)}
              className={cn(buttonVariants({ variant: "outline", size: "lg" }), "w-full")}
            >
              {t("listings.building.waitlist")}
            </Link>
          </InterestedPanel>
        </div>
      </div>
    </div>
  );
}

function BuildingError({ error }: { error: unknown }) {
  const { t } = useI18n();
  const failed = isRouteErrorResponse(error) && error.status !== 404;
  return (
    <ErrorScreen
      inPage
      title={t("listings.building.notFound.title")}
      message={t(failed ? "listings.building.loadFailed" : "listings.building.notFound.message")}
      actions={[{ label: t("listings.building.back"), to: "/properties" }]}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <WithErrorMessages error={error}>
      <BuildingError error={error} />
    </WithErrorMessages>
  );
}
