import { MailCheck, RotateCcw } from "lucide-react";
import {
  type MailKindName,
  type MailStatus,
  mailKindLabels,
  mailStatuses,
  mailStatusLabels,
  type OutgoingMessage,
  outgoingMailMessages,
} from "#domain/outgoing-mail";
import { LoadingList } from "#web/components/layout/loading-list";
import { Pager } from "#web/components/layout/pager";
import { StatePanel } from "#web/components/layout/state-panel";
import { LoadFailed } from "#web/components/load-failed";
import { Badge, type BadgeProps } from "#web/components/ui/badge";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { SegmentedFilter } from "#web/components/ui/segmented-filter";
import { formatDateTime } from "#web/lib/format-date-time";
import { useListAddress } from "#web/lib/list-address";
import { type MailFilter, useOutgoingMail, useRetryMail } from "./use-outgoing-mail";

const filters: readonly MailFilter[] = ["all", ...mailStatuses];
const filterLabels: Record<MailFilter, string> = { all: "All", ...mailStatusLabels };

const statusVariant: Record<MailStatus, BadgeProps["variant"]> = {
  queued: "featured",
  sent: "success",
  failed: "destructive",
};

const kindLabel = (kind: string) => mailKindLabels[kind as MailKindName] ?? kind;

function When({ message }: { message: OutgoingMessage }) {
  const line = (label: string, iso: string) => (
    <>
      {label} <time dateTime={iso}>{formatDateTime(iso)}</time>
    </>
  );
  if (message.status === "sent" && message.sentAt) return line("Sent on", message.sentAt);
  if (message.status === "failed" && message.failedAt) return line("Failed on", message.failedAt);
  return line("Queued on", message.createdAt);
}

function MessageRow({
  message,
  retrying,
  onRetry,
}: {
  message: OutgoingMessage;
  retrying: boolean;
  onRetry: (id: string) => void;
}) {
  const tries = `${message.attempts} ${message.attempts === 1 ? "try" : "tries"}`;
  return (
    <Card className="grid gap-2 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 break-words font-semibold">{message.subject}</h3>
        <Badge variant={statusVariant[message.status]}>{mailStatusLabels[message.status]}</Badge>
      </div>
      <p className="break-all text-sm">{`To ${message.to}`}</p>
      <p className="flex flex-wrap gap-x-3 text-sm text-muted-foreground">
        <span>{kindLabel(message.kind)}</span>
        <span>
          <When message={message} />
        </span>
        {message.attempts > 0 ? <span>{tries}</span> : null}
      </p>
      {message.lastError && message.status !== "sent" ? (
        <p className="break-words rounded-md bg-muted p-2 text-sm">
          <span className="font-medium">
            {message.status === "failed" ? "Why it failed: " : "Last try failed: "}
          </span>
          {message.lastError}
        </p>
      ) : null}
      {message.retryable ? (
        <div>
          <Button
            variant="outline"
            size="sm"
            className="min-h-11"
            disabled={retrying}
            onClick={() => onRetry(message.id)}
          >
            <RotateCcw aria-hidden="true" />
            {retrying ? "Retrying…" : "Retry"}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

/**
 * The dashboard's Outgoing mail tab: every e-mail the app queued (inquiry notices, codes, reset
 * links, document requests), newest first. A message waits while the mail server is down and is
 * retried on its own; one that failed for good says why, and Retry sends it again.
 */
export function OutgoingMailTab() {
  // The filter and the page live in the address (shareable, Back works).
  const address = useListAddress(["status"]);
  const filter: MailFilter = mailStatuses.find((s) => s === address.filters.status) ?? "all";
  const list = useOutgoingMail(filter, address.cursor);
  const retry = useRetryMail();
  const answer = list.data;
  const loading = list.isPending || list.isPlaceholderData;
  const counts = answer?.counts;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="text-xl font-bold">Outgoing mail</h2>
          <p className="text-sm text-muted-foreground">
            {counts
              ? `${counts.queued} queued, ${counts.sent} sent, ${counts.failed} failed`
              : "E-mail the site sends, and whether it went"}
          </p>
        </div>
        <SegmentedFilter
          options={filters}
          labels={filterLabels}
          value={filter}
          onChange={(next) => address.setFilter("status", next === "all" ? undefined : next)}
        />
      </div>
      {list.isError ? (
        <LoadFailed title={outgoingMailMessages.loadFailed} query={list} />
      ) : loading ? (
        <LoadingList label="Loading outgoing mail..." lines={["h-5 w-2/3", "h-4 w-1/3"]} />
      ) : !answer || answer.messages.length === 0 ? (
        <StatePanel
          icon={MailCheck}
          title={filter === "all" ? outgoingMailMessages.empty : outgoingMailMessages.emptyFiltered}
          message={
            filter === "all"
              ? "Inquiry notices, verification codes, reset links and document requests appear here."
              : "Choose another filter above to see the others."
          }
        />
      ) : (
        <ul aria-label="Outgoing mail" className="grid gap-4">
          {answer.messages.map((message) => (
            <li key={message.id}>
              <MessageRow
                message={message}
                retrying={retry.isPending && retry.variables === message.id}
                onRetry={(id) => retry.mutate(id)}
              />
            </li>
          ))}
        </ul>
      )}
      <Pager
        label="Outgoing mail pages"
        nextCursor={loading ? null : answer?.nextCursor}
        isFirstPage={!address.cursor}
        onNextPage={address.nextPage}
        onFirstPage={address.firstPage}
      />
    </div>
  );
}
