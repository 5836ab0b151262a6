import {
  AlertTriangle,
  ArrowRight,
  Building2,
  ExternalLink,
  Heart,
  Megaphone,
  Search,
  Users,
} from "lucide-react";
import { Link } from "react-router";
import { FEATURED_BUILDINGS_ON_HOME } from "#domain/constants";
import type { Building } from "#domain/listings";
import { site } from "#domain/site";
import { StatePanel } from "../components/layout/state-panel";
import { buttonVariants } from "../components/ui/button";
import { BuildingCard } from "../features/listings/components/building-card";
import { rootData, seo } from "../lib/seo";
import { cn } from "../lib/utils";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  // The rest of the home page does not depend on the listings: a failure is shown in place.
  try {
    const buildings = await context.services.listings.listBuildings({
      limit: FEATURED_BUILDINGS_ON_HOME,
    });
    return { buildings, failed: false };
  } catch {
    return { buildings: [], failed: true };
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seo({
    description: `Browse apartments, condos and homes for rent in ${site.city}. ${site.tagline}`,
    path: "/",
    publicUrl: rootData(matches).publicUrl,
    image: loaderData?.buildings[0]?.images[0],
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "RealEstateAgent",
      name: site.name,
      url: rootData(matches).publicUrl || undefined,
      telephone: site.phone,
      email: site.email,
      address: {
        "@type": "PostalAddress",
        streetAddress: site.address.street,
        addressLocality: site.address.city,
        addressRegion: site.address.state,
        postalCode: site.address.zipCode,
        addressCountry: "US",
      },
    },
  });

function AvailableProperties({ buildings, failed }: { buildings: Building[]; failed: boolean }) {
  return (
    <section aria-labelledby="available-heading" className="bg-background">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="available-heading" className="text-3xl font-bold tracking-tight">
              Available Properties
            </h2>
            <p className="mt-2 text-muted-foreground">
              A few of our buildings with homes ready for you.
            </p>
          </div>
          <Link
            to="/properties"
            className="inline-flex items-center gap-1 font-semibold text-primary hover:underline"
          >
            View all properties <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
        <div className="mt-8">
          {failed ? (
            <StatePanel
              icon={AlertTriangle}
              tone="error"
              title="Unable to Load Properties"
              message="We couldn't load our listings just now. Please make sure the backend and frontend servers are running, then refresh the page."
            />
          ) : buildings.length === 0 ? (
            <StatePanel
              icon={Building2}
              title="No Properties Available"
              message="Our listings are being updated. Please check back soon, or contact us to hear about upcoming openings."
            />
          ) : (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {buildings.map((building) => (
                <li key={building.id} className="flex">
                  <BuildingCard building={building} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}

const serviceTeasers = [
  {
    icon: Search,
    title: "Property Search",
    text: "Find a home that fits your budget, your commute and your family, with up-to-date availability.",
    to: "/properties",
  },
  {
    icon: Megaphone,
    title: "Professional Marketing",
    text: "Owners reach qualified renters through photos, listings and a leasing team that answers quickly.",
    to: "/services",
  },
  {
    icon: Users,
    title: "Personal Service",
    text: "Talk to a person who knows the buildings: tours, questions and applications, start to finish.",
    to: "/contact",
  },
] as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="bg-gradient-to-br from-primary to-[#0f2e1e] text-primary-foreground">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 sm:py-28 lg:px-8">
          <p className="text-sm font-semibold uppercase tracking-widest text-white/80">
            {site.city}
          </p>
          <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl">
            {`Find your next home with ${site.name}`}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-white/90">{site.tagline}</p>
          <div className="mt-10 flex flex-wrap gap-4">
            <Link to="/properties" className={buttonVariants({ variant: "inverse", size: "lg" })}>
              Browse Properties
              <ArrowRight aria-hidden="true" />
            </Link>
            <Link
              to="/services"
              className={cn(
                buttonVariants({ variant: "outline", size: "lg" }),
                "text-white hover:bg-white/10",
              )}
            >
              Our Services
            </Link>
          </div>
        </div>
      </section>

      <AvailableProperties buildings={loaderData.buildings} failed={loaderData.failed} />

      <section aria-labelledby="mission-heading" className="bg-background">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 md:grid-cols-2 lg:px-8">
          <div>
            <h2 id="mission-heading" className="text-3xl font-bold tracking-tight">
              Our Mission
            </h2>
            <p className="mt-4 text-lg text-muted-foreground">
              Everyone deserves a safe, comfortable and affordable place to live. We keep our
              buildings in good repair, price them fairly and treat every renter with respect.
            </p>
          </div>
          <ul className="grid gap-6 sm:grid-cols-2">
            <li className="rounded-lg border border-border p-6">
              <Heart aria-hidden="true" className="size-6 text-accent" />
              <h3 className="mt-3 font-semibold">Affordable quality housing</h3>
              <p className="mt-2 text-sm text-muted-foreground">
                Well-maintained homes at rents working families can manage.
              </p>
            </li>
            <li className="rounded-lg border border-border p-6">
              <Users aria-hidden="true" className="size-6 text-accent" />
              <h3 className="mt-3 font-semibold">Community focus</h3>
              <p className="mt-2 text-sm text-muted-foreground">
                Local owners and staff who know the neighbourhoods and the neighbours.
              </p>
            </li>
          </ul>
        </div>
      </section>

      <section aria-labelledby="services-heading" className="bg-muted">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <h2 id="services-heading" className="text-3xl font-bold tracking-tight">
            Our Services
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {serviceTeasers.map(({ icon: Icon, title, text, to }) => (
              <li key={title} className="flex flex-col rounded-lg bg-background p-6 shadow-sm">
                <Icon aria-hidden="true" className="size-8 text-primary" />
                <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                <p className="mt-2 flex-1 text-sm text-muted-foreground">{text}</p>
                <Link
                  to={to}
                  className="mt-4 inline-flex items-center gap-1 font-semibold text-primary hover:underline"
                >
                  Learn more<span className="sr-only"> about {title}</span>
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="bg-primary text-primary-foreground">
        <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 py-14 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
          <div>
            <h2 id="cta-heading" className="text-2xl font-bold sm:text-3xl">
              Ready to find your new home?
            </h2>
            <p className="mt-2 text-white/90">
              Browse what is available today, or start your application now.
            </p>
          </div>
          <div className="flex flex-wrap gap-4">
            <Link to="/properties" className={buttonVariants({ variant: "inverse", size: "lg" })}>
              Browse Properties
            </Link>
            <a
              href={site.applyUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={cn(
                buttonVariants({ variant: "outline", size: "lg" }),
                "text-white hover:bg-white/10",
              )}
            >
              Apply Now
              <ExternalLink aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </div>
        </div>
      </section>
    </>
  );
}
