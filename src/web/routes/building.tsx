import { ArrowLeft, Calendar, MapPin, Star } from "lucide-react";
import { data, isRouteErrorResponse, Link } from "react-router";
import { fullAddress, parseId, typeLabel } from "#domain/listing-format";
import type { BuildingDetail } from "#domain/listings";
import { placeholderIndex, placeholderPhoto } from "#domain/photos";
import { site } from "#domain/site";
import { ErrorScreen } from "../components/layout/error-screen";
import { Badge } from "../components/ui/badge";
import { ResponsiveImage } from "../components/ui/responsive-image";
import { InterestedPanel } from "../features/listings/components/interested-panel";
import { UnitTable } from "../features/listings/components/unit-table";
import { absoluteUrl, rootData, seo } from "../lib/seo";
import type { Route } from "./+types/building";

const NOT_FOUND = "The building you're looking for doesn't exist or has been removed.";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  let building: BuildingDetail | null = null;
  if (id !== null) {
    try {
      building = await context.services.listings.findBuilding(id);
    } catch {
      throw data({ message: "Failed to fetch building details" }, { status: 500 });
    }
  }
  if (!building) throw data({ message: NOT_FOUND }, { status: 404 });
  return { building };
}

function jsonLd(building: BuildingDetail, publicUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "ApartmentComplex",
    name: building.name,
    description: building.description,
    url: absoluteUrl(publicUrl, `/buildings/${building.id}`),
    image: building.images.map((image) => absoluteUrl(publicUrl, image)),
    address: {
      "@type": "PostalAddress",
      streetAddress: building.address,
      addressLocality: building.city,
      addressRegion: building.state,
      postalCode: building.zipCode,
      addressCountry: "US",
    },
    numberOfAccommodationUnits: building.totalUnits,
    numberOfAvailableAccommodationUnits: building.availableUnits,
    ...(building.yearBuilt ? { yearBuilt: building.yearBuilt } : {}),
    amenityFeature: building.amenities.map((name) => ({
      "@type": "LocationFeatureSpecification",
      name,
      value: true,
    })),
    telephone: site.phone,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const { publicUrl } = rootData(matches);
  if (!loaderData)
    return [{ title: `Building Not Found | ${site.name}` }, { name: "robots", content: "noindex" }];
  const { building } = loaderData;
  return seo({
    title: `${building.name}, ${building.city}`,
    description:
      `${typeLabel(building.type)} at ${fullAddress(building)}. ${building.availableUnits} of ${building.totalUnits} units available. ${building.description}`.slice(
        0,
        300,
      ),
    path: `/buildings/${building.id}`,
    publicUrl,
    image: building.images[0],
    jsonLd: jsonLd(building, publicUrl),
  });
};

export default function BuildingPage({ loaderData }: Route.ComponentProps) {
  const { building } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <Link
        to="/properties"
        className="inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> Back to Properties
      </Link>
      <div className="mt-4 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="space-y-8">
          <div className="overflow-hidden rounded-lg">
            <ResponsiveImage
              photo={building.photos[0]!}
              fallback={placeholderPhoto(
                placeholderIndex(building.id),
                `${building.name} (illustrative photo)`,
              )}
              sizes="(min-width: 1024px) 800px, 100vw"
              priority
              className="aspect-[3/2] w-full"
            />
          </div>
          <header>
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant="secondary">{typeLabel(building.type)}</Badge>
              {building.featured ? (
                <Badge variant="featured">
                  <Star aria-hidden="true" className="size-3" /> Featured
                </Badge>
              ) : null}
              {building.hasVacancy ? <Badge variant="success">Available</Badge> : null}
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
                {`Built in ${building.yearBuilt}`}
              </p>
            ) : null}
          </header>
          <section aria-labelledby="about-heading">
            <h2 id="about-heading" className="text-xl font-bold">
              About this property
            </h2>
            <p className="mt-2 whitespace-pre-line leading-relaxed">{building.description}</p>
          </section>
          {building.amenities.length > 0 ? (
            <section aria-labelledby="amenities-heading">
              <h2 id="amenities-heading" className="text-xl font-bold">
                Amenities
              </h2>
              <ul className="mt-3 grid gap-2 sm:grid-cols-2">
                {building.amenities.map((amenity) => (
                  <li key={amenity} className="flex items-center gap-2">
                    <span aria-hidden="true" className="size-1.5 rounded-full bg-primary" />
                    {amenity}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section aria-labelledby="units-heading">
            <h2 id="units-heading" className="text-xl font-bold">
              Units
            </h2>
            <p className="mt-1 mb-3 text-sm text-muted-foreground">
              {`${building.availableUnits} of ${building.totalUnits} ${building.totalUnits === 1 ? "unit" : "units"} available`}
            </p>
            <UnitTable units={building.units} />
          </section>
        </div>
        <div className="lg:sticky lg:top-24 lg:self-start">
          <InterestedPanel title="Interested in this property?" />
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === "string"
      ? error.data.message
      : NOT_FOUND;
  return (
    <ErrorScreen
      inPage
      title="Building Not Found"
      message={message}
      actions={[{ label: "Back to Properties", to: "/properties" }]}
    />
  );
}
