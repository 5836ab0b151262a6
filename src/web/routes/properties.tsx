import { AlertTriangle, Building2, RefreshCw } from "lucide-react";
import { useNavigation, useRevalidator } from "react-router";
import { hasActiveFilters } from "#domain/listing-format";
import { buildingFiltersSchema } from "#domain/listings";
import { site } from "#domain/site";
import { StatePanel } from "../components/layout/state-panel";
import { Button } from "../components/ui/button";
import { BuildingCard } from "../features/listings/components/building-card";
import { BuildingFilters } from "../features/listings/components/building-filters";
import { rootData, seo } from "../lib/seo";
import type { Route } from "./+types/properties";

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const { limit: _, ...filters } = buildingFiltersSchema.parse(query);
  try {
    const buildings = await context.services.listings.listBuildings(filters);
    return { buildings, filters };
  } catch {
    throw new Error("Failed to fetch buildings");
  }
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const filtered = location.search.length > 1;
  return seo({
    title: "Properties",
    description: `Apartments, condos, lofts and homes for rent from ${site.name} in ${site.city}: see what is available now.`,
    path: "/properties",
    publicUrl: rootData(matches).publicUrl,
  }).concat(filtered ? [{ name: "robots", content: "noindex, follow" }] : []);
};

function PageHeader() {
  return (
    <div className="bg-muted">
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Our Properties</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          Browse our buildings across Greater Hartford and find a home that fits your life.
        </p>
      </div>
    </div>
  );
}

export default function Properties({ loaderData }: Route.ComponentProps) {
  const { buildings, filters } = loaderData;
  const navigation = useNavigation();
  const refreshing =
    navigation.state === "loading" && navigation.location.pathname === "/properties";
  const availableUnits = buildings.reduce((sum, b) => sum + b.availableUnits, 0);
  const filtered = hasActiveFilters(filters);

  return (
    <>
      <PageHeader />
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
        <BuildingFilters filters={filters} />
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {refreshing
            ? "Loading buildings..."
            : `${filtered ? "Matching your filters" : "Our portfolio"}: ${buildings.length} ${buildings.length === 1 ? "building" : "buildings"} with ${availableUnits} available ${availableUnits === 1 ? "unit" : "units"}`}
        </p>
        {buildings.length === 0 ? (
          <StatePanel
            icon={Building2}
            title="No Buildings Available"
            message={
              filtered
                ? "No building has a unit that matches these filters. Try a wider search."
                : "Our listings are being updated. Please check back soon or contact us."
            }
          />
        ) : (
          <>
            <h2 className="sr-only">Buildings</h2>
            <ul
              aria-busy={refreshing}
              className={`grid gap-6 sm:grid-cols-2 lg:grid-cols-3 ${refreshing ? "opacity-60" : ""}`}
            >
              {buildings.map((building, i) => (
                <li key={building.id} className="flex">
                  <BuildingCard building={building} priority={i === 0} />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const revalidator = useRevalidator();
  const message = error instanceof Error ? error.message : "Failed to fetch buildings";
  return (
    <>
      <PageHeader />
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <StatePanel
          icon={AlertTriangle}
          title="Error Loading Buildings"
          message={message}
          tone="error"
        >
          <Button
            onClick={() => revalidator.revalidate()}
            disabled={revalidator.state === "loading"}
          >
            <RefreshCw aria-hidden="true" />
            Try Again
          </Button>
        </StatePanel>
      </div>
    </>
  );
}
