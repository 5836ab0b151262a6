import { useQuery } from "@tanstack/react-query";
import { CalendarDays } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { LoadFailed } from "#web/components/load-failed";
import { Badge } from "#web/components/ui/badge";
import { Card } from "#web/components/ui/card";
import { Skeleton } from "#web/components/ui/skeleton";
import { officeTimeText, showingStatusLabels } from "../showings/showing-words";
import { showingsQuery } from "../showings/use-showings";

/** The most of today's showings the Overview lists; the Showings tab has the rest. */
const SHOWN = 5;

/**
 * The Overview's showings of today (Connecticut time), soonest first, held ones only (requested
 * or booked, and those already marked), with how many requests wait for confirmation. The same
 * query as the Showings tab's badge: one read for both.
 */
export function TodaysShowingsCard() {
  const titleId = useId();
  const today = useQuery(showingsQuery({ days: 1 }));
  const shown = (today.data?.showings ?? []).filter(
    (s) => s.status !== "cancelled" && s.status !== "released",
  );
  return (
    <Card className="p-5">
      <section aria-labelledby={titleId} aria-busy={today.isPending || undefined}>
        <div className="flex items-center justify-between gap-3">
          <h3 id={titleId} className="text-lg font-semibold">
            Today's showings
          </h3>
          <CalendarDays aria-hidden="true" className="size-5 text-primary" />
        </div>
        {today.isError ? (
          <LoadFailed variant="banner" title="Could not load today's showings." query={today} />
        ) : today.isPending ? (
          <Skeleton className="mt-3 h-5 w-2/3" />
        ) : (
          <>
            <p className="mt-1 text-sm text-muted-foreground">
              {shown.length === 0 ? "No showings today." : `${shown.length} today`}
              {today.data.requested
                ? ` · ${today.data.requested} ${today.data.requested === 1 ? "request" : "requests"} to confirm`
                : ""}
            </p>
            {shown.length ? (
              <ul aria-labelledby={titleId} className="mt-3 grid gap-2">
                {shown.slice(0, SHOWN).map((showing) => (
                  <li key={showing.id} className="flex flex-wrap items-center gap-2 text-sm">
                    <time dateTime={showing.start} className="font-semibold tabular-nums">
                      {officeTimeText(showing.start)}
                    </time>
                    <span className="break-words">
                      {showing.unit.building}, Unit {showing.unit.number}: {showing.name}
                    </span>
                    <Badge variant="outline">{showingStatusLabels[showing.status]}</Badge>
                  </li>
                ))}
              </ul>
            ) : null}
            <Link
              to="?tab=showings"
              className="mt-3 inline-block min-h-11 py-2 text-sm font-semibold text-primary underline"
            >
              Open Showings
            </Link>
          </>
        )}
      </section>
    </Card>
  );
}
