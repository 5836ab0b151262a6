import { BellRing } from "lucide-react";
import { useId } from "react";
import { type AlertSummary, adminAlertsMessages, renters } from "#domain/admin-alerts";
import { LoadFailed } from "#web/components/load-failed";
import { Card } from "#web/components/ui/card";
import { Skeleton } from "#web/components/ui/skeleton";
import { failureDetail } from "#web/lib/api-client";
import { SubscribersDialog } from "./subscribers-dialog";
import { useAlertSummary } from "./use-listing-alerts";

/** "up to $1,500" starts a line as "Up to $1,500". */
const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "5 as soon as one opens, 2 daily summaries · 1 paused · 3 awaiting confirmation". */
function breakdown(summary: AlertSummary) {
  const { instant, daily } = summary.byFrequency;
  return [
    `${instant} as soon as one opens, ${daily} ${daily === 1 ? "daily summary" : "daily summaries"}`,
    `${summary.paused} paused`,
    `${summary.awaitingConfirmation} awaiting confirmation`,
  ].join(" · ");
}

function Figures({ summary }: { summary: AlertSummary }) {
  const listId = useId();
  return (
    <>
      <p className="mt-2 text-2xl font-bold tabular-nums sm:text-3xl">{summary.active}</p>
      <p className="mt-1 text-sm text-muted-foreground">
        {`${summary.active === 1 ? "active alert" : "active alerts"} from ${renters(summary.renters)}`}
      </p>
      <p className="mt-1 text-sm text-muted-foreground">{breakdown(summary)}</p>
      {summary.topCriteria.length > 0 ? (
        <>
          <h4 id={listId} className="mt-4 text-sm font-semibold">
            Most wanted
          </h4>
          <ol aria-labelledby={listId} className="mt-2 grid gap-1.5">
            {summary.topCriteria.map((group) => (
              <li key={group.words} className="break-words">
                {`${sentenceCase(group.words)}: ${renters(group.renters)}`}
              </li>
            ))}
          </ol>
        </>
      ) : null}
      <SubscribersDialog />
    </>
  );
}

/**
 * The Overview's listing alerts: how many renters wait to hear of a home, and what they want
 * most (identical criteria grouped, most renters first), so the office sees what to list or
 * price next. Subscribers opens the list with their addresses, loaded only then.
 */
export function ListingAlertsCard() {
  const titleId = useId();
  const summary = useAlertSummary();
  const data = summary.data;
  const loading = summary.isPending;
  const nobody = data && data.active + data.paused + data.awaitingConfirmation === 0;

  return (
    <Card className="p-5">
      <section aria-labelledby={titleId} aria-busy={loading || undefined}>
        <div className="flex items-center justify-between gap-3">
          <h3 id={titleId} className="text-lg font-semibold">
            Listing alerts
          </h3>
          <BellRing aria-hidden="true" className="size-5 text-primary" />
        </div>
        {summary.isError ? (
          <LoadFailed
            variant="banner"
            // The sentence ends with its own full stop; most details already end with one.
            title={adminAlertsMessages.summaryFailed(
              failureDetail(summary.error).replace(/\.$/, ""),
            )}
            message=""
            query={summary}
            retryLabel="Retry"
          />
        ) : loading ? (
          <>
            <p role="status" className="sr-only">
              Loading listing alerts...
            </p>
            <Skeleton className="mt-3 h-8 w-20" />
            <Skeleton className="mt-2 h-4 w-48" />
            <Skeleton className="mt-4 h-4 w-2/3" />
          </>
        ) : nobody ? (
          <p className="mt-3 text-muted-foreground">{adminAlertsMessages.noAlerts}</p>
        ) : data ? (
          <Figures summary={data} />
        ) : null}
      </section>
    </Card>
  );
}
