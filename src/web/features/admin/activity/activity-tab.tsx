import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Download, History } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { auditApi } from "#domain/api/audit";
import { type AuditAction, type AuditEvent, type AuditQuery, auditActions } from "#domain/audit";
import { LoadingList } from "#web/components/layout/loading-list";
import { Pager } from "#web/components/layout/pager";
import { StatePanel } from "#web/components/layout/state-panel";
import { LoadFailed } from "#web/components/load-failed";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { SelectField, TextField } from "#web/components/ui/form-field";
import { failureDetail, fetchFile } from "#web/lib/api-client";
import { formatDateTime } from "#web/lib/format-date-time";
import { useListAddress } from "#web/lib/list-address";
import { contractQuery } from "#web/lib/query";
import { startDownload } from "#web/lib/start-download";
import { useBuildingChoices } from "../buildings/use-building-choices";

type Filters = {
  actor: string;
  action: AuditAction | "";
  propertyId: string;
  from: string;
  to: string;
};
const noFilters: Filters = { actor: "", action: "", propertyId: "", from: "", to: "" };
const filterKeys = Object.keys(noFilters) as (keyof Filters)[];

const isDay = (value: string | undefined) =>
  value !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The filters an address names: what the form could have set, and nothing else (an action or a
 * building made up by hand is left out rather than answered with a failure).
 */
function filtersOf(address: Partial<Record<keyof Filters, string>>): Filters {
  const { actor, action, propertyId, from, to } = address;
  return {
    actor: actor ?? "",
    action: action !== undefined && action in auditActions ? (action as AuditAction) : "",
    propertyId: propertyId !== undefined && /^[1-9]\d{0,9}$/.test(propertyId) ? propertyId : "",
    from: isDay(from) ? from! : "",
    to: isDay(to) ? to! : "",
  };
}

/** The filters as the API reads them: empty ones left out. */
function queryOf(filters: Filters): AuditQuery {
  return {
    ...(filters.actor.trim() ? { actor: filters.actor.trim() } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.propertyId ? { propertyId: Number(filters.propertyId) } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
}

/** A value as a person reads it in the list: text as it is, nothing as a dash. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.length === 0 ? "—" : value.join(", ");
  return JSON.stringify(value);
}

/** camelCase field names as words: "availableFrom" is "available from". */
const fieldName = (key: string) => key.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();

function Changes({ event }: { event: AuditEvent }) {
  const entries = Object.entries(event.changes ?? {});
  if (entries.length === 0) return null;
  return (
    <dl className="grid gap-1 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr] sm:gap-x-3">
      {entries.map(([key, { before, after }]) => (
        <div key={key} className="contents">
          <dt className="font-medium">{fieldName(key)}</dt>
          <dd className="min-w-0 break-words text-muted-foreground">
            {before === null ? (
              shown(after)
            ) : after === null ? (
              <>
                <span className="sr-only">was </span>
                <del>{shown(before)}</del>
              </>
            ) : (
              <>
                <span className="sr-only">from </span>
                <del>{shown(before)}</del>
                <span aria-hidden="true"> → </span>
                <span className="sr-only"> to </span>
                <ins className="no-underline">{shown(after)}</ins>
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function EventRow({ event }: { event: AuditEvent }) {
  const target = event.targetType
    ? `${event.targetType.replace(/_/g, " ")}${event.targetId ? ` ${event.targetId.slice(0, 12)}` : ""}`
    : null;
  const failed = event.action === "sign_in.failed" || event.action === "sign_in.delayed";
  return (
    <Card className="grid gap-2 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className={failed ? "font-semibold text-destructive" : "font-semibold"}>{event.label}</p>
        <time dateTime={event.at} className="text-sm text-muted-foreground">
          {formatDateTime(event.at)}
        </time>
      </div>
      <p className="flex flex-wrap gap-x-3 text-sm">
        <span className="break-all">{event.actorEmail ?? "Unknown person"}</span>
        {event.propertyTitle ? <span>{event.propertyTitle}</span> : null}
        {target ? <span className="text-muted-foreground">{target}</span> : null}
      </p>
      <Changes event={event} />
      <p className="break-all text-xs text-muted-foreground">
        {[event.ipAddress, event.userAgent].filter(Boolean).join(" · ")}
      </p>
    </Card>
  );
}

/**
 * The dashboard's Activity tab: the audit trail, newest first, 50 at a time. Who changed a
 * rent, who downloaded a lease, every sign-in and failed attempt, filtered by person, action,
 * building and days, and exported as CSV for a spreadsheet.
 */
export function ActivityTab() {
  // The filters and the page are in the address (shared, reloaded, Back); the form's draft
  // follows the address whenever it changes (Back to other filters).
  const address = useListAddress(filterKeys);
  const filters = filtersOf(address.filters);
  const applied = JSON.stringify(filters);
  const [draft, setDraft] = useState<Filters>(filters);
  const [draftOf, setDraftOf] = useState(applied);
  if (draftOf !== applied) {
    setDraftOf(applied);
    setDraft(filters);
  }
  const [exporting, setExporting] = useState(false);
  const choices = useBuildingChoices(draft.propertyId ? Number(draft.propertyId) : null);
  const list = useQuery({
    ...contractQuery(auditApi.list, {
      query: { ...queryOf(filters), ...(address.cursor ? { cursor: address.cursor } : {}) },
    }),
    placeholderData: keepPreviousData,
  });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    address.setFilters({ ...draft, actor: draft.actor.trim() });
  };
  const clear = () => {
    setDraft(noFilters);
    address.setFilters(noFilters);
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      const file = await fetchFile(auditApi.export, { query: queryOf(filters) });
      const url = URL.createObjectURL(file);
      startDownload(url, `activity-${new Date().toISOString().slice(0, 10)}.csv`);
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      toast.error("Could not export the activity.", { description: failureDetail(error) });
    } finally {
      setExporting(false);
    }
  };
  const set = (key: keyof Filters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));
  const page = list.data;
  const filtered = Object.values(filters).some(Boolean);

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="text-xl font-bold">Activity</h2>
          <p className="text-sm text-muted-foreground">
            Who changed what, and every sign-in. Kept for two years.
          </p>
        </div>
        <Button variant="outline" className="min-h-11" disabled={exporting} onClick={exportCsv}>
          <Download aria-hidden="true" />
          {exporting ? "Exporting…" : "Export CSV"}
        </Button>
      </div>

      {choices.finder ? <div className="max-w-md">{choices.finder}</div> : null}
      <form
        aria-label="Filter activity"
        onSubmit={apply}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1.5fr_1.5fr_1.5fr_1fr_1fr_auto] lg:items-end"
      >
        <TextField
          label="Person"
          type="search"
          placeholder="E-mail address"
          maxLength={254}
          value={draft.actor}
          onChange={set("actor")}
        />
        <SelectField label="Action" value={draft.action} onChange={set("action")}>
          <option value="">All actions</option>
          {Object.entries(auditActions).map(([action, label]) => (
            <option key={action} value={action}>
              {label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Building" value={draft.propertyId} onChange={set("propertyId")}>
          <option value="">All buildings</option>
          {choices.buildings.map((building) => (
            <option key={building.id} value={building.id}>
              {building.title}
            </option>
          ))}
        </SelectField>
        <TextField label="From" type="date" value={draft.from} onChange={set("from")} />
        <TextField label="To" type="date" value={draft.to} onChange={set("to")} />
        <div className="flex gap-2">
          <Button type="submit" className="min-h-11">
            Filter
          </Button>
          <Button type="button" variant="ghost" className="min-h-11" onClick={clear}>
            Clear
          </Button>
        </div>
      </form>

      {list.isError ? (
        <LoadFailed title="Failed to load activity" query={list} />
      ) : !page || list.isPlaceholderData ? (
        <LoadingList label="Loading activity..." />
      ) : page.events.length === 0 ? (
        <StatePanel
          icon={History}
          title={filtered ? "No activity matches these filters" : "No activity yet"}
          message={
            filtered
              ? "Change or clear the filters above."
              : "Changes to listings, sign-ins and downloads appear here."
          }
        />
      ) : (
        <>
          <ul aria-label="Activity" className="grid gap-3">
            {page.events.map((event) => (
              <li key={event.id}>
                <EventRow event={event} />
              </li>
            ))}
          </ul>
          <Pager
            label="Activity pages"
            nextCursor={page.nextCursor}
            isFirstPage={!address.cursor}
            onFirstPage={address.firstPage}
            onNextPage={address.nextPage}
          />
        </>
      )}
    </div>
  );
}
