import { Wrench } from "lucide-react";
import { useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { maintenanceStaffMessages as words } from "#domain/maintenance";
import { LoadingList } from "#web/components/layout/loading-list";
import { Pager } from "#web/components/layout/pager";
import { StatePanel } from "#web/components/layout/state-panel";
import { LoadFailed } from "#web/components/load-failed";
import { useListAddress } from "#web/lib/list-address";
import { MaintenanceFilterBar } from "./maintenance-filters";
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
export function MaintenanceTab() {
  const [filters, setFilters] = useState<MaintenanceFilters>(defaultFilters);
  // The page is the address's cursor; another filter starts again from the first page.
  const address = useListAddress([]);
  const list = useMaintenanceList(filters, address.cursor);
  const chooseFilters = (next: MaintenanceFilters) => {
    setFilters(next);
    if (address.cursor) address.firstPage();
  };
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
      <MaintenanceFilterBar value={filters} onChange={chooseFilters} />
      {list.isError && answer ? (
        <LoadFailed variant="banner" title={`${words.loadFailed}.`} query={list} />
      ) : null}
      {list.isError && !answer ? (
        <LoadFailed headingLevel={3} title={words.loadFailed} query={list} />
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
      <Pager
        label="Maintenance pages"
        nextCursor={answer?.nextCursor}
        isFirstPage={!address.cursor}
        onNextPage={address.nextPage}
        onFirstPage={address.firstPage}
      />
      <RequestDialog
        id={openId}
        onClose={() => setOpenId(null)}
        fallbackFocus={() => listHeading.current?.focus()}
      />
    </div>
  );
}
