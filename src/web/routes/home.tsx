import {
  AlertTriangle,
  ArrowRight,
  Building2,
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
import { ApplyNowLink } from "../features/listings/components/interested-panel";
import { pageMessages } from "../i18n/catalogue.server";
import { useI18n } from "../i18n/i18n-provider";
import { metaI18n } from "../i18n/meta";
import { Rich } from "../i18n/rich";
import { rootData, seo } from "../lib/seo";
import { cn } from "../lib/utils";
import type { Route } from "./+types/home";

export async function loader({ request, context }: Route.LoaderArgs) {
  // The cards of the buildings speak the listings' words.
  const words = pageMessages(request, ["home", "listings"]);
  // The rest of the home page does not depend on the listings: a failure is shown in place.
  try {
    const buildings = await context.services.listings.listBuildings({
      limit: FEATURED_BUILDINGS_ON_HOME,
    });
    return { ...words, buildings, failed: false };
  } catch {
    return { ...words, buildings: [] as Building[], failed: true };
  }
}

export const meta: Route.MetaFunction = (args) => {
  const { matches, loaderData } = args;
  const { t, locale } = metaI18n(args);
  return seo({
    fullTitle: t("common.meta.title"),
    description: t("home.meta.description", {
      city: site.city,
      tagline: t("common.meta.tagline"),
    }),
    path: "/",
    locale,
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
};

function AvailableProperties({ buildings, failed }: { buildings: Building[]; failed: boolean }) {
  const { t, path } = useI18n();
  return (
    <section aria-labelledby="available-heading" className="bg-background">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="available-heading" className="text-3xl font-bold tracking-tight">
              {t("home.available.heading")}
            </h2>
            <p className="mt-2 text-muted-foreground">{t("home.available.text")}</p>
          </div>
          <Link
            to={path("/properties")}
            className="inline-flex items-center gap-1 font-semibold text-primary hover:underline"
          >
            {t("home.available.viewAll")} <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
        <div className="mt-8">
          {failed ? (
            <StatePanel
              icon={AlertTriangle}
              tone="error"
              title={t("home.available.errorTitle")}
              message={t("home.available.errorText")}
            />
          ) : buildings.length === 0 ? (
            <StatePanel
              icon={Building2}
              title={t("home.available.emptyTitle")}
              message={t("home.available.emptyText")}
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

/** Each teaser's title and text are `home.services.<key>.title` and `.text`. */
const serviceTeasers = [
  { icon: Search, key: "search", to: "/properties" },
  { icon: Megaphone, key: "marketing", to: "/services" },
  { icon: Users, key: "personal", to: "/contact" },
] as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t, path } = useI18n();
  return (
    <>
      <section className="bg-gradient-to-br from-primary to-[#0f2e1e] text-primary-foreground">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 sm:py-28 lg:px-8">
          <p className="text-sm font-semibold uppercase tracking-widest text-white/80">
            {site.city}
          </p>
          <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl">
            {t("home.hero.title", { name: site.name })}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-white/90">{t("common.meta.tagline")}</p>
          <div className="mt-10 flex flex-wrap gap-4">
            <Link
              to={path("/properties")}
              className={buttonVariants({ variant: "inverse", size: "lg" })}
            >
              {t("home.hero.browse")}
              <ArrowRight aria-hidden="true" />
            </Link>
            <Link
              to={path("/services")}
              className={cn(
                buttonVariants({ variant: "outline", size: "lg" }),
                "text-white hover:bg-white/10",
              )}
            >
              {t("home.hero.services")}
            </Link>
          </div>
        </div>
      </section>

      <AvailableProperties buildings={loaderData.buildings} failed={loaderData.failed} />

      <section aria-labelledby="mission-heading" className="bg-background">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 md:grid-cols-2 lg:px-8">
          <div>
            <h2 id="mission-heading" className="text-3xl font-bold tracking-tight">
              {t("home.mission.heading")}
            </h2>
            <p className="mt-4 text-lg text-muted-foreground">{t("home.mission.text")}</p>
          </div>
          <ul className="grid gap-6 sm:grid-cols-2">
            <li className="rounded-lg border border-border p-6">
              <Heart aria-hidden="true" className="size-6 text-accent" />
              <h3 className="mt-3 font-semibold">{t("home.mission.affordable.title")}</h3>
              <p className="mt-2 text-sm text-muted-foreground">
                {t("home.mission.affordable.text")}
              </p>
            </li>
            <li className="rounded-lg border border-border p-6">
              <Users aria-hidden="true" className="size-6 text-accent" />
              <h3 className="mt-3 font-semibold">{t("home.mission.community.title")}</h3>
              <p className="mt-2 text-sm text-muted-foreground">
                {t("home.mission.community.text")}
              </p>
            </li>
          </ul>
        </div>
      </section>

      <section aria-labelledby="services-heading" className="bg-muted">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <h2 id="services-heading" className="text-3xl font-bold tracking-tight">
            {t("home.services.heading")}
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {serviceTeasers.map(({ icon: Icon, key, to }) => {
              const title = t(`home.services.${key}.title`);
              return (
                <li key={key} className="flex flex-col rounded-lg bg-background p-6 shadow-sm">
                  <Icon aria-hidden="true" className="size-8 text-primary" />
                  <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                  <p className="mt-2 flex-1 text-sm text-muted-foreground">
                    {t(`home.services.${key}.text`)}
                  </p>
                  <Link
                    to={path(to)}
                    className="mt-4 inline-flex items-center gap-1 font-semibold text-primary hover:underline"
                  >
                    <Rich
                      id="home.services.learnMore"
                      values={{ title }}
                      elements={{ sr: <span className="sr-only" /> }}
                    />
                    <ArrowRight aria-hidden="true" className="size-4" />
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="bg-primary text-primary-foreground">
        <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 py-14 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
          <div>
            <h2 id="cta-heading" className="text-2xl font-bold sm:text-3xl">
              {t("home.cta.heading")}
            </h2>
            <p className="mt-2 text-white/90">{t("home.cta.text")}</p>
          </div>
          <div className="flex flex-wrap gap-4">
            <Link
              to={path("/properties")}
              className={buttonVariants({ variant: "inverse", size: "lg" })}
            >
              {t("home.cta.browse")}
            </Link>
            <ApplyNowLink
              online="/properties"
              newTab={t("home.cta.newTab")}
              className={cn(
                buttonVariants({ variant: "outline", size: "lg" }),
                "text-white hover:bg-white/10",
              )}
            >
              {t("home.cta.apply")}
            </ApplyNowLink>
          </div>
        </div>
      </section>
    </>
  );
}
