import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { CheckCheck, Inbox, Search } from "lucide-react";
import { toast } from "sonner";
import { privacyApi } from "#domain/api/privacy";
import {
  type PrivacyRequestRow,
  type PrivacyRequestStatus,
  privacyRequestKindLabels,
  privacyRequestStatuses,
} from "#domain/privacy";
import { LoadingList } from "#web/components/layout/loading-list";
import { Pager } from "#web/components/layout/pager";
import { StatePanel } from "#web/components/layout/state-panel";
import { LoadFailed } from "#web/components/load-failed";
import { Badge } from "#web/components/ui/badge";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { SegmentedFilter } from "#web/components/ui/segmented-filter";
import { failureDetail } from "#web/lib/api-client";
import { formatDateTime } from "#web/lib/format-date-time";
import { useListAddress } from "#web/lib/list-address";
import { useContractMutation } from "#web/lib/query";
import { privacyRequestsQuery } from "./use-privacy-requests";

const statusLabels: Record<PrivacyRequestStatus, string> = {
  open: "Open",
  answered: "Answered",
};

const DAY_MS = 86_400_000;

/** "Due in 12 days", "Due today", "Overdue by 3 days": whole days, rounded toward the due date. */
function dueText(dueAt: string, now = Date.now()): { text: string; overdue: boolean } {
  const days = Math.ceil((new Date(dueAt).getTime() - now) / DAY_MS);
  if (days < 0) {
    const late = -days;
    return { text: `Overdue by ${late} day${late === 1 ? "" : "s"}`, overdue: true };
  }
  if (days === 0) return { text: "Due today", overdue: false };
  return { text: `Due in ${days} day${days === 1 ? "" : "s"}`, overdue: false };
}

function RequestRow({
  row,
  answering,
  onAnswer,
  onLookUp,
}: {
  row: PrivacyRequestRow;
  answering: boolean;
  onAnswer: (id: string) => void;
  onLookUp: (email: string) => void;
}) {
  const due = dueText(row.dueAt);
  return (
    <Card className="grid gap-2 p-4 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="grid gap-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold break-all">
          {row.email ?? "Address erased"}
          <Badge variant="outline">{privacyRequestKindLabels[row.kind]}</Badge>
          {row.lang === "es" ? <Badge variant="muted">Spanish</Badge> : null}
          {row.answeredAt ? null : (
            <Badge variant={due.overdue ? "destructive" : "secondary"}>{due.text}</Badge>
          )}
        </p>
        <p className="text-sm text-muted-foreground">
          Confirmed <time dateTime={row.confirmedAt}>{formatDateTime(row.confirmedAt)}</time>
          {" · "}due <time dateTime={row.dueAt}>{formatDateTime(row.dueAt)}</time>
          {row.answeredAt ? (
            <>
              {" · "}answered{" "}
              <time dateTime={row.answeredAt}>{formatDateTime(row.answeredAt)}</time>
              {row.answeredBy ? ` by ${row.answeredBy}` : ""}
            </>
          ) : null}
        </p>
      </div>
      {row.answeredAt ? null : (
        <div className="flex flex-wrap gap-2">
          {row.email ? (
            <Button variant="outline" className="min-h-11" onClick={() => onLookUp(row.email!)}>
              <Search aria-hidden="true" /> Look up
            </Button>
          ) : null}
          <Button className="min-h-11" disabled={answering} onClick={() => onAnswer(row.id)}>
            <CheckCheck aria-hidden="true" /> {answering ? "Marking..." : "Mark answered"}
          </Button>
        </div>
      )}
    </Card>
  );
}

/**
 * The renters' own requests, confirmed through the link e-mailed to them: open ones soonest due
 * first, each with its due date (45 days after the confirmation) and what is left of it, or the
 * answered ones, newest first. "Look up" fills the lookup below with the address; once the copy
 * is sent or the data erased, "Mark answered" closes the request.
 */
export function PrivacyRequestsList({ onLookUp }: { onLookUp: (email: string) => void }) {
  const address = useListAddress(["requests"]);
  const status: PrivacyRequestStatus =
    privacyRequestStatuses.find((s) => s === address.filters.requests) ?? "open";
  const list = useQuery({
    ...privacyRequestsQuery(status, address.cursor),
    placeholderData: keepPreviousData,
  });
  const answer = useContractMutation(
    privacyApi.answerRequest,
    (id: string) => ({ params: { id } }),
    {
      onSuccess: () => toast.success("The request is marked answered."),
      onError: (error) =>
        toast.error(`Could not mark the request answered. ${failureDetail(error)}`),
    },
  );
  const page = list.data;
  const loading = list.isPending || list.isPlaceholderData;

  return (
    <section aria-labelledby="privacy-requests-heading" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h3 id="privacy-requests-heading" className="text-lg font-semibold">
            Requests from the privacy page
          </h3>
          <p className="text-sm text-muted-foreground">
            {page
              ? `${page.open} open${page.overdue ? `, ${page.overdue} overdue` : ""}`
              : "Requests renters confirmed by the link we e-mailed them"}
          </p>
        </div>
        <SegmentedFilter
          options={privacyRequestStatuses}
          labels={statusLabels}
          value={status}
          onChange={(next) => address.setFilter("requests", next === "open" ? undefined : next)}
        />
      </div>
      {list.isError ? (
        <LoadFailed title="Could not load the privacy requests." query={list} />
      ) : loading ? (
        <LoadingList label="Loading privacy requests..." lines={["h-5 w-2/3", "h-4 w-1/3"]} />
      ) : !page || page.items.length === 0 ? (
        <StatePanel
          icon={Inbox}
          headingLevel={4}
          title={status === "open" ? "No open requests" : "No answered requests yet"}
          message={
            status === "open"
              ? "A request a renter sends from the privacy page appears here once they confirm it."
              : "Requests marked answered appear here for two years."
          }
        />
      ) : (
        <ul aria-label="Privacy requests" className="grid gap-3">
          {page.items.map((row) => (
            <li key={row.id}>
              <RequestRow
                row={row}
                answering={answer.isPending && answer.variables === row.id}
                onAnswer={(id) => answer.mutate(id)}
                onLookUp={onLookUp}
              />
            </li>
          ))}
        </ul>
      )}
      <Pager
        label="Privacy request pages"
        nextCursor={loading ? null : page?.nextCursor}
        isFirstPage={!address.cursor}
        onNextPage={address.nextPage}
        onFirstPage={address.firstPage}
      />
    </section>
  );
}
