import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { CalendarDays, ChevronLeft, ChevronRight, House, MessageSquare } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { showingsApi } from "#domain/api/showings";
import { addDays, officeClock } from "#domain/office-time";
import {
  type AdminShowing,
  type ShowingAction,
  type ShowingFollowUp,
  showingActions,
  showingStatuses,
} from "#domain/showings";
import { LoadingList } from "#web/components/layout/loading-list";
import { Pager } from "#web/components/layout/pager";
import { StatePanel } from "#web/components/layout/state-panel";
import { LoadFailed } from "#web/components/load-failed";
import { Badge } from "#web/components/ui/badge";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog";
import { SegmentedFilter } from "#web/components/ui/segmented-filter";
import { failureDetail } from "#web/lib/api-client";
import { formatDateTime, formatDay } from "#web/lib/format-date-time";
import { useListAddress } from "#web/lib/list-address";
import { contractQuery, useContractMutation } from "#web/lib/query";
import {
  followUpLabels,
  officeTimeText,
  showingActionLabels,
  showingStatusLabels,
} from "./showing-words";
import { showingsQuery } from "./use-showings";

const views = ["day", "week"] as const;
type View = (typeof views)[number];
const viewLabels: Record<View, string> = { day: "Day", week: "Week" };
const statusFilters = ["all", ...showingStatuses] as const;
type StatusFilter = (typeof statusFilters)[number];
const statusFilterLabels: Record<StatusFilter, string> = { all: "All", ...showingStatusLabels };

const statusTone: Record<AdminShowing["status"], "default" | "secondary" | "outline" | "muted"> = {
  requested: "default",
  booked: "secondary",
  completed: "outline",
  no_show: "muted",
  cancelled: "muted",
  released: "muted",
};

/** The actions a showing offers now: a request's answer, a booking's cancel or outcome. */
function actionsFor(showing: AdminShowing, now: number): ShowingAction[] {
  const started = new Date(showing.start).getTime() <= now;
  return (Object.keys(showingActions) as ShowingAction[]).filter((action) => {
    const rule = showingActions[action];
    if (!(rule.from as readonly string[]).includes(showing.status)) return false;
    const outcome = action === "completed" || action === "no_show";
    return outcome ? started : action === "cancel" ? !started : true;
  });
}

/** The unit's latest inquiries, read when staff open them. */
function UnitInquiries({ showing }: { showing: AdminShowing }) {
  const detail = useQuery(contractQuery(showingsApi.get, { params: { id: showing.id } }));
  if (detail.isError) {
    return <LoadFailed variant="banner" title="Could not load the inquiries." query={detail} />;
  }
  if (detail.isPending)
    return <p className="text-sm text-muted-foreground">Loading inquiries...</p>;
  const { inquiries } = detail.data;
  if (inquiries.length === 0) {
    return <p className="text-sm text-muted-foreground">No inquiries about this unit yet.</p>;
  }
  return (
    <ul
      aria-label={`Inquiries about ${showing.unit.building}, Unit ${showing.unit.number}`}
      className="grid gap-2 text-sm"
    >
      {inquiries.map((inquiry) => (
        <li key={inquiry.id} className="rounded-md border border-border p-2">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            <span className="break-all">
              {inquiry.name} ({inquiry.email})
            </span>
            {inquiry.email.toLowerCase() === showing.email.toLowerCase() ? (
              <Badge variant="outline">This renter</Badge>
            ) : null}
            {inquiry.handled ? null : <Badge>Unhandled</Badge>}
          </p>
          <p className="text-muted-foreground">
            <time dateTime={inquiry.createdAt}>{formatDateTime(inquiry.createdAt)}</time>
            {inquiry.subject ? ` · ${inquiry.subject}` : ""}
          </p>
          <p className="whitespace-pre-line break-words">{inquiry.message}</p>
        </li>
      ))}
    </ul>
  );
}

function ShowingRow({
  showing,
  busy,
  onAct,
  onFollowUp,
}: {
  showing: AdminShowing;
  busy: boolean;
  onAct: (showing: AdminShowing, action: ShowingAction) => void;
  onFollowUp: (showing: AdminShowing, followUp: ShowingFollowUp) => void;
}) {
  const [showInquiries, setShowInquiries] = useState(false);
  const actions = actionsFor(showing, Date.now());
  const time = `${officeTimeText(showing.start)} - ${officeTimeText(showing.end)}`;
  return (
    <Card className="grid gap-3 p-4">
      <div className="grid gap-2 sm:grid-cols-[8rem_1fr_auto] sm:items-start">
        <p className="font-semibold tabular-nums">
          <time dateTime={showing.start}>{time}</time>
        </p>
        <div className="grid gap-1 min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold">
            {showing.unit.building}, Unit {showing.unit.number}
            <Badge variant={statusTone[showing.status]}>
              {showingStatusLabels[showing.status]}
            </Badge>
            {showing.occupied ? (
              <Badge variant="outline">
                <House aria-hidden="true" className="size-3" /> Tenant at home
              </Badge>
            ) : null}
            {showing.lang === "es" ? <Badge variant="muted">Spanish</Badge> : null}
            {showing.followUp ? (
              <Badge variant="outline">{followUpLabels[showing.followUp]}</Badge>
            ) : null}
          </p>
          <p className="text-sm break-all">
            {showing.name} · <a href={`mailto:${showing.email}`}>{showing.email}</a> ·{" "}
            <a href={`tel:${showing.phone}`}>{showing.phone}</a>
          </p>
          {showing.note ? (
            <p className="text-sm whitespace-pre-line break-words text-muted-foreground">
              {showing.note}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2 sm:justify-end">
          {actions.map((action) => (
            <Button
              key={action}
              className="min-h-11"
              variant={action === "confirm" || action === "completed" ? "default" : "outline"}
              disabled={busy}
              onClick={() => onAct(showing, action)}
            >
              {showingActionLabels[action]}
            </Button>
          ))}
          {showing.status === "completed" && !showing.followUp ? (
            <>
              <Button
                className="min-h-11"
                disabled={busy}
                onClick={() => onFollowUp(showing, "application_sent")}
              >
                Send application
              </Button>
              <Button
                className="min-h-11"
                variant="outline"
                disabled={busy}
                onClick={() => onFollowUp(showing, "lead_lost")}
              >
                Mark lead lost
              </Button>
            </>
          ) : null}
        </div>
      </div>
      <div>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={showInquiries}
          onClick={() => setShowInquiries((open) => !open)}
        >
          <MessageSquare aria-hidden="true" />
          {showInquiries ? "Hide the unit's inquiries" : "The unit's inquiries"}
        </Button>
        {showInquiries ? (
          <div className="mt-2">
            <UnitInquiries showing={showing} />
          </div>
        ) : null}
      </div>
    </Card>
  );
}

/** A confirmation before what e-mails the renter that their showing is off. */
const confirmWords = {
  decline: {
    title: "Decline this request?",
    text: "The renter is e-mailed that the office cannot show the home at that time, and the time is free again.",
    label: "Decline request",
  },
  cancel: {
    title: "Cancel this showing?",
    text: "The renter is e-mailed the cancellation (their calendar removes it), and the tenant at home is told.",
    label: "Cancel showing",
  },
} as const;

/**
 * The Showings tab: the office's calendar of one day or a week (Connecticut time), soonest first,
 * each showing with its unit, renter and status; staff confirm or decline a request (one left
 * unanswered 24 hours is let go and the renter told), cancel, mark how it went, and follow up
 * (the application e-mailed, or the lead marked lost). The day, the view and the status are kept
 * in the address.
 */
export function ShowingsTab() {
  const address = useListAddress(["view", "from", "status"]);
  const view: View = views.find((v) => v === address.filters.view) ?? "day";
  const status: StatusFilter = statusFilters.find((s) => s === address.filters.status) ?? "all";
  const today = officeClock(new Date()).day;
  const from = address.filters.from ?? today;
  const days = view === "week" ? 7 : 1;
  const list = useQuery({
    ...showingsQuery({ from, days, status, cursor: address.cursor }),
    placeholderData: keepPreviousData,
  });
  const [asked, setAsked] = useState<{
    showing: AdminShowing;
    action: "decline" | "cancel";
  } | null>(null);
  const act = useContractMutation(
    showingsApi.act,
    ({ id, action }: { id: string; action: ShowingAction }) => ({
      params: { id },
      body: { action },
    }),
    {
      onSuccess: (answer) => {
        toast.success(answer.message);
        setAsked(null);
      },
      onError: (error) => toast.error(`Could not change the showing. ${failureDetail(error)}`),
    },
  );
  const followUp = useContractMutation(
    showingsApi.followUp,
    ({ id, followUp: next }: { id: string; followUp: ShowingFollowUp }) => ({
      params: { id },
      body: { followUp: next },
    }),
    {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (error) => toast.error(`Could not save the follow-up. ${failureDetail(error)}`),
    },
  );
  const page = list.data;
  const loading = list.isPending || list.isPlaceholderData;
  const busyId = act.isPending
    ? act.variables?.id
    : followUp.isPending
      ? followUp.variables?.id
      : undefined;
  const onAct = (showing: AdminShowing, action: ShowingAction) => {
    if (action === "decline" || action === "cancel") setAsked({ showing, action });
    else act.mutate({ id: showing.id, action });
  };
  const go = (next: string | undefined) => address.setFilter("from", next);
  const byDay = new Map<string, AdminShowing[]>();
  for (const showing of page?.showings ?? []) {
    const day = showing.start.slice(0, 10);
    byDay.set(day, [...(byDay.get(day) ?? []), showing]);
  }
  const rangeText =
    view === "week"
      ? `${formatDay(from)} to ${formatDay(addDays(from, 6))}`
      : `${formatDay(from)}${from === today ? " (today)" : ""}`;

  return (
    <section aria-labelledby="showings-heading" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="showings-heading" className="text-xl font-semibold">
            Showings
          </h2>
          <p className="text-sm text-muted-foreground">
            {rangeText}, Connecticut time
            {page?.requested ? ` · ${page.requested} waiting for confirmation` : ""}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            size="icon"
            className="size-11"
            aria-label={view === "week" ? "Previous week" : "Previous day"}
            onClick={() => go(addDays(from, -days))}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button
            variant="outline"
            className="min-h-11"
            disabled={from === today}
            onClick={() => go(undefined)}
          >
            <CalendarDays aria-hidden="true" /> Today
          </Button>
          <Button
            variant="outline"
            size="icon"
            className="size-11"
            aria-label={view === "week" ? "Next week" : "Next day"}
            onClick={() => go(addDays(from, days))}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
          <SegmentedFilter
            legend="View"
            options={views}
            labels={viewLabels}
            value={view}
            onChange={(next) => address.setFilter("view", next === "day" ? undefined : next)}
          />
        </div>
      </div>
      <SegmentedFilter
        legend="Status"
        options={statusFilters}
        labels={statusFilterLabels}
        value={status}
        onChange={(next) => address.setFilter("status", next === "all" ? undefined : next)}
      />
      {list.isError ? (
        <LoadFailed title="Could not load the showings." query={list} />
      ) : loading ? (
        <LoadingList label="Loading showings..." lines={["h-5 w-2/3", "h-4 w-1/3"]} />
      ) : !page || page.showings.length === 0 ? (
        <StatePanel
          icon={CalendarDays}
          headingLevel={3}
          title={view === "week" ? "No showings this week" : "No showings this day"}
          message="Showings renters book on a unit's page appear here. A building offers times once its showing hours are set (Properties tab)."
        />
      ) : (
        <div className="grid gap-6">
          {[...byDay].map(([day, showings]) => (
            <section key={day} aria-label={formatDay(day)} className="grid gap-3">
              {view === "week" ? <h3 className="font-semibold">{formatDay(day)}</h3> : null}
              <ul aria-label={`Showings on ${formatDay(day)}`} className="grid gap-3">
                {showings.map((showing) => (
                  <li key={showing.id}>
                    <ShowingRow
                      showing={showing}
                      busy={busyId === showing.id}
                      onAct={onAct}
                      onFollowUp={(s, next) => followUp.mutate({ id: s.id, followUp: next })}
                    />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
      <Pager
        label="Showing pages"
        nextCursor={loading ? null : page?.nextCursor}
        isFirstPage={!address.cursor}
        onNextPage={address.nextPage}
        onFirstPage={address.firstPage}
      />
      <ConfirmDialog
        open={asked !== null}
        onOpenChange={(open) => (open ? undefined : setAsked(null))}
        title={asked ? confirmWords[asked.action].title : ""}
        description={
          asked
            ? `${asked.showing.name}, ${asked.showing.unit.building}, Unit ${asked.showing.unit.number}, ${formatDateTime(asked.showing.start)}. ${confirmWords[asked.action].text}`
            : ""
        }
        confirmLabel={asked ? confirmWords[asked.action].label : ""}
        busyLabel="Saving..."
        busy={act.isPending}
        onConfirm={() =>
          asked ? act.mutate({ id: asked.showing.id, action: asked.action }) : undefined
        }
      />
    </section>
  );
}
