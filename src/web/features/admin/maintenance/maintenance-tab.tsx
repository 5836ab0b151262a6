import { RefreshCw, TriangleAlert, Wrench } from "lucide-react";
import { useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { maintenanceStaffMessages as words } from "#domain/maintenance";
import { LoadingList } from "#web/components/layout/loading-list";
import { StatePanel } from "#web/components/layout/state-panel";
import { Button } from "#web/components/ui/button";
import { failureDetail } from "#web/lib/api-client";
import { type BuildingChoice, MaintenanceFilterBar } from "./maintenance-filters";
import { MaintenanceRow } from "./maintenance-row";
import { RequestDialog } from "./request-dialog";
import {
  defaultFilters,
  type MaintenanceFilters,
  useMaintenanceList,
  useMaintenanceSummary,
} from "./use-maintenance";

/** The address's parameter that names the open request: a link can open it directly. */
export const REQUEST_PARAM = "request";

function summaryLine(summary: { open: number; emergencies: number } | null) {
  if (!summary) return "Repairs reported by tenants";
  const emergencies =
    summary.emergencies === 1 ? "1 emergency" : `${summary.emergencies} emergencies`;
  return `${summary.open} open, ${emergencies}`;
}

const isDefault = (f: MaintenanceFilters) =>
  f.status === defaultFilters.status &&
  f.urgency === defaultFilters.urgency &&
  f.propertyId === defaultFilters.propertyId;

/**
 * The dashboard's Maintenance tab: tenants' repair requests in the server's order (emergencies
 * first, then newest), filtered by building, status and urgency. A request opens in a dialog
 * named in the address (?request=id), where staff schedule it, change its status and comment.
 */
export function MaintenanceTab({ buildings }: { buildings: BuildingChoice[] }) {
  const [filters, setFilters] = useState<MaintenanceFilters>(defaultFilters);
  const list = useMaintenanceList(filters);
  const summary = useMaintenanceSummary();
  const [params, setParams] = useSearchParams();
  const openId = params.get(REQUEST_PARAM);
  const listHeading = useRef<HTMLHeadingElement>(null);

  const setOpenId = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(REQUEST_PARAM, id);
        else next.delete(REQUEST_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  const answer = list.data;
  const requests = answer?.requests ?? [];
  const loading = list.isPending || list.isPlaceholderData;

  return (
    <div className="grid gap-6">
      <div>
        <h2 ref={listHeading} tabIndex={-1} className="text-xl font-bold outline-none">
          Maintenance
        </h2>
        <p className="text-sm text-muted-foreground">{summaryLine(summary)}</p>
      </div>
      <MaintenanceFilterBar value={filters} buildings={buildings} onChange={setFilters} />
      {list.isError && answer ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm"
        >
          <span>{`${words.loadFailed}. ${failureDetail(list.error)}`}</span>
          <Button variant="outline" disabled={list.isFetching} onClick={() => void list.refetch()}>
            <RefreshCw aria-hidden="true" /> Try Again
          </Button>
        </div>
      ) : null}
      {list.isError && !answer ? (
        <StatePanel
          icon={TriangleAlert}
          tone="error"
          headingLevel={3}
          title={words.loadFailed}
          message={failureDetail(list.error)}
        >
          <Button disabled={list.isFetching} onClick={() => void list.refetch()}>
            <RefreshCw aria-hidden="true" /> Try Again
          </Button>
        </StatePanel>
      ) : loading ? (
        <LoadingList label={words.loading} lines={["h-5 w-2/3", "h-4 w-1/2", "h-4 w-1/3"]} />
      ) : requests.length === 0 ? (
        <StatePanel
          icon={Wrench}
          headingLevel={3}
          title={words.empty}
          message={isDefault(filters) ? words.emptyOpen : words.emptyFiltered}
        />
      ) : (
        <ul aria-label="Maintenance requests" className="grid gap-3">
          {requests.map((request) => (
            <MaintenanceRow key={request.id} request={request} onOpen={(r) => setOpenId(r.id)} />
          ))}
        </ul>
      )}
      <RequestDialog
        id={openId}
        onClose={() => setOpenId(null)}
        fallbackFocus={() => listHeading.current?.focus()}
      />
    </div>
  );
}
