import { AlertTriangle, Building2, RefreshCw } from "lucide-react";
import { data, redirect, useNavigation, useRevalidator } from "react-router";
import { hasActiveFilters } from "#domain/listing-format";
import { buildingCard, listPageQuery } from "#domain/listing-pages";
// The loader's only (dropped from the browser's module with it): the schemas stay on the server.
import { type BuildingCardData, listPageCursor, listPageFilters } from "#domain/listings";
import { site } from "#domain/site";
import { StatePanel } from "../components/layout/state-panel";
import { Button } from "../components/ui/button";
import { AlertSubscribe } from "../features/alerts/components/alert-subscribe";
import { BuildingCard } from "../features/listings/components/building-card";
import { BuildingFilters } from "../features/listings/components/building-filters";
import { ListPages } from "../features/listings/components/list-pages";
import { metaI18nWithError, WithErrorMessages } from "../features/listings/error-messages";
import { useMoreBuildings } from "../features/listings/use-more-buildings";
import { pageMessages } from "../i18n/catalogue.server";
import { useI18n } from "../i18n/i18n-provider";
import { rootData, seo } from "../lib/seo";
import type { Route } from "./+types/properties";

export async function loader({ request, context }: Route.LoaderArgs) {
  // The alerts' words too: "Get alerts for new homes" and its dialog.
  const words = pageMessages(request, ["listings", "alerts"]);
  const url = new URL(request.url);
  const filters = listPageFilters(url.searchParams);
  const cursor = listPageCursor(url.searchParams);
  let loaded: Awaited<ReturnType<typeof readList>>;
  try {
    loaded = await readList(context.services, filters, cursor);
  } catch {
    // The error boundary shows the page's header and the failure in the page's language.
    throw data({ message: "Failed to fetch buildings", ...words }, { status: 500 });
  }
  const [page, count, towns] = loaded;
  // A cursor this list never handed out (edited by hand): the list from its start, filtered
  // as asked.
  if (page === null) {
    url.searchParams.delete("cursor");
    throw redirect(`${url.pathname}${url.search}`);
  }
  const buildings = page.buildings.map(buildingCard);
  return { ...words, ...page, buildings, cursor: cursor ?? null, count, filters, towns };
}

/** A page of buildings, how many the filters find in all, and the towns an alert may name. */
function readList(
  services: Route.LoaderArgs["context"]["services"],
  filters: ReturnType<typeof listPageFilters>,
  cursor: string | undefined,
) {
  return Promise.all([
    services.listings.listBuildingsPage(filters, cursor),
    services.listings.countBuildings(filters),
    services.alerts.towns(),
  ]);
}

export const meta: Route.MetaFunction = (args) => {
  const { matches, loaderData } = args;
  const { t, locale } = metaI18nWithError(args);
  // A list narrowed by filters is not indexed; a query that filters nothing (a campaign's
  // parameters) leaves the page as it is.
  // Nor is a later page (its buildings have their own pages, named in the sitemap).
  const filtered =
    loaderData !== undefined && (hasActiveFilters(loaderData.filters) || loaderData.before > 0);
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
  const { buildings, before, nextCursor, cursor, count, filters, towns } = loaderData;
  const { t, path } = useI18n();
  const navigation = useNavigation();
  const refreshing =
    navigation.state === "loading" && navigation.location.pathname === path("/properties");
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
                  { buildings: count.buildings, units: count.availableUnits },
                )}
          </p>
          <AlertSubscribe filters={filters} towns={towns} />
        </div>
        {buildings.length === 0 && before === 0 ? (
          <StatePanel
            icon={Building2}
            title={t("listings.properties.emptyTitle")}
            message={t(
              filtered ? "listings.properties.emptyFiltered" : "listings.properties.empty",
            )}
          />
        ) : (
          // Another page or other filters: the buildings "Show more" added go with the old ones.
          <BuildingList
            key={listPageQuery(filters, cursor).toString()}
            first={buildings}
            firstNext={nextCursor}
            before={before}
            total={count.buildings}
            filters={filters}
            refreshing={refreshing}
          />
        )}
      </div>
    </>
  );
}

function BuildingList({
  first,
  firstNext,
  before,
  total,
  filters,
  refreshing,
}: {
  first: BuildingCardData[];
  firstNext: string | null;
  before: number;
  total: number;
  filters: Route.ComponentProps["loaderData"]["filters"];
  refreshing: boolean;
}) {
  const { t } = useI18n();
  const { buildings, next, list, showMore } = useMoreBuildings(filters, first, firstNext);
  return (
    <>
      <h2 className="sr-only">{t("listings.properties.buildingsHeading")}</h2>
      <ul
        ref={list}
        aria-busy={refreshing}
        className={`grid gap-6 sm:grid-cols-2 lg:grid-cols-3 ${refreshing ? "opacity-60" : ""}`}
      >
        {/* On a phone the filters fill the first screen and the first card is below
            them: its photo is the first visible one from the two-column width up. */}
        {buildings.map((building, i) => (
          <li key={building.id} className="flex">
            <BuildingCard
              building={building}
              priority={i === 0 && before === 0}
              priorityMedia="(min-width: 640px)"
            />
          </li>
        ))}
      </ul>
      <ListPages
        filters={filters}
        before={before}
        shown={buildings.length}
        total={total}
        nextCursor={next}
        showMore={showMore}
      />
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
