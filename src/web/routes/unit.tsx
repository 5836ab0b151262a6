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
import {
  formatBathrooms,
  formatBedrooms,
  formatRent,
  fullAddress,
  parseId,
  typeLabel,
} from "#domain/listing-format";
import type { Unit } from "#domain/listings";
import { site } from "#domain/site";
import { StatePanel } from "../components/layout/state-panel";
import { Badge } from "../components/ui/badge";
import { buttonVariants } from "../components/ui/button";
import { ScheduleTour } from "../features/inquiries/components/schedule-tour";
import { ContactActions } from "../features/listings/components/interested-panel";
import { UnitGallery } from "../features/listings/components/unit-gallery";
import { availabilityText } from "../features/listings/components/unit-table";
import { absoluteUrl, rootData, seo } from "../lib/seo";
import type { Route } from "./+types/unit";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  let unit: Unit | null = null;
  if (id !== null) {
    try {
      unit = await context.services.listings.findUnit(id);
    } catch {
      throw data({ message: "Failed to fetch property" }, { status: 500 });
    }
  }
  if (!unit) throw data({ message: "Unit not found" }, { status: 404 });
  return { unit };
}

function jsonLd(unit: Unit, publicUrl: string) {
  const url = absoluteUrl(publicUrl, `/properties/${unit.id}`);
  return {
    "@context": "https://schema.org",
    "@type": "Apartment",
    name: unit.title,
    description: unit.description,
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
      url: absoluteUrl(publicUrl, `/buildings/${unit.building.id}`),
    },
    amenityFeature: unit.amenities.map((name) => ({
      "@type": "LocationFeatureSpecification",
      name,
      value: true,
    })),
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

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const { publicUrl } = rootData(matches);
  if (!loaderData)
    return [{ title: `Unit Not Found | ${site.name}` }, { name: "robots", content: "noindex" }];
  const { unit } = loaderData;
  return seo({
    title: unit.title,
    description: `${formatBedrooms(unit.bedrooms)}, ${formatBathrooms(unit.bathrooms)} ${typeLabel(unit.type).toLowerCase()} for ${formatRent(unit.rent)}/month at ${fullAddress(unit)}. ${availabilityText(unit)}.`,
    path: `/properties/${unit.id}`,
    publicUrl,
    image: unit.images[0],
    jsonLd: jsonLd(unit, publicUrl),
  });
};

function BackToUnits() {
  return (
    <Link
      to="/properties"
      className="inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" /> Back to Available Units
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

export default function UnitPage({ loaderData }: Route.ComponentProps) {
  const { unit } = loaderData;
  const icon = "size-5";
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <BackToUnits />
      <div className="mt-4 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="space-y-8">
          <UnitGallery photos={unit.photos} label={`Photos of ${unit.title}`} />
          <header>
            <div className="flex flex-wrap gap-2">
              {unit.featured ? (
                <Badge variant="featured">
                  <Star aria-hidden="true" className="size-3" /> Featured
                </Badge>
              ) : null}
              <Badge variant={unit.available ? "success" : "muted"}>
                {unit.available ? "Available" : "Rented"}
              </Badge>
            </div>
            <h1 className="mt-3 text-3xl font-extrabold tracking-tight sm:text-4xl">
              {unit.title}
            </h1>
            <p className="mt-2 flex items-start gap-1 text-muted-foreground">
              <MapPin aria-hidden="true" className="mt-1 size-4 shrink-0" />
              {fullAddress(unit)}
            </p>
            <p className="mt-3 text-2xl font-bold">
              {formatRent(unit.rent)}
              <span className="text-base font-normal text-muted-foreground">/month</span>
            </p>
          </header>
          <section aria-labelledby="features-heading">
            <h2 id="features-heading" className="text-xl font-bold">
              Property Features
            </h2>
            <ul className="mt-3 grid gap-3 sm:grid-cols-2">
              <Feature icon={<CheckCircle2 aria-hidden="true" className={icon} />}>
                {unit.available ? availabilityText(unit) : "Currently rented"}
              </Feature>
              <Feature icon={<Home aria-hidden="true" className={icon} />}>
                {typeLabel(unit.type)}
              </Feature>
              <Feature icon={<Car aria-hidden="true" className={icon} />}>1 Parking Space</Feature>
              <Feature icon={<BedDouble aria-hidden="true" className={icon} />}>
                {formatBedrooms(unit.bedrooms)}
              </Feature>
              <Feature icon={<Bath aria-hidden="true" className={icon} />}>
                {formatBathrooms(unit.bathrooms)}
              </Feature>
              {unit.squareFeet > 0 ? (
                <Feature
                  icon={<Ruler aria-hidden="true" className={icon} />}
                >{`${unit.squareFeet.toLocaleString("en-US")} sq ft`}</Feature>
              ) : null}
            </ul>
            {unit.deposit > 0 ? (
              <p className="mt-3 text-sm text-muted-foreground">{`Security deposit: ${formatRent(unit.deposit)}`}</p>
            ) : null}
          </section>
          <section aria-labelledby="description-heading">
            <h2 id="description-heading" className="text-xl font-bold">
              Description
            </h2>
            <p className="mt-2 whitespace-pre-line leading-relaxed">{unit.description}</p>
          </section>
          {unit.amenities.length > 0 ? (
            <section aria-labelledby="amenities-heading">
              <h2 id="amenities-heading" className="text-xl font-bold">
                Amenities
              </h2>
              <ul className="mt-3 flex flex-wrap gap-2">
                {unit.amenities.map((amenity) => (
                  <li key={amenity}>
                    <Badge variant="muted" className="px-3 py-1 text-sm">
                      {amenity}
                    </Badge>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <p>
            <Link
              to={`/buildings/${unit.building.id}`}
              className="font-semibold text-primary hover:underline"
            >
              {`More about ${unit.building.name}`}
            </Link>
          </p>
        </div>
        <aside
          aria-labelledby="contact-heading"
          className="rounded-lg border border-border p-6 shadow-sm lg:sticky lg:top-24 lg:self-start"
        >
          <h2 id="contact-heading" className="text-lg font-bold">
            Contact Information
          </h2>
          <p className="mt-1 mb-4 text-sm text-muted-foreground">
            Questions, a tour, or ready to apply? We are here to help.
          </p>
          <ContactActions>
            <ScheduleTour unit={{ id: unit.id, title: unit.title, buildingId: unit.building.id }} />
          </ContactActions>
        </aside>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === "string"
      ? error.data.message
      : "Failed to fetch property";
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      {notFound ? (
        <StatePanel
          icon={SearchX}
          title="Unit Not Found"
          message="The unit you're looking for doesn't exist or may no longer be available."
        >
          <Link to="/properties" className={buttonVariants()}>
            Back to Available Units
          </Link>
        </StatePanel>
      ) : (
        <StatePanel icon={AlertTriangle} title="Error Loading Unit" message={message} tone="error">
          <Link to="/properties" className={buttonVariants()}>
            Back to Available Units
          </Link>
        </StatePanel>
      )}
    </div>
  );
}
