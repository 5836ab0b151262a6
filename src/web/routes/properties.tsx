import { AlertTriangle, Building2, RefreshCw } from "lucide-react";
import { data, useNavigation, useRevalidator } from "react-router";
import { hasActiveFilters } from "#domain/listing-format";
import { listPageFilters } from "#domain/listings";
import { site } from "#domain/site";
import { StatePanel } from "../components/layout/state-panel";
import { Button } from "../components/ui/button";
import { AlertSubscribe } from "../features/alerts/components/alert-subscribe";
import { BuildingCard } from "../features/listings/components/building-card";
import { BuildingFilters } from "../features/listings/components/building-filters";
import { metaI18nWithError, WithErrorMessages } from "../features/listings/error-messages";
import { pageMessages } from "../i18n/catalogue.server";
import { useI18n } from "../i18n/i18n-provider";
import { rootData, seo } from "../lib/seo";
import type { Route } from "./+types/properties";

export async function loader({ request, context }: Route.LoaderArgs) {
  // The alerts' words too: "Get alerts for new homes" and its dialog.
  const words = pageMessages(request, ["listings", "alerts"]);
  const filters = listPageFilters(new URL(request.url).searchParams);
  try {
    const [buildings, towns] = await Promise.all([
      context.services.listings.listBuildings(filters),
      context.services.alerts.towns(),
    ]);
    return { ...words, buildings, filters, towns };
  } catch {
    // The error boundary shows the page's header and the failure in the page's language.
    throw data({ message: "Failed to fetch buildings", ...words }, { status: 500 });
  }
}

export const meta: Route.MetaFunction = (args) => {
  const { matches, loaderData } = args;
  const { t, locale } = metaI18nWithError(args);
  // A list narrowed by filters is not indexed; a query that filters nothing (a campaign's
  // parameters) leaves the page as it is.
  const filtered = loaderData !== undefined && hasActiveFilters(loaderData.filters);
  return seo({
    title: t("listings.properties.meta.title"),
    description: t("listings.properties.meta.description", { name: site.name, city: site.city }),
    path: "/properties",
    locale,
    publicUrl: rootData(matches).publicUrl,
  }).concat(filtered ? [{ name: "robots", content: "noindex, follow" }] : []);
};

function PageHeader() {
  const { t } = useI18n();
  return (
    <div className="bg-muted">
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">
          {t("listings.properties.heading")}
        </h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">{t("listings.properties.intro")}</p>
      </div>
    </div>
  );
}

export default function Properties({ loaderData }: Route.ComponentProps) {
  const { buildings, filters, towns } = loaderData;
  const { t, path } = useI18n();
  const navigation = useNavigation();
  const refreshing =
    navigation.state === "loading" && navigation.location.pathname === path("/properties");
  const availableUnits = buildings.reduce((sum, b) => sum + b.availableUnits, 0);
  const filtered = hasActiveFilters(filters);

  return (
    <>
      <PageHeader />
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
        <BuildingFilters filters={filters} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {refreshing
              ? t("listings.properties.loading")
              : t(
                  filtered ? "listings.properties.summaryFiltered" : "listings.properties.summary",
                  { buildings: buildings.length, units: availableUnits },
                )}
          </p>
          <AlertSubscribe filters={filters} towns={towns} />
        </div>
        {buildings.length === 0 ? (
          <StatePanel
            icon={Building2}
            title={t("listings.properties.emptyTitle")}
            message={t(
              filtered ? "listings.properties.emptyFiltered" : "listings.properties.empty",
            )}
          />
        ) : (
          <>
            <h2 className="sr-only">{t("listings.properties.buildingsHeading")}</h2>
            <ul
              aria-busy={refreshing}
              className={`grid gap-6 sm:grid-cols-2 lg:grid-cols-3 ${refreshing ? "opacity-60" : ""}`}
            >
              {/* On a phone the filters fill the first screen and the first card is below
                  them: its photo is the first visible one from the two-column width up. */}
              {buildings.map((building, i) => (
                <li key={building.id} className="flex">
                  <BuildingCard
                    building={building}
                    priority={i === 0}
                    priorityMedia="(min-width: 640px)"
                  />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </>
  );
}

function PropertiesError() {
  const { t } = useI18n();
  const revalidator = useRevalidator();
  return (
    <>
      <PageHeader />
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <StatePanel
          icon={AlertTriangle}
          title={t("listings.properties.errorTitle")}
          message={t("listings.properties.errorText")}
          tone="error"
        >
          <Button
            onClick={() => revalidator.revalidate()}
            disabled={revalidator.state === "loading"}
          >
            <RefreshCw aria-hidden="true" />
            {t("listings.properties.retry")}
          </Button>
        </StatePanel>
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <WithErrorMessages error={error}>
      <PropertiesError />
    </WithErrorMessages>
  );
}
