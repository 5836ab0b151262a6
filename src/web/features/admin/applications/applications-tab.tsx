import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ClipboardList, TriangleAlert } from "lucide-react";
import { type AdminApplication, applicationStatuses } from "#domain/applications";
import { LoadingList } from "#web/components/layout/loading-list";
import { Pager } from "#web/components/layout/pager";
import { StatePanel } from "#web/components/layout/state-panel";
import { LoadFailed } from "#web/components/load-failed";
import { SearchBox, useSearchBox } from "#web/components/search-box";
import { Badge } from "#web/components/ui/badge";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { SegmentedFilter } from "#web/components/ui/segmented-filter";
import { Sheet, SheetContent } from "#web/components/ui/sheet";
import { formatDateTime } from "#web/lib/format-date-time";
import { useListAddress } from "#web/lib/list-address";
import { ApplicationDetail } from "./application-detail";
import { applicationSourceLabels, applicationStatusLabels } from "./application-words";
import { applicationsQuery } from "./use-applications";
import { WaitlistsSection } from "./waitlists-section";

const statusFilters = ["all", ...applicationStatuses] as const;
type StatusFilter = (typeof statusFilters)[number];
const statusFilterLabels: Record<StatusFilter, string> = { all: "All", ...applicationStatusLabels };

function ApplicationRow({
  application,
  onOpen,
}: {
  application: AdminApplication;
  onOpen: () => void;
}) {
  return (
    <Card className="grid gap-2 p-4 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="grid gap-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          {application.name}
          <Badge variant={application.status === "submitted" ? "default" : "outline"}>
            {applicationStatusLabels[application.status]}
          </Badge>
          {application.duplicate ? (
            <Badge variant="destructive">
              <TriangleAlert aria-hidden="true" className="size-3" /> Possible duplicate
            </Badge>
          ) : null}
        </p>
        <p className="break-all text-sm text-muted-foreground">
          {application.email} · {application.place} ·{" "}
          {application.adults === 1 ? "1 adult" : `${application.adults} adults`}
        </p>
        <p className="text-sm text-muted-foreground">
          {application.submittedAt
            ? "Submitted "
            : `${applicationSourceLabels[application.source]} `}
          <time dateTime={application.submittedAt ?? application.createdAt}>
            {formatDateTime(application.submittedAt ?? application.createdAt)}
          </time>
        </p>
      </div>
      <Button variant="outline" className="min-h-11" onClick={onOpen}>
        Open <span className="sr-only">{`the application of ${application.name}`}</span>
      </Button>
    </Card>
  );
}

/**
 * The Applications tab: every application, newest first, by status, searched by name, address
 * or unit; a possible duplicate flagged. Opening one shows it whole in a panel (each adult's
 * part, the household's income and the tenant's share of the rent) with the next step and the
 * offer. The status, the search, the page and the open application are kept in the address.
 */
export function ApplicationsTab() {
  const address = useListAddress(["status", "q", "application"]);
  const status: StatusFilter = statusFilters.find((s) => s === address.filters.status) ?? "all";
  const { setFilter } = address;
  const [search, setSearch] = useSearchBox(address.filters.q, (value) =>
    setFilter("q", value, { replace: true }),
  );
  const list = useQuery({
    ...applicationsQuery({ status, q: address.filters.q, cursor: address.cursor }),
    placeholderData: keepPreviousData,
  });
  const page = list.data;
  const loading = list.isPending || list.isPlaceholderData;
  const open = address.filters.application;
  const opened = page?.items.find((a) => a.id === open);

  return (
    <section aria-labelledby="applications-heading" className="grid gap-4">
      <div>
        <h2 id="applications-heading" className="text-xl font-semibold">
          Applications
        </h2>
        <p className="text-sm text-muted-foreground">
          Renters invited to apply from a unit (Properties tab) apply by their e-mailed link.
          {page?.waiting ? ` ${page.waiting} submitted and waiting for the office.` : ""}
        </p>
      </div>
      <div className="grid gap-3">
        <SearchBox
          value={search}
          onChange={setSearch}
          label="Search by name, e-mail or unit"
          fill
        />
        <SegmentedFilter
          legend="Status"
          options={statusFilters}
          labels={statusFilterLabels}
          value={status}
          onChange={(next) => setFilter("status", next === "all" ? undefined : next)}
        />
      </div>
      {list.isError ? (
        <LoadFailed title="Could not load the applications." query={list} />
      ) : loading ? (
        <LoadingList label="Loading applications..." lines={["h-5 w-2/3", "h-4 w-1/2"]} />
      ) : !page || page.items.length === 0 ? (
        <StatePanel
          icon={ClipboardList}
          headingLevel={3}
          title={
            address.filters.q || status !== "all" ? "No applications found" : "No applications yet"
          }
          message="Invite a renter to apply from a unit in the Properties tab: their application appears here as they fill it in."
        />
      ) : (
        <ul aria-label="Applications" className="grid gap-3">
          {page.items.map((application) => (
            <li key={application.id}>
              <ApplicationRow
                application={application}
                onOpen={() => setFilter("application", application.id, { keepPage: true })}
              />
            </li>
          ))}
        </ul>
      )}
      <Pager
        label="Application pages"
        nextCursor={loading ? null : page?.nextCursor}
        isFirstPage={!address.cursor}
        onNextPage={address.nextPage}
        onFirstPage={address.firstPage}
      />
      <WaitlistsSection />
      <Sheet
        open={open !== undefined}
        onOpenChange={(next) =>
          next ? undefined : setFilter("application", undefined, { keepPage: true })
        }
      >
        {open ? (
          <SheetContent
            title={opened ? `Application of ${opened.name}` : "Application"}
            className="w-full max-w-2xl"
          >
            <div className="overflow-y-auto p-4">
              <ApplicationDetail id={open} />
            </div>
          </SheetContent>
        ) : null}
      </Sheet>
    </section>
  );
}
