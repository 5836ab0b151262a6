import { ChevronLeft, ChevronRight, Inbox, Users } from "lucide-react";
import { useState } from "react";
import { type AlertSubscriber, adminAlertsMessages } from "#domain/admin-alerts";
import { type AlertStatus, alertStatuses } from "#domain/alerts";
import { LoadingList } from "#web/components/layout/loading-list";
import { StatePanel } from "#web/components/layout/state-panel";
import { LoadFailed } from "#web/components/load-failed";
import { Badge, type BadgeProps } from "#web/components/ui/badge";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { Dialog, DialogContent, DialogTrigger } from "#web/components/ui/dialog";
import { SegmentedFilter } from "#web/components/ui/segmented-filter";
import { formatDateTime } from "#web/lib/format-date-time";
import { useAlertSubscribers } from "./use-listing-alerts";

type Filter = "all" | AlertStatus;
const filters: readonly Filter[] = ["all", ...alertStatuses];
const { statusLabels, frequencyLabels, languageLabels } = adminAlertsMessages;
const filterLabels: Record<Filter, string> = { all: "All", ...statusLabels };

const statusVariant: Record<AlertStatus, BadgeProps["variant"]> = {
  active: "success",
  paused: "muted",
  pending: "featured",
};

function SubscriberRow({ subscriber }: { subscriber: AlertSubscriber }) {
  const at = (iso: string) => <time dateTime={iso}>{formatDateTime(iso)}</time>;
  return (
    <Card className="grid gap-1.5 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 break-all font-semibold">{subscriber.email}</p>
        <Badge variant={statusVariant[subscriber.status]}>{statusLabels[subscriber.status]}</Badge>
      </div>
      <p className="break-words text-sm">{subscriber.words}</p>
      <p className="flex flex-wrap gap-x-3 text-sm text-muted-foreground">
        <span>{frequencyLabels[subscriber.frequency]}</span>
        <span>{languageLabels[subscriber.lang]}</span>
        <span>Asked {at(subscriber.createdAt)}</span>
        <span>Last activity {at(subscriber.lastActivityAt)}</span>
        {subscriber.lastAlertAt ? <span>Last alert {at(subscriber.lastAlertAt)}</span> : null}
      </p>
    </Card>
  );
}

function SubscriberList() {
  const [filter, setFilter] = useState<Filter>("all");
  // The cursors of the pages before this one (Previous goes back one), the first page's none.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const page = cursors.length;
  const list = useAlertSubscribers(filter === "all" ? undefined : filter, cursors.at(-1));
  const answer = list.data;
  const first = answer ? (page - 1) * answer.pageSize + 1 : 0;
  const last = answer ? first + answer.subscribers.length - 1 : 0;
  const nextCursor = answer?.nextCursor;

  return (
    <div className="grid gap-4">
      <SegmentedFilter
        options={filters}
        labels={filterLabels}
        value={filter}
        onChange={(value) => {
          setFilter(value);
          setCursors([undefined]);
        }}
      />
      {list.isError ? (
        <LoadFailed headingLevel={3} title={adminAlertsMessages.subscribersFailed} query={list} />
      ) : !answer || list.isPlaceholderData ? (
        <LoadingList label="Loading subscribers..." lines={["h-5 w-1/2", "h-4 w-2/3"]} />
      ) : answer.subscribers.length === 0 ? (
        <StatePanel
          icon={Inbox}
          headingLevel={3}
          title={adminAlertsMessages.noSubscribers}
          message={
            filter === "all"
              ? "Renters appear here once they ask for alerts on the Properties page."
              : "Choose another filter above to see the others."
          }
        />
      ) : (
        <>
          <ul aria-label="Subscribers" className="grid gap-3">
            {answer.subscribers.map((subscriber) => (
              <li key={subscriber.id}>
                <SubscriberRow subscriber={subscriber} />
              </li>
            ))}
          </ul>
          <nav aria-label="Subscriber pages" className="flex flex-wrap items-center gap-3">
            <p className="flex-1 text-sm text-muted-foreground">
              {`${first === last ? first : `${first}–${last}`} of ${answer.total}`}
            </p>
            <Button
              variant="outline"
              className="min-h-11"
              disabled={page <= 1}
              onClick={() => setCursors(cursors.slice(0, -1))}
            >
              <ChevronLeft aria-hidden="true" />
              Previous
            </Button>
            <Button
              variant="outline"
              className="min-h-11"
              disabled={!nextCursor}
              onClick={() => nextCursor && setCursors([...cursors, nextCursor])}
            >
              Next
              <ChevronRight aria-hidden="true" />
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}

/**
 * "Subscribers": every listing alert with the renter's address, newest first, 50 a page. The
 * addresses are loaded only when the dialog opens, and only an administrator's session can
 * load them (the API's guard).
 */
export function SubscribersDialog() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" className="mt-4 min-h-11">
          <Users aria-hidden="true" />
          Subscribers
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Subscribers"
        description="Renters who asked for listing alerts, newest first."
        className="max-w-3xl"
      >
        <SubscriberList />
      </DialogContent>
    </Dialog>
  );
}
