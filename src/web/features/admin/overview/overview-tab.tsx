import { Building2, CheckCircle2, Clock, DoorOpen, Home, PieChart } from "lucide-react";
import { adminMessages, type DashboardStats } from "#domain/admin";
import { LoadFailed } from "#web/components/load-failed";
import { formatDateTime } from "#web/lib/format-date-time";
import type { AdminPropertiesState } from "../use-admin-properties";
import { AvailabilityCard } from "./availability-card";
import { BuildingOccupancy } from "./building-occupancy";
import { ListingAlertsCard } from "./listing-alerts-card";
import { StatCard } from "./stat-card";
import { TodaysShowingsCard } from "./todays-showings-card";

/** The six figure cards, always in this order and with these titles. */
const noFigures: DashboardStats = {
  totalProperties: 0,
  availableUnits: 0,
  totalUnits: 0,
  occupancyRate: 0,
  lastUpdated: null,
};

function statCards(stats: DashboardStats) {
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
    <LoadFailed
      variant="banner"
      title={adminMessages.statsFailed(detail)}
      message=""
      // The dashboard's own rhythm: Retry waits while a retry would do nothing.
      query={{ isFetching: state.retryDisabled, refetch: state.reload }}
      retryLabel={state.retryDisabled ? adminMessages.pleaseWait : "Retry"}
    />
  );
}

/**
 * /admin-dashboard's Overview: six figures of every building (counted by the database), the
 * available units whose availability is due to be confirmed, and the occupancy of the newest
 * buildings, from the dashboard's load. Skeletons
 * until the first answer; after one, the last figures stay on screen, under the error card if a
 * reload fails. The listing alerts card loads its own figures.
 */
export function OverviewTab({ state }: { state: AdminPropertiesState }) {
  const { properties, stats, due, status } = state;
  // "loading" means no answer yet; after one, the last figures stay on screen, even on an error.
  const loading = status === "loading";
  const showFigures = stats !== null;

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
          {statCards(stats ?? noFigures).map((card) => (
            <StatCard key={card.title} {...card} loading={loading} />
          ))}
        </div>
      ) : null}
      {loading || showFigures ? (
        <AvailabilityCard due={due?.items ?? []} total={due?.total ?? 0} loading={loading} />
      ) : null}
      <TodaysShowingsCard />
      <ListingAlertsCard />
      {showFigures ? (
        <BuildingOccupancy properties={properties} total={stats.totalProperties} />
      ) : null}
    </div>
  );
}
