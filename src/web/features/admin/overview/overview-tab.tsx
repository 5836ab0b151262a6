import {
  AlertTriangle,
  Building2,
  CheckCircle2,
  Clock,
  DoorOpen,
  Home,
  PieChart,
  RefreshCw,
} from "lucide-react";
import { type AdminProperty, adminMessages, dashboardStats } from "#domain/admin";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { formatDateTime } from "#web/lib/format-date-time";
import type { AdminPropertiesState } from "../use-admin-properties";
import { AvailabilityCard } from "./availability-card";
import { BuildingOccupancy } from "./building-occupancy";
import { ListingAlertsCard } from "./listing-alerts-card";
import { StatCard } from "./stat-card";

/** The six figure cards, always in this order and with these titles. */
function statCards(properties: AdminProperty[]) {
  const stats = dashboardStats(properties);
  return [
    {
      title: "Properties",
      icon: Building2,
      value: `${stats.totalProperties}`,
      caption: "Total buildings",
    },
    {
      title: "Available Units",
      icon: DoorOpen,
      value: `${stats.availableUnits}`,
      caption: `out of ${stats.totalUnits} units`,
    },
    {
      title: "Occupancy Rate",
      icon: PieChart,
      value: `${stats.occupancyRate}%`,
      caption: "Units not available",
    },
    {
      title: "Total Units",
      icon: Home,
      value: `${stats.totalUnits}`,
      caption: "Across all buildings",
    },
    {
      title: "Available",
      icon: CheckCircle2,
      value: `${stats.availableUnits}`,
      caption: "Units ready to rent",
    },
    {
      title: "Last Updated",
      icon: Clock,
      value: formatDateTime(stats.lastUpdated),
      caption: "Latest change to a building or unit",
    },
  ];
}

function StatsError({ state }: { state: AdminPropertiesState }) {
  // The sentence ends with its own full stop; most details already end with one.
  const detail = (state.error ?? adminMessages.loadFailed).replace(/\.$/, "");
  return (
    <Card
      role="alert"
      className="flex flex-col gap-4 border-destructive/40 p-5 sm:flex-row sm:items-center"
    >
      <div className="flex flex-1 items-start gap-3">
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
        <p className="font-medium">{adminMessages.statsFailed(detail)}</p>
      </div>
      <Button
        variant="outline"
        className="min-h-11 shrink-0"
        disabled={state.retryDisabled}
        onClick={() => void state.reload()}
      >
        <RefreshCw aria-hidden="true" />
        {state.retryDisabled ? adminMessages.pleaseWait : "Retry"}
      </Button>
    </Card>
  );
}

/**
 * /admin-dashboard's Overview: six figures, the available units whose availability is due to be
 * confirmed, and each building's occupancy, computed from the admin property list. Skeletons
 * until the first answer; after one, the last figures stay on screen, under the error card if a
 * reload fails. The listing alerts card loads its own figures.
 */
export function OverviewTab({ state }: { state: AdminPropertiesState }) {
  const { properties, status } = state;
  // "loading" means no answer yet; after one, the last list stays on screen, even on an error.
  const loading = status === "loading";
  const showFigures = status === "loaded" || (status === "error" && properties.length > 0);

  return (
    <div className="grid gap-6">
      <h2 className="sr-only">Overview</h2>
      {status === "error" ? <StatsError state={state} /> : null}
      {loading ? (
        <p role="status" className="sr-only">
          Loading dashboard statistics...
        </p>
      ) : null}
      {loading || showFigures ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {statCards(properties).map((card) => (
            <StatCard key={card.title} {...card} loading={loading} />
          ))}
        </div>
      ) : null}
      {loading || showFigures ? (
        <AvailabilityCard properties={properties} loading={loading} />
      ) : null}
      <ListingAlertsCard />
      {showFigures ? <BuildingOccupancy properties={properties} /> : null}
    </div>
  );
}
